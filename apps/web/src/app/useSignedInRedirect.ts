import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useSession } from '../stores/session'
import { landingPath, safeRedirect } from './guard'

/**
 * Leaves a sign-in page for the redirect target, or the user's landing page (the desk for an
 * agent, /home for everyone else). Rendered synchronously so the guard never sees the sign-in
 * page with a token (it would send the user to / instead). The roles are read when leaving: the
 * sign-in has just put them into the session.
 */
export function useSignedInRedirect(): () => void {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirect = params.get('redirect')
  return useCallback(() => {
    const fallback = landingPath(useSession.getState().roles)
    void navigate(safeRedirect(redirect, fallback), { replace: true, flushSync: true })
  }, [navigate, redirect])
}

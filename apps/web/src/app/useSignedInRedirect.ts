import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { safeRedirect } from './guard'

/**
 * Leaves a sign-in page for the redirect target (or /home). Rendered synchronously so the guard
 * never sees the sign-in page with a token (it would send the user to / instead).
 */
export function useSignedInRedirect(): () => void {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirect = params.get('redirect')
  return useCallback(() => {
    void navigate(safeRedirect(redirect), { replace: true, flushSync: true })
  }, [navigate, redirect])
}

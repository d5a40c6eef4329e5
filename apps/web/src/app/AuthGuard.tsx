import { DUPLICATE_WINDOW_MS } from '@app/core'
import type { ReactNode } from 'react'
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import { ApiError, isDuplicateRequest } from '../api/request'
import { useSession } from '../stores/session'
import { feedback } from './feedback'
import { decideNavigation } from './guard'
import { PageLoading } from './PageLoading'
import { knownPaths, normalizePath } from './routeAccess'
import { layoutRoutes, publicRoutes } from './routes'
import { clearSession, loadProfile, profileFailureText } from './session'

const KNOWN_PATHS = knownPaths(publicRoutes, layoutRoutes)
// antd's Result carries its illustrations: kept off the first load, which rarely needs it
const NetworkRetry = lazy(() => import('./NetworkRetry'))

/** Applies the navigation guard, roles included, to every navigation. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation()
  const token = useSession((s) => s.token)
  // the roles arriving (the profile loaded) reveal the whole signed-in app: that first draw is a
  // transition React renders in slices, not one long task
  const roles = useDeferredValue(useSession((s) => s.roles))
  const known = KNOWN_PATHS.has(normalizePath(pathname))
  const decision = decideNavigation({
    pathname,
    search,
    hasToken: !!token,
    roles,
    known,
    routes: layoutRoutes,
  })
  const mustLoad = decision.kind === 'loadProfile'
  // the profile could not be asked for at all (network down, or the page is being left): the
  // sign-in is still good, so keep it and offer to try again
  const [unreachable, setUnreachable] = useState(0)
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry
  useEffect(() => {
    if (!mustLoad) return
    let active = true
    setUnreachable(0)
    loadProfile().catch((error: unknown) => {
      if (!active) return
      // dropped as a repeat of a load a moment ago: ask again once the guard's window has passed
      if (isDuplicateRequest(error)) {
        setTimeout(() => active && setAttempt((n) => n + 1), DUPLICATE_WINDOW_MS + 50)
        return
      }
      if (error instanceof ApiError && error.code === -1) {
        setUnreachable(Date.now())
        return
      }
      feedback().message.error({ content: profileFailureText(error) })
      // Without a token this same guard sends the user to the login page, this path as redirect.
      clearSession()
    })
    return () => {
      active = false
    }
  }, [mustLoad, attempt])

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />
  if (mustLoad && unreachable)
    return (
      <Suspense fallback={<PageLoading fullScreen />}>
        <NetworkRetry onRetry={() => setAttempt((n) => n + 1)} />
      </Suspense>
    )
  if (mustLoad) return <PageLoading fullScreen />
  return children
}

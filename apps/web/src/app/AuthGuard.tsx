import type { ReactNode } from 'react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { NoRolesError, useSession } from '../stores/session'
import { feedback } from './feedback'
import { decideNavigation } from './guard'
import { PageLoading } from './PageLoading'
import { knownPaths, normalizePath } from './routeAccess'
import { layoutRoutes, publicRoutes } from './routes'
import { clearSession, loadProfile } from './session'

const KNOWN_PATHS = knownPaths(publicRoutes, layoutRoutes)

/** Applies the navigation guard (spec §2) to every navigation. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation()
  const { t } = useTranslation()
  const token = useSession((s) => s.token)
  const rolesLoaded = useSession((s) => s.roles.length > 0)
  const known = KNOWN_PATHS.has(normalizePath(pathname))
  const decision = decideNavigation({ pathname, search, hasToken: !!token, rolesLoaded, known })
  const mustLoad = decision.kind === 'loadProfile'

  useEffect(() => {
    if (!mustLoad) return
    let active = true
    loadProfile().catch((error: unknown) => {
      if (!active) return
      const text = error instanceof NoRolesError ? t('auth.noRoles') : t('auth.expired')
      feedback().message.error({ content: text })
      // Without a token this same guard sends the user to the login page, this path as redirect.
      clearSession()
    })
    return () => {
      active = false
    }
  }, [mustLoad, t])

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />
  if (mustLoad) return <PageLoading fullScreen />
  return children
}

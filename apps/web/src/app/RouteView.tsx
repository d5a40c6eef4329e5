import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { useTenantDisplay } from '../api/tenantSettings'
import { DESK_TEXT_PATHS, SHELL_TEXT_PATHS } from '../i18n'
import { useSession } from '../stores/session'
import { FullText } from './FullText'
import { PageLoading } from './PageLoading'
import { type AppRoute, canOpenPath, leafRoutes } from './routeAccess'
import { RouteMetaContext } from './routeMeta'
import { layoutRoutes } from './routes'

/** Sets the document title from the route's title and the product title (the tenant's page title when set). */
function useDocumentTitle(titleKey: string) {
  const { t } = useTranslation()
  const pageTitle = useTenantDisplay()?.pageTitle
  useEffect(() => {
    document.title = `${t(titleKey)} - ${pageTitle || t('common.appTitle')}`
  }, [t, titleKey, pageTitle])
}

/**
 * Renders one route of the table: a user without one of its roles (or of its group's) gets the
 * 404 page, as if the route were not there (routes are built from the roles). The guard
 * decides the same before; this keeps a page closed however it is reached.
 */
export function RouteView({ route, checkRoles = true }: { route: AppRoute; checkRoles?: boolean }) {
  const roles = useSession((s) => s.roles)
  useDocumentTitle(route.titleKey)
  if (checkRoles && !canOpenPath(layoutRoutes, route.path, roles)) return <Navigate to="/404" replace />
  const Page = route.component
  if (!Page) return <Navigate to="/404" replace />
  return (
    <RouteMetaContext.Provider value={route}>
      <Suspense fallback={<PageLoading />}>
        {SHELL_TEXT_PATHS.includes(route.path) ? (
          <Page />
        ) : (
          <FullText part={DESK_TEXT_PATHS.includes(route.path) ? 'desk' : 'all'}>
            <Page />
          </FullText>
        )}
      </Suspense>
    </RouteMetaContext.Provider>
  )
}

/** A group path (/accountManage) opens its first child the user may open. */
export function GroupRedirect({ route }: { route: AppRoute }) {
  const roles = useSession((s) => s.roles)
  const first = leafRoutes(route.children ?? []).find((r) => canOpenPath(layoutRoutes, r.path, roles))
  return <Navigate to={first ? first.path : '/404'} replace />
}

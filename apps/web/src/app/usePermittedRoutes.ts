import { useMemo } from 'react'
import { useSession } from '../stores/session'
import { type AppRoute, filterRoutesByRoles } from './routeAccess'
import { layoutRoutes } from './routes'

/** The layout routes the signed-in user may open (menu, breadcrumb, home shortcuts). */
export function usePermittedRoutes(): AppRoute[] {
  const roles = useSession((s) => s.roles)
  return useMemo(() => filterRoutesByRoles(layoutRoutes, roles), [roles])
}

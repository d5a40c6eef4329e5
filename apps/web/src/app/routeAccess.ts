import type { RoleId } from '@app/core'
import type { ComponentType, LazyExoticComponent } from 'react'
import type { RouteIconName } from './routeIcons'

/** One entry of the route table (src/app/routes.tsx). Paths are absolute. */
export interface AppRoute {
  path: string
  /** i18n key of the title shown in menu, breadcrumb and document title. */
  titleKey: string
  /** Name of an icon of ./routeIcons. */
  icon?: RouteIconName
  /** Who may open it; no roles means every signed-in user. */
  roles?: readonly RoleId[]
  /** Reachable but left out of the menu. */
  hidden?: boolean
  /** Leaf routes render a page; groups only hold children. */
  component?: LazyExoticComponent<ComponentType>
  children?: AppRoute[]
}

/** Public paths of spec §2: open without a token. */
const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/adminLogin',
  '/s',
  '/s2',
  // a counter's read-only share page
  '/counterShare',
  '/apiInterfaceCodeShare',
  '/apiInterfaceChatHistoryShare',
  '/404',
  // the simulated phone of demo mode (the page explains itself when the server has no simulator)
  '/sim',
]

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATHS.includes(normalizePath(pathname))

/** '/home/' and '/home' are the same route. */
export const normalizePath = (pathname: string): string =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname

export const canOpen = (route: Pick<AppRoute, 'roles'>, roles: readonly RoleId[]): boolean =>
  !route.roles || route.roles.length === 0 || route.roles.some((r) => roles.includes(r))

/**
 * Whether a user holding `roles` may open `pathname` of `routes`: a page inherits the roles of
 * every group above it, so the user needs the group's and the page's (as the menu shows it). A
 * path that is not in `routes` (a public page, '/') is not restricted here.
 */
export const canOpenPath = (
  routes: readonly AppRoute[],
  pathname: string,
  roles: readonly RoleId[],
): boolean => findRouteChain(routes, pathname).every((route) => canOpen(route, roles))

/**
 * The routes a user holding `roles` may open. A group survives only if the user may open it
 * and at least one of its children; the input is never changed.
 */
export function filterRoutesByRoles<R extends Pick<AppRoute, 'roles'> & { children?: R[] }>(
  routes: readonly R[],
  roles: readonly RoleId[],
): R[] {
  return routes.flatMap((route) => {
    if (!canOpen(route, roles)) return []
    if (!route.children) return [route]
    const children = filterRoutesByRoles(route.children, roles)
    return children.length > 0 ? [{ ...route, children }] : []
  })
}

/** Leaf routes (pages), depth first. */
export function leafRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => (r.children ? leafRoutes(r.children) : [r]))
}

/** The chain from a top-level entry down to the route whose path is `pathname`. */
export function findRouteChain(routes: readonly AppRoute[], pathname: string): AppRoute[] {
  const path = normalizePath(pathname)
  for (const route of routes) {
    if (route.path === path) return [route]
    if (route.children) {
      const chain = findRouteChain(route.children, path)
      if (chain.length > 0) return [route, ...chain]
    }
  }
  return []
}

/** Entries shown in the menu: hidden routes and groups left without visible children are dropped. */
export function menuRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => {
    if (route.hidden) return []
    if (!route.children) return [route]
    const children = menuRoutes(route.children)
    return children.length > 0 ? [{ ...route, children }] : []
  })
}

/** Every path of the tables (groups included), plus '/'. */
export function knownPaths(...tables: readonly AppRoute[][]): Set<string> {
  const all = new Set<string>(['/'])
  const walk = (routes: readonly AppRoute[]) => {
    for (const r of routes) {
      all.add(r.path)
      if (r.children) walk(r.children)
    }
  }
  for (const t of tables) walk(t)
  return all
}

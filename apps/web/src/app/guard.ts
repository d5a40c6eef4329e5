import { Role, type RoleId } from '@app/core'
import { type AppRoute, canOpenPath, isPublicPath, normalizePath } from './routeAccess'
import { DESK_ENTRY } from './routes'

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loadProfile' }

export interface GuardInput {
  pathname: string
  search: string
  hasToken: boolean
  /** the signed-in user's roles; none until the profile is loaded */
  roles: readonly RoleId[]
  /** Whether the path is in the route table; unknown paths go to /404, token or not. */
  known: boolean
  /** the signed-in pages, whose roles (a group's included) decide who opens them */
  routes: readonly AppRoute[]
}

/** The login URL that brings the user back to `pathWithQuery` after signing in. */
export const loginRedirect = (pathWithQuery: string): string =>
  `/login?redirect=${encodeURIComponent(pathWithQuery)}`

/**
 * The navigation guard, as a pure decision: a signed-in user opening /login goes to /;
 * a path that is no route goes to /404; without a token every other non-public path goes to the
 * login page with the path as redirect; with a token but no roles yet the profile is loaded first;
 * a page the user's roles do not open (its own or its group's) goes to /404, as if it were not
 * there (routes are built from the roles).
 */
export function decideNavigation({
  pathname,
  search,
  hasToken,
  roles,
  known,
  routes,
}: GuardInput): GuardDecision {
  const path = normalizePath(pathname)
  if (hasToken && path === '/login') return { kind: 'redirect', to: '/' }
  if (!known) return { kind: 'redirect', to: '/404' }
  if (isPublicPath(path)) return { kind: 'allow' }
  if (!hasToken) return { kind: 'redirect', to: loginRedirect(`${pathname}${search}`) }
  if (roles.length === 0) return { kind: 'loadProfile' }
  if (!canOpenPath(routes, path, roles)) return { kind: 'redirect', to: '/404' }
  return { kind: 'allow' }
}

/** The console's home page: where everyone but an agent lands. */
const HOME_PATH = '/home'

/**
 * Where a signed-in user lands when no page was asked for: an agent (customerUser) works at the
 * desk, so goes straight there; anyone who is also a supervisor, and every other role, lands on
 * the home page.
 */
export function landingPath(roles: readonly RoleId[]): string {
  const agentOnly = roles.includes(Role.customerUser) && !roles.includes(Role.customerMaster)
  return agentOnly ? DESK_ENTRY : HOME_PATH
}

/**
 * Where to go after signing in: the redirect parameter when it is a path of this site, else
 * `fallback` (the user's landing page). A full URL or a protocol-relative one is refused so a
 * link cannot send users away.
 */
export function safeRedirect(redirect: string | null | undefined, fallback: string = HOME_PATH): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return fallback
  const path = redirect.split(/[?#]/)[0] ?? ''
  return normalizePath(path) === '/login' || normalizePath(path) === '/adminLogin' ? fallback : redirect
}

import { isPublicPath, normalizePath } from './routeAccess'

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loadProfile' }

export interface GuardInput {
  pathname: string
  search: string
  hasToken: boolean
  rolesLoaded: boolean
  /** Whether the path is in the route table; unknown paths go to /404, token or not. */
  known: boolean
}

/** The login URL that brings the user back to `pathWithQuery` after signing in. */
export const loginRedirect = (pathWithQuery: string): string =>
  `/login?redirect=${encodeURIComponent(pathWithQuery)}`

/**
 * Navigation guard of spec §2, as a pure decision: a signed-in user opening /login goes to /;
 * a path that is no route goes to /404; without a token every other non-public path goes to the
 * login page with the path as redirect; with a token but no roles yet the profile is loaded first.
 */
export function decideNavigation({
  pathname,
  search,
  hasToken,
  rolesLoaded,
  known,
}: GuardInput): GuardDecision {
  const path = normalizePath(pathname)
  if (hasToken && path === '/login') return { kind: 'redirect', to: '/' }
  if (!known) return { kind: 'redirect', to: '/404' }
  if (isPublicPath(path)) return { kind: 'allow' }
  if (!hasToken) return { kind: 'redirect', to: loginRedirect(`${pathname}${search}`) }
  if (!rolesLoaded) return { kind: 'loadProfile' }
  return { kind: 'allow' }
}

/**
 * Where to go after signing in: the redirect parameter when it is a path of this site, else
 * /home. A full URL or a protocol-relative one is refused so a link cannot send users away.
 */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/home'
  const path = redirect.split(/[?#]/)[0] ?? ''
  return normalizePath(path) === '/login' || normalizePath(path) === '/adminLogin' ? '/home' : redirect
}

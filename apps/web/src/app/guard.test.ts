import { Role, type RoleId } from '@app/core'
import { describe, expect, it } from 'vitest'
import { decideNavigation, landingPath, safeRedirect } from './guard'
import type { AppRoute } from './routeAccess'

const routes: AppRoute[] = [
  { path: '/home', titleKey: 'home' },
  {
    path: '/accounts',
    titleKey: 'accounts',
    roles: [Role.customerMaster],
    children: [{ path: '/accounts/index', titleKey: 'accounts.index' }],
  },
]

const at = (pathname: string, search = '', hasToken = false, rolesLoaded = false, known = true) =>
  decideNavigation({
    pathname,
    search,
    hasToken,
    roles: rolesLoaded ? [Role.customerMaster] : [],
    known,
    routes,
  })

describe('decideNavigation (spec §2 navigation guard)', () => {
  it('sends a signed-in user away from /login to /', () => {
    expect(at('/login', '', true, true)).toEqual({ kind: 'redirect', to: '/' })
    expect(at('/login', '?redirect=%2Fhome', true, false)).toEqual({ kind: 'redirect', to: '/' })
  })

  it('lets public paths through without a token', () => {
    for (const p of [
      '/login',
      '/adminLogin',
      '/s',
      '/s2',
      '/apiInterfaceCodeShare',
      '/apiInterfaceChatHistoryShare',
      '/404',
    ]) {
      expect(at(p)).toEqual({ kind: 'allow' })
    }
  })

  it('sends other paths to the login page with path and query as redirect', () => {
    expect(at('/announcementManage/index', '?page=2&q=a b')).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/announcementManage/index?page=2&q=a b')}`,
    })
  })

  it('sends a path that is no route to /404, signed in or not', () => {
    expect(at('/nope', '', false, false, false)).toEqual({ kind: 'redirect', to: '/404' })
    expect(at('/nope', '', true, true, false)).toEqual({ kind: 'redirect', to: '/404' })
  })

  it('asks for the profile when a token has no roles yet, then allows', () => {
    expect(at('/home', '', true, false)).toEqual({ kind: 'loadProfile' })
    expect(at('/home', '', true, true)).toEqual({ kind: 'allow' })
  })

  it("sends a page of a group the user's roles do not open to /404, however it is typed", () => {
    const as = (roles: RoleId[], pathname: string) =>
      decideNavigation({ pathname, search: '', hasToken: true, roles, known: true, routes })
    expect(as([Role.customerUser], '/accounts/index')).toEqual({ kind: 'redirect', to: '/404' })
    expect(as([Role.customerUser], '/accounts/index/')).toEqual({ kind: 'redirect', to: '/404' })
    expect(as([Role.customerUser], '/accounts')).toEqual({ kind: 'redirect', to: '/404' })
    expect(as([Role.customerMaster], '/accounts/index')).toEqual({ kind: 'allow' })
    expect(as([Role.customerUser, Role.customerMaster], '/accounts/index')).toEqual({ kind: 'allow' })
    expect(as([Role.customerUser], '/home')).toEqual({ kind: 'allow' })
  })
})

describe('safeRedirect', () => {
  it('keeps in-site paths with their query', () => {
    expect(safeRedirect('/fansManage/list?x=1')).toBe('/fansManage/list?x=1')
  })

  it('falls back to /home for nothing, other sites or the login pages', () => {
    for (const v of [
      null,
      '',
      'https://evil.test',
      '//evil.test',
      '/\\evil.test',
      '/login',
      '/adminLogin?x=1',
    ]) {
      expect(safeRedirect(v)).toBe('/home')
    }
  })
})

describe('landingPath', () => {
  it('sends an agent to the desk', () => {
    expect(landingPath([Role.customerUser])).toBe('/customerServiceDesk/deskSession')
  })

  it('keeps the supervisor, an agent who is also supervisor, and other roles on the home page', () => {
    expect(landingPath([Role.customerMaster])).toBe('/home')
    expect(landingPath([Role.customerUser, Role.customerMaster])).toBe('/home')
    expect(landingPath([Role.customerUserLeader])).toBe('/home')
    expect(landingPath([Role.admin])).toBe('/home')
  })

  it('is the fallback of a missing or refused redirect', () => {
    const desk = landingPath([Role.customerUser])
    expect(safeRedirect(null, desk)).toBe(desk)
    expect(safeRedirect('https://evil.test', desk)).toBe(desk)
    expect(safeRedirect('/login', desk)).toBe(desk)
    expect(safeRedirect('/fansManage/list', desk)).toBe('/fansManage/list')
  })
})

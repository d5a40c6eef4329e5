import { Role, type RoleId } from '@app/core'
import { describe, expect, it } from 'vitest'
import {
  type AppRoute,
  filterRoutesByRoles,
  findRouteChain,
  isPublicPath,
  leafRoutes,
  menuRoutes,
} from './routeAccess'

const r = (path: string, roles?: RoleId[], children?: AppRoute[], hidden?: boolean): AppRoute => ({
  path,
  titleKey: path,
  roles,
  children,
  hidden,
})

const table: AppRoute[] = [
  r('/home'),
  r('/stats', [Role.customerMaster]),
  r('/accounts', [Role.customerMaster], [r('/accounts/index'), r('/accounts/group', [Role.admin])]),
  r('/history', [Role.customerMaster, Role.customerUserLeader]),
  r('/admin', undefined, [r('/admin/a', [Role.admin]), r('/admin/b', [Role.admin])]),
  r('/desk', [Role.customerMaster, Role.customerUser], [r('/desk/s', undefined, undefined, true)], true),
]

const paths = (routes: AppRoute[]) => leafRoutes(routes).map((x) => x.path)

describe('filterRoutesByRoles', () => {
  it('keeps routes without roles for everyone signed in', () => {
    expect(paths(filterRoutesByRoles(table, [Role.operations]))).toEqual(['/home'])
  })

  it('keeps a route when the user holds any of its roles', () => {
    expect(paths(filterRoutesByRoles(table, [Role.customerUserLeader]))).toEqual(['/home', '/history'])
    expect(paths(filterRoutesByRoles(table, [Role.customerMaster]))).toEqual([
      '/home',
      '/stats',
      '/accounts/index',
      '/history',
      '/desk/s',
    ])
  })

  it('needs the group and the child to be open; drops groups left empty', () => {
    const master = filterRoutesByRoles(table, [Role.customerMaster])
    expect(master.find((x) => x.path === '/accounts')?.children?.map((c) => c.path)).toEqual([
      '/accounts/index',
    ])
    expect(master.some((x) => x.path === '/admin')).toBe(false)
    expect(paths(filterRoutesByRoles(table, [Role.admin]))).toEqual(['/home', '/admin/a', '/admin/b'])
  })

  it('combines several roles and leaves the input untouched', () => {
    const before = JSON.stringify(table)
    expect(paths(filterRoutesByRoles(table, [Role.admin, Role.customerMaster]))).toContain('/accounts/group')
    expect(JSON.stringify(table)).toBe(before)
  })

  it('gives only open routes to a user with no roles', () => {
    expect(paths(filterRoutesByRoles(table, []))).toEqual(['/home'])
  })
})

describe('menu helpers', () => {
  it('menuRoutes drops hidden entries and emptied groups', () => {
    const menu = menuRoutes(filterRoutesByRoles(table, [Role.customerUser]))
    expect(menu.map((x) => x.path)).toEqual(['/home'])
  })

  it('findRouteChain gives group then page, ignoring a trailing slash', () => {
    expect(findRouteChain(table, '/accounts/index/').map((x) => x.path)).toEqual([
      '/accounts',
      '/accounts/index',
    ])
    expect(findRouteChain(table, '/nope')).toEqual([])
  })

  it('knows the public paths of the spec', () => {
    for (const p of [
      '/login',
      '/adminLogin',
      '/s',
      '/s2',
      '/apiInterfaceCodeShare',
      '/apiInterfaceChatHistoryShare',
      '/404',
    ]) {
      expect(isPublicPath(p)).toBe(true)
    }
    expect(isPublicPath('/home')).toBe(false)
  })
})

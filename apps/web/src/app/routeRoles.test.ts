import { ROLE_IDS, type RoleId, roleName } from '@app/core'
import { describe, expect, it } from 'vitest'
import { decideNavigation } from './guard'
import { type AppRoute, knownPaths } from './routeAccess'
import { layoutRoutes, publicRoutes } from './routes'

/*
 * Who may open each signed-in path, written out from the spec's route lists (not from the route
 * table): 1 admin, 2 operations, 3 business, 4 customerMaster, 5 customerUser, 6 customerUserLeader.
 */
const ALL: RoleId[] = [1, 2, 3, 4, 5, 6]
const MASTER: RoleId[] = [4]
const ADMIN: RoleId[] = [1]
const OPERATIONS: RoleId[] = [2]
const SALES: RoleId[] = [2, 3]
const DESK: RoleId[] = [4, 5]

const area = (roles: RoleId[], ...paths: string[]) => paths.map((p) => [p, roles] as const)
const group = (roles: RoleId[], base: string, ...pages: string[]) =>
  area(roles, base, ...pages.map((p) => `${base}/${p}`))

const SPEC: Record<string, RoleId[]> = Object.fromEntries([
  ...area(ALL, '/home'),
  ...area(MASTER, '/dataStatistics', '/sessionConsole'),
  ...group(MASTER, '/accountManage', 'index', 'group', 'import', 'customerAcquisitionStatistics'),
  ...group(MASTER, '/customerServiceManage', 'list', 'group'),
  ...group(MASTER, '/fansManage', 'list', 'fanInheritance', 'invalidFansList', 'invalidFansDelete'),
  ...group(
    MASTER,
    '/marketing',
    'diversionLink',
    'addFansGroupSend',
    'fanGroupSendLog',
    'automaticReplyMarketing',
  ),
  ...group(MASTER, '/riskManage', 'config', 'warning', 'statistics'),
  ...group(MASTER, '/materialManage', 'nickname', 'avatar', 'message'),
  ...area(MASTER, '/myOrder', '/dynamicManage/index', '/portRecord', '/seatRecord/index', '/counter/index'),
  ...group(MASTER, '/apiInterface', 'index', 'chatHistory'),
  ...area(MASTER, '/Setting/index'),
  ...area([4, 6], '/chatHistory/index'),
  ...area(ADMIN, '/operationsManage', '/announcementManage/index', '/systemManage/index'),
  ...group(ADMIN, '/accountNurturingManage', 'sourceMaterial', 'rule'),
  ...area(OPERATIONS, '/orderStatistics/index', '/businessManage'),
  ...area(OPERATIONS, '/configManage', '/businessSet'),
  // a business user manages the supervisors of their own customers too
  ...area(SALES, '/customerManage', '/orderManage', '/customerMasterManage'),
  ...group(
    DESK,
    '/customerServiceDesk',
    'deskSession',
    'deskFansList',
    'labelManage',
    'fanGroupSend',
    'deskMaterialManage',
    'deskInvalidFansList',
    'deskInvalidFansDelete',
    'myAccount',
    'automaticReplyDesk',
    // the desk's "marketing interaction" sidebar entry (spec "Desk sidebar entries")
    'marketingInteraction',
  ),
])

const KNOWN = knownPaths(publicRoutes, layoutRoutes)

function everyPath(routes: readonly AppRoute[]): string[] {
  return routes.flatMap((r) => [r.path, ...(r.children ? everyPath(r.children) : [])])
}

/** What the guard answers a signed-in user of one role typing the path. */
const opens = (path: string, role: RoleId): 'allow' | '/404' => {
  const d = decideNavigation({
    pathname: path,
    search: '',
    hasToken: true,
    roles: [role],
    known: KNOWN.has(path),
    routes: layoutRoutes,
  })
  if (d.kind === 'allow') return 'allow'
  if (d.kind === 'redirect' && d.to === '/404') return '/404'
  throw new Error(`${path} as ${roleName(role)}: ${JSON.stringify(d)}`)
}

describe('every signed-in route for every role (the spec table)', () => {
  it('has exactly the routes the spec lists', () => {
    expect(everyPath(layoutRoutes).sort()).toEqual(Object.keys(SPEC).sort())
  })

  it.each(ROLE_IDS.map((role) => [roleName(role), role] as const))(
    '%s opens its pages, and /404 elsewhere',
    (_, role) => {
      const answers = Object.fromEntries(everyPath(layoutRoutes).map((p) => [p, opens(p, role)]))
      const expected = Object.fromEntries(
        Object.entries(SPEC).map(([p, roles]) => [p, roles.includes(role) ? 'allow' : '/404']),
      )
      expect(answers).toEqual(expected)
    },
  )
})

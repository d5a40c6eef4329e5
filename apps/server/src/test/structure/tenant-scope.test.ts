import { describe, expect, it } from 'vitest'
import { productSources, type Source } from './faces.js'
import { tenantTablesOf } from './schema-tables.js'
import {
  REQUEST_OPENERS_TO_SCOPE,
  SYSTEM_SCOPE_OPENERS,
  unlistedOpeners,
  unlistedReachMakers,
} from './system-scope.js'
import { scanTenantStatements, systemNamedWithoutScope, TENANT_CONDITIONS } from './tenant-scope.js'

// migrations change every tenant's rows on purpose
const sources = productSources().filter((s) => !s.path.startsWith('db/migrations/'))
const tables = tenantTablesOf(sources)
const statements = scanTenantStatements(sources, tables)

/** Names that say "system" about the domain, not about crossing tenants. */
const DOMAIN_NAMES = new Set([
  'systemGroups', // WhatsApp announcement groups the desk may hide
  'systemGroupSession',
  'systemGroupsHidden',
  'systemSettings', // the platform admin's settings page
  'systemResolve', // the operating system's name resolver
  'systemRoutes',
])

const show = (s: { file: string; line: number; table: string; within: string[] }) =>
  `${s.file}:${s.line} ${s.table} in ${s.within[0] ?? '(top level)'}`

describe('tenant scope of every statement', () => {
  it('finds the statements on tenant tables across the server, aliased ones included', () => {
    expect(tables.has('sessions')).toBe(true)
    expect(statements.length).toBeGreaterThan(400)
    expect(statements.filter((s) => s.table === 'sessions').length).toBeGreaterThan(25)
  })

  it('every select, update and delete on a tenant table names the tenant in a where/on, or sits in a function that takes a SystemScope', () => {
    expect(statements.filter((s) => !s.scoped && !s.system).map(show)).toEqual([])
  })

  it('a method named system… takes a SystemScope: a name is not a capability', () => {
    expect(systemNamedWithoutScope(sources).filter((x) => !DOMAIN_NAMES.has(x.split(' ')[1]))).toEqual([])
  })

  it('each condition helper the scan trusts filters by the tenant itself', () => {
    for (const [name, file] of Object.entries(TENANT_CONDITIONS)) {
      const text = sources.find((s) => s.path === file)?.text ?? ''
      const body = text.slice(text.indexOf(`function ${name}`))
      expect(body.slice(0, 2000), name).toMatch(/'s\.tenant_id'/)
    }
  })

  const planted = (text: string): Source[] => [{ path: 'modules/planted/planted.repository.ts', text }]
  const scan = (text: string) => scanTenantStatements(planted(text), new Set(['sessions', 'fans']))

  it('catches an aliased table without the tenant', () => {
    const [s] = scan(
      `class R { find(id: number) { return this.db.selectFrom('sessions as s').selectAll().where('s.id', '=', id).execute() } }`,
    )
    expect(s).toMatchObject({ table: 'sessions', scoped: false, system: false })
    const [ok] = scan(
      `class R { find(t: number, id: number) { return this.db.selectFrom('sessions as s').where('s.tenant_id', '=', t).where('s.id', '=', id).execute() } }`,
    )
    expect(ok).toMatchObject({ table: 'sessions', scoped: true })
  })

  it('catches the tenant column only in the select list, an order or a join without it', () => {
    const cases = [
      `db.selectFrom('fans').select(['id', 'tenant_id']).where('id', '=', 1).execute()`,
      `db.selectFrom('fans as f').select('f.tenant_id').orderBy('f.tenant_id').execute()`,
      `db.selectFrom('fans as f').innerJoin('sessions as s', 's.fan_id', 'f.id').select('s.tenant_id').execute()`,
      'sql`select tenant_id from fans where id = ${1}`.execute(db)',
    ]
    for (const c of cases) expect(scan(`function f() { return ${c} }`)[0], c).toMatchObject({ scoped: false })
    const scoped = [
      `db.selectFrom('fans as f').innerJoin('sessions as s', (j) => j.onRef('s.fan_id', '=', 'f.id').on('s.tenant_id', '=', t)).execute()`,
      `db.updateTable('fans').set({ a: 1 }).where((eb) => eb.and([eb('tenant_id', '=', t), eb('id', '=', 1)])).execute()`,
      'sql`update fans set a = 1 where tenant_id = ${t} and id = ${1}`.execute(db)',
    ]
    for (const c of scoped) expect(scan(`function f() { return ${c} }`)[0], c).toMatchObject({ scoped: true })
  })

  it('exempts only functions that take a SystemScope; a method named system… without one is caught', () => {
    const text = `class R {
      systemFind(id: number) { return this.db.selectFrom('fans').where('id', '=', id).execute() }
      byId(system: SystemScope, id: number) { return this.db.selectFrom('fans').where('id', '=', id).execute() }
    }`
    expect(scan(text).map((s) => s.system)).toEqual([false, true])
    expect(systemNamedWithoutScope(planted(text))).toEqual([
      'modules/planted/planted.repository.ts:2 systemFind',
    ])
  })
})

describe('who may open a SystemScope', () => {
  it('only engines, the gateway’s inbound path, start-up and the named public lookups open one', () => {
    expect(unlistedOpeners(productSources())).toEqual([])
  })

  it('every listed opener still opens one (the lists only shrink)', () => {
    const opening = new Set(
      productSources()
        .filter((s) => /\bopenSystemScope\(/.test(s.text))
        .map((s) => s.path),
    )
    expect(
      [...Object.keys(SYSTEM_SCOPE_OPENERS), ...REQUEST_OPENERS_TO_SCOPE].filter((p) => !opening.has(p)),
    ).toEqual([])
  })

  it('catches a planted opener in a route and in a request service, and lets an engine through', () => {
    const planted: Source[] = [
      { path: 'modules/fans/fans.routes.ts', text: "const system = openSystemScope('fans')" },
      {
        path: 'modules/fans/fans.service.ts',
        text: "import { openSystemScope as open } from '../../db/system-scope.js'",
      },
      { path: 'modules/fans/fans.engine.ts', text: "const system = openSystemScope('fans engine')" },
      { path: 'modules/auth/auth.service.ts', text: "const system = openSystemScope('sign-in')" },
    ]
    expect(unlistedOpeners(planted)).toEqual(['modules/fans/fans.routes.ts', 'modules/fans/fans.service.ts'])
  })
})

describe('who may make a platform reach', () => {
  it('only the platform’s scope makes one, from a platform caller', () => {
    expect(unlistedReachMakers(productSources())).toEqual([])
  })

  it('catches a planted maker in a service', () => {
    const planted: Source[] = [
      { path: 'modules/billing/orders.service.ts', text: 'const reach = platformReach(caller, null)' },
      { path: 'modules/platform/platform.scope.ts', text: 'return platformReach(caller, ids)' },
    ]
    expect(unlistedReachMakers(planted)).toEqual(['modules/billing/orders.service.ts'])
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { productSources } from './faces.js'
import { OWNERSHIP, ownershipBreaches } from './ownership.js'
import { schemaTables } from './schema-tables.js'

// migrations change every table on purpose
const sources = productSources().filter((s) => !s.path.startsWith('db/migrations/'))
const tables = new Set(schemaTables(sources).keys())

describe('each table has one owning module', () => {
  const modulesDir = path.resolve(import.meta.dirname, '../../modules')
  const modules = fs
    .readdirSync(modulesDir)
    .filter((d) => fs.statSync(path.join(modulesDir, d)).isDirectory())

  it('every table of the database, inherited ones included, has exactly one owner, and every module folder is listed', () => {
    expect(tables.size).toBeGreaterThan(20)
    for (const inherited of ['wa_auth_creds', 'wa_auth_keys', 'wa_messages', 'wa_versions'])
      expect(tables).toContain(inherited)
    const owned = new Set(Object.values(OWNERSHIP).flatMap((o) => o.owns))
    expect([...tables].filter((t) => !owned.has(t))).toEqual([])
    expect(modules.filter((m) => !(m in OWNERSHIP))).toEqual([])
    const owners = new Map<string, string>()
    for (const [module, o] of Object.entries(OWNERSHIP))
      for (const t of o.owns) {
        expect(owners.get(t), `${t} owned by ${owners.get(t)} and ${module}`).toBeUndefined()
        owners.set(t, module)
      }
  })

  it('nothing in the server queries a table it does not own, nor reads one (join, subquery) it has not declared', () => {
    expect(sources.some((s) => s.path === 'cluster/account-lease.ts')).toBe(true)
    expect(ownershipBreaches(sources, tables)).toEqual([])
  })

  it('catches a planted write from outside modules/, an aliased query and an undeclared join', () => {
    const planted = [
      { path: 'http/auth.ts', text: "db.insertInto('sessions').values(v)" },
      { path: 'modules/labels/labels.repository.ts', text: "db.selectFrom('sessions as s').selectAll()" },
      {
        path: 'modules/labels/labels.service.ts',
        text: "db.selectFrom('labels').innerJoin('fans as f', 'f.id', 'x')",
      },
      { path: 'cluster/account-lease.ts', text: "db.updateTable('account_leases').set(v)" },
      { path: 'gateway/baileys/adapter.ts', text: 'sql`delete from wa_auth_keys where account_id = ${a}`' },
    ]
    expect(ownershipBreaches(planted, tables)).toEqual([
      'gateway/baileys/adapter.ts: query wa_auth_keys',
      'http/auth.ts: query sessions',
      'modules/labels/labels.repository.ts: query sessions',
      'modules/labels/labels.service.ts: read fans',
    ])
  })
})

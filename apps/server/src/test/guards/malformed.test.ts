import { Role, type RoleId } from '@app/core'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext } from '../harness.js'
import { bodyCases, fieldCases, multipartCases, queryValues, type RawCase } from './malformed-values.js'
import { ownIdOf, type TableInfo, tablesOf, tenantIds } from './rows.js'
import { bodyShapes, requestOf } from './schema-values.js'
import { apiOperations, type Operation, urlOf } from './surface.js'
import { seedTenant, type TenantData } from './tenant-data.js'

/**
 * Every POST, PUT and DELETE route fed malformed requests by a role it lets in: wrong types,
 * missing fields, 1 MB strings, huge and negative numbers, NaN-like text, arrays for objects,
 * `__proto__` and `constructor` keys, quotes and wildcards, invalid JSON, empty bodies, and
 * malformed multipart for the routes that take no JSON body. None may answer HTTP 5xx or hang.
 * The fields come from each route's schema in the OpenAPI document; the other fields hold real
 * ids of a tenant with data, so a spoiled field reaches as deep as it can.
 */

/** A call that has not answered by then hangs. */
const HANG_MS = 5_000

// a 1 MB string must reach validation rather than stop at the body limit; no rate limit on sign-in
const ctx = await createTestContext({
  LOGIN_RATE_PER_MINUTE: '100000',
  BODY_LIMIT_BYTES: String(4 * 1024 * 1024),
  SEND_BURST: '100000',
})
const spoiled = apiOperations(ctx).filter((op) => op.method !== 'GET')

let tables: TableInfo[]
let data: TenantData
let ids: Map<string, number[]>
const users = new Map<RoleId, { id: number; tenant_id: number }>()

beforeAll(async () => {
  tables = await tablesOf(ctx.db)
  data = await seedTenant(ctx, 3)
  ids = await tenantIds(ctx.db, tables, data.tenantId)
  for (const [role, who] of [
    [Role.customerMaster, data.boss],
    [Role.customerUser, data.agent],
    [Role.customerUserLeader, data.lead],
  ] as const) {
    users.set(role, { id: who.userId, tenant_id: who.tenantId })
  }
  // the platform staff: the bootstrap admin and two users of the platform tenant
  const admin = await ctx.db
    .selectFrom('users')
    .select(['id', 'tenant_id'])
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow()
  users.set(Role.admin, admin)
  for (const role of [Role.operations, Role.business] as const) {
    users.set(role, {
      id: await ctx.user(admin.tenant_id, role, `guard-${role}`),
      tenant_id: admin.tenant_id,
    })
  }
})
afterAll(() => ctx.close())

/** The role a route is called with: tenant roles first, the supervisor before the others. */
const PREFERRED: RoleId[] = [
  Role.customerMaster,
  Role.customerUser,
  Role.customerUserLeader,
  Role.admin,
  Role.operations,
  Role.business,
]

/** The tokens in use, one per role: issued on first use and again after a case signed one out. */
const tokens = new Map<RoleId, string>()

/** The role a route is called with, if it is not public. */
const roleFor = (op: Operation): RoleId | undefined => PREFERRED.find((r) => op.roles.includes(r))

async function tokenOf(role: RoleId): Promise<string | undefined> {
  const cached = tokens.get(role)
  if (cached) return cached
  const user = users.get(role)
  if (!user) return undefined
  const token = (await ctx.services.tokens.issue(user, { ip: '127.0.0.1', userAgent: 'guard' })).accessToken
  tokens.set(role, token)
  return token
}

interface Call {
  what: string
  path?: Record<string, string>
  query?: Record<string, string | string[]>
  raw?: RawCase
  body?: unknown
}

/** One call, bounded in time: the answer, or 'hang'. */
async function send(
  op: Operation,
  c: Call,
  token: string | undefined,
): Promise<LightMyRequestResponse | 'hang'> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  if (c.raw?.contentType) headers['content-type'] = c.raw.contentType
  const payload = c.raw ? c.raw.payload : c.body === undefined ? undefined : JSON.stringify(c.body)
  if (!c.raw && c.body !== undefined) headers['content-type'] = 'application/json'
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS)
  })
  return Promise.race([
    ctx.app.inject({ method: op.method, url: urlOf(op, c.path ?? {}), query: c.query, headers, payload }),
    hang,
  ]).finally(() => clearTimeout(timer))
}

/**
 * One call: null when it answered below 500, else what went wrong. A 401 means an earlier case
 * signed the role's token out (or this one did): the call is made again with a fresh token, so
 * every case reaches the route as a signed-in user.
 */
async function faultOf(op: Operation, c: Call): Promise<string | null> {
  const role = roleFor(op)
  let res = await send(op, c, role === undefined ? undefined : await tokenOf(role))
  if (res !== 'hang' && res.statusCode === 401 && role !== undefined) {
    tokens.delete(role)
    res = await send(op, c, await tokenOf(role))
  }
  if (res === 'hang') return `${c.what}: no answer in ${HANG_MS} ms`
  return res.statusCode >= 500 ? `${c.what}: HTTP ${res.statusCode} ${res.body.slice(0, 120)}` : null
}

/** The JSON and query cases of a route, around a valid request that holds the tenant's real ids. */
function calls(op: Operation): Call[] {
  const out: Call[] = []
  for (const shape of bodyShapes(op.body)) {
    const valid = requestOf(op, shape, (slot) => ownIdOf(op.url, slot.name, tables, ids))
    const base = { path: valid.path, query: valid.query }
    if (shape) {
      out.push(...bodyCases(valid.body).map((raw) => ({ ...base, what: raw.what, raw })))
      out.push(...fieldCases(shape, valid.body).map((c) => ({ ...base, ...c })))
    }
    for (const p of op.params.filter((x) => x.in === 'query')) {
      const { [p.name]: _, ...rest } = valid.query
      out.push({ ...base, what: `query ${p.name} missing`, query: rest, body: valid.body })
      for (const v of queryValues()) {
        const query = { ...valid.query, [p.name]: v }
        out.push({ ...base, what: `query ${p.name}=${String(v).slice(0, 20)}`, query, body: valid.body })
      }
    }
  }
  return out
}

const takesForm = (op: Operation) => !op.body && (op.method === 'POST' || op.method === 'PUT')

// a route with many fields is sent several hundred cases, one after another
describe('malformed requests never answer 5xx or hang', { timeout: 120_000 }, () => {
  it.each(spoiled.map((op) => [op.key, op] as const))('%s', async (_, op) => {
    const faults: string[] = []
    for (const c of calls(op)) {
      const fault = await faultOf(op, c)
      if (fault) faults.push(fault)
    }
    expect(faults).toEqual([])
    // a `__proto__` key must not have reached a shared prototype
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  describe.each(spoiled.filter(takesForm).map((op) => [op.key, op] as const))('%s', (_key, op) => {
    it('malformed multipart', async () => {
      const faults: string[] = []
      for (const raw of multipartCases()) {
        const fault = await faultOf(op, { what: raw.what, raw })
        if (fault) faults.push(fault)
      }
      expect(faults).toEqual([])
    })
  })
})

import { Header, Role, type RoleId, TENANT_ROLES } from '@app/core'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartBody } from '../../modules/materials/materials.fixtures.js'
import { createTestContext, type Signed } from '../harness.js'
import { shownOf, tracesIn } from './answers.js'
import {
  ownIdOf,
  slotTables,
  snapshotTenant,
  spreadIds,
  type TableInfo,
  tablesOf,
  tenantIds,
} from './rows.js'
import { bodyShapes, operationSlots, requestOf, type Slot } from './schema-values.js'
import { apiOperations, type Operation, urlOf } from './surface.js'
import { seedTenant, type TenantData } from './tenant-data.js'

/**
 * Every tenant route, called by the second tenant's supervisor, agent and team lead with the
 * first tenant's ids in every id-like slot (the other slots hold the caller's own ids, as a real
 * request would): no answer shows the first tenant's rows or marker strings, and none of its
 * rows changes. The routes come from the server's own OpenAPI document, so a new route is walked
 * without being listed here. Left out:
 * - platform-only routes (no tenant role declared): platform staff reach every tenant by design,
 *   and tenant tokens are refused there before any lookup (the route-role guard checks that);
 * - the simulated phones' routes (not mounted: `simRoutes: false`): they are the outside
 *   WhatsApp network of demo mode, not the product's API, and show every phone by design.
 */

// limits that would otherwise stop the walk before the ids are read: sign-in and send pacing
const ctx = await createTestContext(
  { LOGIN_RATE_PER_MINUTE: '100000', SEND_BURST: '100000', SEND_RATE_PER_MINUTE: '100000' },
  { simRoutes: false },
)
const walked = apiOperations(ctx).filter((op) => op.public || op.roles.some((r) => TENANT_ROLES.includes(r)))

let tables: TableInfo[]
let one: TenantData
let two: TenantData
let oneIds: Map<string, number[]>
let twoIds: Map<string, number[]>
let oneRows: Set<number>
/** every id-slot name of the API: the fields a multipart form is given, since its schema is not documented */
const formIdNames = [
  ...new Set(
    walked.flatMap((op) => bodyShapes(op.body).flatMap((b) => operationSlots(op, b))).map((s) => s.name),
  ),
]

beforeAll(async () => {
  tables = await tablesOf(ctx.db)
  await spreadIds(ctx.db, tables)
  one = await seedTenant(ctx, 1)
  two = await seedTenant(ctx, 2)
  oneIds = await tenantIds(ctx.db, tables, one.tenantId)
  twoIds = await tenantIds(ctx.db, tables, two.tenantId)
  oneRows = new Set([...oneIds.values()].flat())
})
afterAll(() => ctx.close())

const generic = (slot: Slot) => /^ids?$/.test(slot.name)
const ownId = (op: Operation, slot: Slot) => ownIdOf(op.url, slot.name, tables, twoIds)

/**
 * The first tenant's ids for a slot: every row of the tables its name gives; a plain `id` also
 * one row of every other table, and a name that gives no table (`beforeId`) one row of every table.
 */
function foreignIds(op: Operation, slot: Slot): number[] {
  const named = slotTables(op.url, slot.name, tables)
  const rows = named.flatMap((t) => oneIds.get(t) ?? [])
  if (named.length && !generic(slot)) return rows
  const samples = [...oneIds.entries()].filter(([t]) => !named.includes(t)).map(([, ids]) => ids[0] as number)
  return [...rows, ...samples]
}

const codeOf = (res: LightMyRequestResponse): number | string =>
  res.headers['content-type']?.toString().includes('json')
    ? res.json<{ code: number }>().code
    : res.statusCode

interface Attempt {
  what: string
  path: Record<string, string>
  query: Record<string, string>
  body?: unknown
  form?: Record<string, string>
  headers?: Record<string, string>
  /** the same call with optional texts left empty, tried when the first is refused before the ids are read */
  blank?: Omit<Attempt, 'blank'>
}

async function send(op: Operation, who: Signed, a: Attempt) {
  const form = a.form ? multipartBody(a.form, [{ name: 'a.txt', data: Buffer.from('text') }]) : undefined
  const inject = (token: string) =>
    ctx.app.inject({
      method: op.method,
      url: urlOf(op, a.path),
      query: a.query,
      headers: {
        authorization: `Bearer ${token}`,
        ...(form ? { 'content-type': form.contentType } : {}),
        ...a.headers,
      },
      ...(form ? { payload: form.body } : a.body !== undefined ? { payload: a.body as object } : {}),
    })
  let res = await inject(who.token)
  if (codeOf(res) === 401 && !op.public) {
    // the walk itself may sign the caller out (logout, a password change): sign in again once
    who.token = (
      await ctx.services.tokens.issue(
        { id: who.userId, tenant_id: who.tenantId },
        { ip: '127.0.0.1', userAgent: 'guard' },
      )
    ).accessToken
    res = await inject(who.token)
  }
  return res
}

/**
 * The calls of one route for one caller: each id slot in turn holds each of the first tenant's
 * ids. A route with no id slot is called once; a role the route does not declare once too (the
 * gate refuses it before any lookup).
 */
function attempts(op: Operation, roleId: RoleId): Attempt[] {
  const out: Attempt[] = []
  const declared = op.public || op.roles.includes(roleId)
  for (const shape of bodyShapes(op.body)) {
    const slots = operationSlots(op, shape)
    const plain = requestOf(op, shape, (s) => ownId(op, s))
    if (!slots.length || !declared) out.push({ what: 'own ids', ...plain })
    if (!declared) return out
    for (const target of slots) {
      for (const id of foreignIds(op, target)) {
        const choose = (s: Slot) => (s.where === target.where ? [id] : ownId(op, s))
        const what = `${target.where}=${id}`
        out.push({
          what,
          ...requestOf(op, shape, choose),
          blank: { what, ...requestOf(op, shape, choose, true) },
        })
      }
    }
    // a supervisor acting as one of the first tenant's users
    if (roleId === Role.customerMaster && !op.public) {
      for (const id of oneIds.get('users') ?? []) {
        const headers = { [Header.customerUserId]: String(id) }
        out.push({ what: `${Header.customerUserId}=${id}`, ...plain, headers })
      }
    }
  }
  if (!op.body && (op.method === 'POST' || op.method === 'PUT')) {
    for (const id of oneRows) {
      const form = Object.fromEntries(formIdNames.map((n) => [n, String(id)]))
      out.push({ what: `form ids=${id}`, path: {}, query: {}, form })
    }
  }
  return out
}

/**
 * Answers of a call that got as far as its ids (done, not found) or was refused at the gate; any
 * other (a field's format) stopped before the ids were read, so the call is tried again blank.
 */
const REACHED_IDS = new Set<number | string>([0, 401, 403, 404])

// a route with several id fields is called dozens of times, each call's sends dispatched: on a
// loaded 2-core machine one route took over 30 s on PostgreSQL
describe("the second tenant cannot see or change the first tenant's data", { timeout: 120_000 }, () => {
  it.each(walked.map((op) => [op.key, op] as const))('%s', async (_, op) => {
    const before = await snapshotTenant(ctx.db, tables, one.tenantId)
    const problems: string[] = []
    const callers = [
      ['supervisor', two.boss, Role.customerMaster],
      ['agent', two.agent, Role.customerUser],
      ['lead', two.lead, Role.customerUserLeader],
    ] as const
    for (const [role, who, roleId] of callers) {
      for (const first of attempts(op, roleId)) {
        let a: Omit<Attempt, 'blank'> = first
        let res = await send(op, who, a)
        if (first.blank && !REACHED_IDS.has(codeOf(res))) {
          a = first.blank
          res = await send(op, who, a)
        }
        // what a call queued goes out, so a session's queue never fills up during the walk
        if (codeOf(res) === 0) while (await ctx.messaging.dispatcher.tick()) {}
        const shown = shownOf(res, one.markers, oneRows)
        if (shown.markers.length || shown.ids.length) {
          const what = [...shown.markers, ...shown.ids].join(', ')
          problems.push(`${role} ${a.what}: shows ${what} (code ${codeOf(res)})`)
        }
      }
    }
    await ctx.desk.settled()
    await ctx.sim.settle(100)
    expect(problems).toEqual([])
    expect(await snapshotTenant(ctx.db, tables, one.tenantId)).toEqual(before)
  })

  it("leaves nothing of the first tenant in the second tenant's rows", async () => {
    const rows = await snapshotTenant(ctx.db, tables, two.tenantId)
    expect(tracesIn(rows, one.markers, oneRows)).toEqual([])
  })
})

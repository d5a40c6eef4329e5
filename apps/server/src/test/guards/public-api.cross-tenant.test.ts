import type { ApiKeyCreated } from '@app/core'
import { API_SCOPES } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext } from '../harness.js'
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
import type { JsonSchema, Method, Operation } from './surface.js'
import { urlOf } from './surface.js'
import { seedTenant, type TenantData } from './tenant-data.js'

/**
 * Every operation of the public API, called with a key of the second tenant holding every scope,
 * with the first tenant's ids in each id slot in turn: no answer shows the first tenant's rows or
 * marker strings, and none of its rows changes. The operations come from /api/v1/openapi.json, so
 * a new one is walked without being listed here.
 */

const ctx = await createTestContext(
  { SEND_BURST: '100000', SEND_RATE_PER_MINUTE: '100000', API_RATE_PER_MINUTE: '100000' },
  { simRoutes: false },
)

interface Doc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[]
        requestBody?: { content: Record<string, { schema: JsonSchema }> }
      }
    >
  >
}
const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<Doc>()
const walked: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => {
    const url = `/api/v1${path.replace(/\{(\w+)\}/g, ':$1')}`
    return {
      method: method.toUpperCase() as Method,
      url,
      key: `${method.toUpperCase()} ${url}`,
      public: false,
      roles: [],
      params: (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({
          in: p.in as 'path' | 'query',
          name: p.name,
          required: p.required === true,
          schema: p.schema,
        })),
      body: op.requestBody?.content['application/json']?.schema ?? null,
    }
  }),
)

let tables: TableInfo[]
let one: TenantData
let two: TenantData
let oneIds: Map<string, number[]>
let twoIds: Map<string, number[]>
let oneRows: Set<number>
let key: string

beforeAll(async () => {
  tables = await tablesOf(ctx.db)
  await spreadIds(ctx.db, tables)
  one = await seedTenant(ctx, 1)
  two = await seedTenant(ctx, 2)
  oneIds = await tenantIds(ctx.db, tables, one.tenantId)
  twoIds = await tenantIds(ctx.db, tables, two.tenantId)
  oneRows = new Set([...oneIds.values()].flat())
  const made = await ctx.call('POST', '/damai/customer/apiKey', {
    token: two.boss.token,
    body: { name: 'guard', scopes: [...API_SCOPES] },
  })
  key = (made.data as ApiKeyCreated).secret
})
afterAll(() => ctx.close())

const foreignIds = (op: Operation, slot: Slot): number[] => {
  const named = slotTables(op.url, slot.name, tables)
  const rows = named.flatMap((t) => oneIds.get(t) ?? [])
  const samples = [...oneIds.entries()].filter(([t]) => !named.includes(t)).map(([, ids]) => ids[0] as number)
  return /^ids?$/.test(slot.name) || named.length === 0 ? [...rows, ...samples] : rows
}

describe("a key of the second tenant cannot see or change the first tenant's data", () => {
  it('walks every operation of the document', () => {
    expect(walked.length).toBeGreaterThanOrEqual(9)
  })

  it.each(walked.map((op) => [op.key, op] as const))('%s', async (_, op) => {
    const before = await snapshotTenant(ctx.db, tables, one.tenantId)
    const problems: string[] = []
    for (const shape of bodyShapes(op.body)) {
      for (const target of operationSlots(op, shape)) {
        for (const id of foreignIds(op, target)) {
          const choose = (s: Slot) =>
            s.where === target.where ? [id] : ownIdOf(op.url, s.name, tables, twoIds)
          const req = requestOf(op, shape, choose)
          const res = await ctx.app.inject({
            method: op.method,
            url: urlOf(op, req.path),
            query: req.query,
            headers: { authorization: `Bearer ${key}` },
            ...(req.body !== undefined ? { payload: req.body as object } : {}),
          })
          if (res.statusCode < 300) while (await ctx.messaging.dispatcher.tick()) {}
          const shown = shownOf(res, one.markers, oneRows)
          if (shown.markers.length || shown.ids.length)
            problems.push(
              `${target.where}=${id}: shows ${[...shown.markers, ...shown.ids].join(', ')} (${res.statusCode})`,
            )
        }
      }
    }
    await ctx.sim.settle(100)
    expect(problems).toEqual([])
    expect(await snapshotTenant(ctx.db, tables, one.tenantId)).toEqual(before)
  })

  it("leaves nothing of the first tenant in the second tenant's rows", async () => {
    const rows = await snapshotTenant(ctx.db, tables, two.tenantId)
    expect(tracesIn(rows, one.markers, oneRows)).toEqual([])
  })
})

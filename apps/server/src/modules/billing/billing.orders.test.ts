import { BillingPath as B, DAY_MS, ErrorCode, type OrderResult, type RecordView } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { makeStaff, makeTenant, okData, type Staff } from '../../test/platform.js'

let ctx: TestContext
let s: Staff
/** sold by s.biz (under s.ops), by s.biz2 (under s.ops2) */
let mine: Awaited<ReturnType<typeof makeTenant>>
let theirs: Awaited<ReturnType<typeof makeTenant>>

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  s = await makeStaff(ctx)
  mine = await makeTenant(ctx, s.biz.token)
  theirs = await makeTenant(ctx, s.biz2.token)
})
afterAll(() => ctx.close())

const order = (token: string, kind: 'port' | 'seat', body: Record<string, unknown>) =>
  ctx.call('POST', kind === 'port' ? B.portCreate : B.seatCreate, { token, body: { remark: '', ...body } })
const records = async (token: string, kind: 'port' | 'seat', body: Record<string, unknown> = {}) =>
  okData<{ list: RecordView[]; total: number }>(
    ctx.call('POST', kind === 'port' ? B.portQuery : B.seatQuery, {
      token,
      body: { pageSize: 100, ...body },
    }),
  )

describe('orders make their records, and each seller sees only their own', () => {
  let portIds: number[] = []
  beforeAll(async () => {
    const made = await okData<OrderResult>(
      order(s.biz.token, 'port', { tenantId: mine.tenantId, quantity: 2, days: 30, amount: 6000 }),
    )
    portIds = made.records.map((r) => r.id)
    await okData(
      order(s.biz2.token, 'seat', { tenantId: theirs.tenantId, quantity: 1, days: 10, amount: 1000 }),
    )
  })

  it('an order of two ports makes two running records of 30 days, each paid its share', async () => {
    const { list } = await records(s.biz.token, 'port', { tenantId: mine.tenantId })
    expect(list.map((r) => r.id).sort()).toEqual([...portIds].sort())
    for (const r of list) {
      expect(r.status).toBe('active')
      expect(r.daysLeft).toBe(30)
      expect(r.paid).toBe(3000)
    }
  })

  it('business sees its own tenants only; operations theirs and their salespeople’s; admin all', async () => {
    const tenantsIn = async (token: string) =>
      new Set(
        (await records(token, 'port')).list
          .concat((await records(token, 'seat')).list)
          .map((r) => r.tenantId),
      )
    expect(await tenantsIn(s.biz.token)).toEqual(new Set([mine.tenantId]))
    expect(await tenantsIn(s.biz2.token)).toEqual(new Set([theirs.tenantId]))
    expect(await tenantsIn(s.ops.token)).toEqual(new Set([mine.tenantId]))
    expect(await tenantsIn(s.ops2.token)).toEqual(new Set([theirs.tenantId]))
    const all = await tenantsIn(s.admin)
    expect(all.has(mine.tenantId) && all.has(theirs.tenantId)).toBe(true)
  })

  it('another seller can neither order for, renew nor refund a tenant it does not sell', async () => {
    expect(
      (await order(s.biz2.token, 'port', { tenantId: mine.tenantId, quantity: 1, days: 1 })).code,
    ).not.toBe(0)
    const renew = await ctx.call('PUT', B.portRenewal, {
      token: s.biz2.token,
      body: { ids: portIds, days: 5, amount: 0, remark: '' },
    })
    expect(renew.code).not.toBe(0)
    const { list } = await records(s.biz.token, 'port', { tenantId: mine.tenantId })
    expect(list.every((r) => r.daysLeft === 30)).toBe(true)
  })

  it('the supervisor sees only their own records; a tenant role cannot reach the admin routes', async () => {
    const minePorts = await okData<{ list: { id: number }[] }>(
      ctx.call('POST', B.myPortQuery, { token: mine.masterToken, body: { pageSize: 100 } }),
    )
    expect(minePorts.list.map((r) => r.id).sort()).toEqual([...portIds].sort())
    expect((await ctx.call('POST', B.portQuery, { token: mine.masterToken, body: {} })).code).toBe(403)
  })
})

describe('money and time rules', () => {
  let ids: number[] = []
  beforeAll(async () => {
    const made = await okData<OrderResult>(
      order(s.ops.token, 'seat', { tenantId: mine.tenantId, quantity: 2, days: 20, amount: 2000 }),
    )
    ids = made.records.map((r) => r.id)
  })
  const seat = async (id: number) =>
    (await records(s.ops.token, 'seat', { tenantId: mine.tenantId })).list.find((r) => r.id === id)

  it('a renewal moves the end by the days bought and keeps a change with before and after', async () => {
    const before = (await seat(ids[0] as number))?.expiresAt as number
    await okData(
      ctx.call('PUT', B.seatRenewal, {
        token: s.ops.token,
        body: { ids: [ids[0]], days: 7, amount: 700, remark: 'r' },
      }),
    )
    expect((await seat(ids[0] as number))?.expiresAt).toBe(before + 7 * DAY_MS)
    const changes = await okData<{
      list: { action: string; before: { expiresAt: number } | null; after: { expiresAt: number } }[]
    }>(
      ctx.call('POST', B.recordChangeQuery, { token: s.ops.token, body: { kind: 'seat', recordId: ids[0] } }),
    )
    const renewal = changes.list.find((c) => c.action === 'renewal')
    expect(renewal?.before?.expiresAt).toBe(before)
    expect(renewal?.after.expiresAt).toBe(before + 7 * DAY_MS)
  })

  it('refuses a refund above what was paid, and one that would end a record before it starts; nothing changes', async () => {
    const before = await seat(ids[1] as number)
    const tooMuch = await ctx.call('PUT', B.seatRefund, {
      token: s.ops.token,
      body: { ids: [ids[1]], amount: 999_999, remark: '' },
    })
    expect(tooMuch.code).toBe(ErrorCode.refundExceedsPaid)
    const tooLong = await ctx.call('PUT', B.seatRefund, {
      token: s.ops.token,
      body: { ids: [ids[1]], amount: 0, days: 100, remark: '' },
    })
    expect(tooLong.code).toBe(ErrorCode.recordEndsBeforeStart)
    expect(await seat(ids[1] as number)).toEqual(before)
  })

  it('refuses a merge across tenants or kinds; merges the rest of one seat into another', async () => {
    const other = await okData<OrderResult>(
      order(s.admin, 'seat', { tenantId: theirs.tenantId, quantity: 1, days: 5, amount: 0 }),
    )
    const across = await ctx.call('PUT', B.seatMerge.replace(':id', String(ids[0])), {
      token: s.admin,
      body: { sourceIds: [other.records[0]?.id], remark: '' },
    })
    expect(across.code).toBe(ErrorCode.mergeMismatch)
    const target = (await seat(ids[0] as number)) as RecordView
    const source = (await seat(ids[1] as number)) as RecordView
    await okData(
      ctx.call('PUT', B.seatMerge.replace(':id', String(ids[0])), {
        token: s.ops.token,
        body: { sourceIds: [ids[1]], remark: '' },
      }),
    )
    const merged = (await seat(ids[0] as number)) as RecordView
    expect(merged.expiresAt - target.expiresAt).toBeGreaterThan(source.expiresAt - Date.now() - 60_000)
    expect((await seat(ids[1] as number))?.status).toBe('merged')
  })

  it('a refund ends the records now and gives back at most what was paid', async () => {
    await okData(
      ctx.call('PUT', B.seatRefund, { token: s.ops.token, body: { ids: [ids[0]], amount: 500, remark: '' } }),
    )
    const r = (await seat(ids[0] as number)) as RecordView
    expect(r.status).toBe('refunded')
    expect(r.refunded).toBe(500)
    expect(r.expiresAt).toBeLessThanOrEqual(Date.now())
  })
})

import {
  AgentPath as A,
  BillingPath as B,
  DAY_MS,
  ErrorCode,
  type ExpiryReminder,
  type OrderResult,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { makeStaff, makeTenant, okData, type Staff } from '../../test/platform.js'

let ctx: TestContext
let s: Staff
let t: Awaited<ReturnType<typeof makeTenant>>

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  s = await makeStaff(ctx)
  t = await makeTenant(ctx, s.biz.token)
})
afterAll(() => ctx.close())

const order = async (kind: 'port' | 'seat', quantity: number, days: number) =>
  (
    await okData<OrderResult>(
      ctx.call('POST', kind === 'port' ? B.portCreate : B.seatCreate, {
        token: s.biz.token,
        body: { tenantId: t.tenantId, quantity, days, remark: '' },
      }),
    )
  ).records.map((r) => r.id)
const reminder = (token = t.masterToken) =>
  okData<ExpiryReminder>(ctx.call('GET', B.expiryReminder, { token, query: { utcOffsetMinutes: '0' } }))

describe('the expiry reminder', () => {
  let soonSeats: number[]
  let laterPort: number[]
  beforeAll(async () => {
    soonSeats = await order('seat', 2, 3)
    laterPort = await order('port', 1, 40)
  })

  it('lists what ends within the reminder days, grouped by date with the days left', async () => {
    const r = await reminder()
    expect(r.reminderDays).toBe(7)
    expect(r.seatIdList.sort()).toEqual([...soonSeats].sort())
    expect(r.portIdList).not.toContain(laterPort[0])
    expect(r.seatExpiryList).toEqual([expect.objectContaining({ expiryTotal: 2, daysLeft: 3, today: false })])
  })

  it('"do not remind again" hides those records until their end changes', async () => {
    await okData(ctx.call('POST', B.expiryDismiss, { token: t.masterToken, body: { seatIdList: soonSeats } }))
    expect((await reminder()).seatIdList).toEqual([])
    // a renewal that still ends within the window brings the record back
    await okData(
      ctx.call('PUT', B.seatRenewal, {
        token: s.biz.token,
        body: { ids: [soonSeats[0]], days: 1, amount: 0, remark: '' },
      }),
    )
    expect((await reminder()).seatIdList).toEqual([soonSeats[0]])
  })

  it('another tenant cannot dismiss these records, and sees none of them', async () => {
    const other = await makeTenant(ctx, s.biz2.token)
    await ctx.call('POST', B.expiryDismiss, { token: other.masterToken, body: { seatIdList: soonSeats } })
    expect((await reminder()).seatIdList).toEqual([soonSeats[0]])
    expect((await reminder(other.masterToken)).seatIdList).toEqual([])
  })

  it('only the supervisor asks for it', async () => {
    const agent = await ctx.as(t.tenantId, 5, 'reminder-agent')
    expect((await ctx.call('GET', B.expiryReminder, { token: agent.token })).code).toBe(403)
  })
})

describe('a seat that runs out', () => {
  it("signs its agent out at its end, and the agent's sign-in is refused with the seat message", async () => {
    const [seatId] = await order('seat', 1, 30)
    const other = await ctx.db
      .selectFrom('seats')
      .select('id')
      .where('tenant_id', '=', t.tenantId)
      .where('id', '!=', seatId as number)
      .execute()
    // the other seats of this tenant end first, so the new agent takes this one
    await ctx.db
      .updateTable('seats')
      .set({ expires_at: Date.now() - DAY_MS })
      .where(
        'id',
        'in',
        other.map((o) => o.id),
      )
      .execute()
    const made = await okData<{ id: number; seatId: number }>(
      ctx.call('POST', A.agentCreate, {
        token: t.masterToken,
        body: { username: 'dora', password: 'Dora2468x' },
      }),
    )
    expect(made.seatId).toBe(seatId)
    const signIn = () =>
      ctx.call('POST', '/damai/system/auth/login', {
        body: { username: 'dora', password: 'Dora2468x', targetAccount: t.account },
        headers: { language: 'en' },
      })
    const first = await signIn()
    expect(first.code).toBe(0)
    const token = (first.data as { accessToken: string }).accessToken

    await ctx.db
      .updateTable('seats')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', seatId as number)
      .execute()
    await ctx.billing.seatExpiry.tick()
    expect((await ctx.call('GET', '/damai/system/user/profile/get', { token })).code).toBe(
      ErrorCode.unauthorized,
    )
    expect(await signIn()).toMatchObject({ code: ErrorCode.seatExpired })
  })
})

import {
  type DeskSessionView,
  FailureReason,
  roomOf,
  SESSION_RISK_UNLOCKED_MS,
  type SessionPage,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { recordEvents } from '../../test/messaging.js'
import { chatWith, HOUR, type RiskTenant, riskTenant, saveLimits, sendIn } from './risk.fixtures.js'

let ctx: TestContext
let n = 0
let events: ReturnType<typeof recordEvents>

beforeAll(async () => {
  ctx = await createTestContext({ SEND_RATE_PER_MINUTE: '1000000', SEND_BURST: '1000000' })
  events = recordEvents(ctx)
})
afterAll(() => ctx.close())

async function fresh(): Promise<RiskTenant> {
  n++
  return riskTenant(ctx, `hold${n}`, `86137${n}0000001`)
}
const customer = (i: number) => `4477${n}${String(i).padStart(6, '0')}`

async function row(t: RiskTenant, sessionId: number): Promise<DeskSessionView> {
  const r = await ctx.call('POST', '/damai/customer/session/page', {
    token: t.boss.token,
    body: { pageSize: 100 },
  })
  expect(r.code).toBe(0)
  const found = (r.data as SessionPage).list.find((s) => s.id === sessionId)
  if (!found) throw new Error(`session ${sessionId} not listed`)
  return found
}

describe('a session’s risk status follows its account’s refused windows', () => {
  it('none before a refusal; in risk control while the refusing window is shut, on every session of the account', async () => {
    ctx.risk.setClock(() => Date.now())
    const t = await fresh()
    await saveLimits(ctx, t, { perDay: 1 })
    const a = await chatWith(ctx, t, customer(1))
    const b = await chatWith(ctx, t, customer(2))
    expect((await sendIn(ctx, t, a, 'one')).status).toBe('sent')
    expect(await row(t, a)).toMatchObject({ risk: 'none', riskHoldUntil: null })
    const refused = await sendIn(ctx, t, a, 'two')
    expect(refused.failure_reason).toBe(FailureReason.riskControlLimit)
    const reopensAt = refused.risk?.reopensAt as number
    expect(reopensAt).toBeGreaterThan(Date.now())
    for (const s of [a, b])
      expect(await row(t, s)).toMatchObject({
        risk: 'controlled',
        riskHoldUntil: reopensAt,
        riskLocked: false,
      })
    // the desk hears of the refusal with the reopening time, from which it moves the tag on its own
    const update = events.find(
      (e) =>
        e.event === 'message.updated' &&
        e.rooms.includes(roomOf.session(a)) &&
        (e.payload as { id: number }).id === refused.id,
    )
    expect(update?.payload).toMatchObject({ risk: { rule: 'perDay', reopensAt } })
  })

  it('unlocked once the window reopened, and none a day after', async () => {
    const t = await fresh()
    await saveLimits(ctx, t, { perHour: 1 })
    const s = await chatWith(ctx, t, customer(1))
    // the sends happened three hours ago: their hour has ended since
    const then = Date.now() - 3 * HOUR
    ctx.risk.setClock(() => then)
    await sendIn(ctx, t, s, 'one')
    const refused = await sendIn(ctx, t, s, 'two')
    expect(refused.risk).toMatchObject({ rule: 'perHour' })
    const reopensAt = refused.risk?.reopensAt as number
    expect(reopensAt).toBeLessThanOrEqual(Date.now())
    expect(await row(t, s)).toMatchObject({ risk: 'unlocked', riskHoldUntil: reopensAt })
    // a new refusal in the current hour: in risk control again until that hour ends
    ctx.risk.setClock(() => Date.now())
    expect((await sendIn(ctx, t, s, 'three')).status).toBe('sent')
    const again = await sendIn(ctx, t, s, 'four')
    expect(again.risk).toMatchObject({ rule: 'perHour' })
    expect(again.risk?.reopensAt).toBeGreaterThan(reopensAt)
    expect(await row(t, s)).toMatchObject({ risk: 'controlled', riskHoldUntil: again.risk?.reopensAt })

    // a day after the window reopened: no risk any more
    const u = await fresh()
    await saveLimits(ctx, u, { perHour: 1 })
    const s2 = await chatWith(ctx, u, customer(1))
    ctx.risk.setClock(() => Date.now() - SESSION_RISK_UNLOCKED_MS - 2 * HOUR)
    await sendIn(ctx, u, s2, 'one')
    expect((await sendIn(ctx, u, s2, 'two')).risk).toMatchObject({ rule: 'perHour' })
    expect(await row(u, s2)).toMatchObject({ risk: 'none', riskHoldUntil: null })
    ctx.risk.setClock(() => Date.now())
  })

  it('a keyword refusal puts no session in risk control', async () => {
    ctx.risk.setClock(() => Date.now())
    const t = await fresh()
    await saveLimits(ctx, t, {}, ['casino'])
    const s = await chatWith(ctx, t, customer(1))
    expect((await sendIn(ctx, t, s, 'casino night')).failure_reason).toBe(FailureReason.contentViolation)
    expect(await row(t, s)).toMatchObject({ risk: 'none' })
  })
})

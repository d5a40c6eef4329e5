import { type BusinessHoursBody, localDay, Role, SendOrigin } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { drainOutbox } from '../../test/messaging.js'
import { allWeek, hoursBody } from './support.fixtures.js'

const SHOP = '8613500000031'
const RIVAL_SHOP = '8613500000032'
const AWAY = 'We are closed now and answer from 9:00'
const HOUR = 3_600_000

let ctx: TestContext
let tenant: number
let boss: Signed
let rivalBoss: Signed
let n = 0

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '100000', SEND_BURST: '100000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000, newChatsPerHour: 100_000 } } },
  )
  tenant = await ctx.tenant('away')
  const rival = await ctx.tenant('away-rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'away-boss')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'away-rival-boss')
  await ctx.linkAccount(tenant, SHOP)
  await ctx.linkAccount(rival, RIVAL_SHOP)
})
afterAll(() => ctx.close())

/** Business hours closed all week with the away message on, `over` replacing fields. */
const closed = (over: Partial<BusinessHoursBody> = {}) =>
  hoursBody({ enabled: true, week: allWeek(false), awayEnabled: true, awayMessage: AWAY, ...over })
const setHours = async (body: BusinessHoursBody, who = boss) => {
  const r = await ctx.call('PUT', '/damai/customer/businessHours/update', { token: who.token, body })
  expect(r.code, r.msg).toBe(0)
}
const phone = () => `44775${String(++n).padStart(7, '0')}`
const send = async (from: string, text: string, shop = SHOP) => {
  ctx.sim.network.customerSend(from, shop, { kind: 'text', text })
  await ctx.sim.settle(100)
}
const sessionOf = async (customer: string) =>
  await ctx.db
    .selectFrom('sessions as s')
    .innerJoin('fans as f', 'f.id', 's.fan_id')
    .select(['s.id', 's.waiting_since'])
    .where('f.phone', '=', customer)
    .executeTakeFirstOrThrow()
/** The away messages queued to a customer: outbox rows with their message. */
const awayTo = async (customer: string) => {
  const s = await sessionOf(customer)
  return ctx.db
    .selectFrom('outbox as o')
    .innerJoin('messages as m', 'm.id', 'o.message_id')
    .select(['m.body', 'o.origin', 'o.state'])
    .where('o.session_id', '=', s.id)
    .where('m.body', '=', AWAY)
    .execute()
}
const settled = () => ctx.support.away.settled()

describe('the away message', () => {
  it('outside business hours: two customer messages bring one away message, and the customer still waits', async () => {
    await setHours(closed())
    const c = phone()
    await send(c, 'hello?')
    await send(c, 'anyone there?')
    await settled()
    expect(await awayTo(c)).toEqual([{ body: AWAY, origin: SendOrigin.autoReply, state: 'requested' }])
    // an away message is no answer: the waiting clock keeps running
    expect((await sessionOf(c)).waiting_since).not.toBeNull()
    await drainOutbox(ctx)
    expect(ctx.sim.network.messagesBetween(c, SHOP).map((m) => m.text)).toContain(AWAY)
  })

  it('sends none inside business hours, with the away message off, or with business hours off', async () => {
    for (const body of [
      closed({ week: allWeek(true) }),
      closed({ awayEnabled: false }),
      closed({ enabled: false }),
    ]) {
      await setHours(body)
      const c = phone()
      await send(c, 'hello?')
      await settled()
      expect(await awayTo(c)).toEqual([])
    }
  })

  it('a holiday is closed all day in the plan’s time zone', async () => {
    const now = Date.now()
    const days = [now - 24 * HOUR, now, now + 24 * HOUR].map((t) => localDay('Europe/Berlin', t))
    await setHours(closed({ week: allWeek(true), timeZone: 'Europe/Berlin', holidays: days }))
    const c = phone()
    await send(c, 'open today?')
    await settled()
    expect(await awayTo(c)).toHaveLength(1)
  })

  it('goes again once the interval since the last one has passed', async () => {
    await setHours(closed({ awayOncePerHours: 2 }))
    const c = phone()
    await send(c, 'first')
    await settled()
    await send(c, 'second')
    await settled()
    expect(await awayTo(c)).toHaveLength(1)
    const { id } = await sessionOf(c)
    await ctx.db
      .updateTable('away_sends')
      .set((eb) => ({ sent_at: eb('sent_at', '-', 2 * HOUR) }))
      .where('tenant_id', '=', tenant)
      .where('session_id', '=', id)
      .execute()
    await send(c, 'third')
    await settled()
    expect(await awayTo(c)).toHaveLength(2)
  })

  it('is not sent in a group chat, nor to another tenant’s customers', async () => {
    await setHours(closed())
    const g = ctx.sim.network.createGroup('447759990001', 'Buyers', [SHOP, '447759990002'])
    ctx.sim.network.customerSendGroup('447759990002', g.id, { kind: 'text', text: 'hello all' })
    await ctx.sim.settle(100)
    const c = phone()
    await send(c, 'hello rival?', RIVAL_SHOP)
    await settled()
    const away = await ctx.db
      .selectFrom('messages')
      .select('session_id')
      .where('body', '=', AWAY)
      .where('tenant_id', '!=', tenant)
      .execute()
    expect(away).toEqual([])
    const groupAway = await ctx.db
      .selectFrom('messages as m')
      .innerJoin('sessions as s', 's.id', 'm.session_id')
      .select('m.id')
      .where('s.type', '=', 'group')
      .where('m.body', '=', AWAY)
      .execute()
    expect(groupAway).toEqual([])
    // the rival's own settings are untouched by this tenant's
    const rivalHours = await ctx.call('GET', '/damai/customer/businessHours/get', { token: rivalBoss.token })
    expect((rivalHours.data as BusinessHoursBody).awayEnabled).toBe(false)
  })
})

describe('the away message across a restart', () => {
  it('answers messages stored while it was down once on start, never history, and never again after a restart', async () => {
    await setHours(closed())
    const c = phone()
    const old = phone()
    await ctx.support.away.stop()
    await send(c, 'while you were down')
    await send(c, 'still down?')
    await send(old, 'synced from the phone')
    // a message WhatsApp synced long after it was written (history), as the rows tell it
    await ctx.db
      .updateTable('messages as m')
      .set((eb) => ({ timestamp: eb('m.created_at', '-', HOUR) }))
      .where('m.tenant_id', '=', tenant)
      .where('m.body', '=', 'synced from the phone')
      .execute()
    expect(await awayTo(c)).toEqual([])
    // another server on the same database, which heard none of these messages
    const second = await createTestContext({}, { db: ctx.db, simRoutes: false })
    try {
      second.support.away.start()
      await second.support.away.settled()
      expect(await awayTo(c)).toHaveLength(1)
      expect(await awayTo(old)).toEqual([])
    } finally {
      await second.support.away.stop()
      await second.close()
    }
    ctx.support.away.start()
    await settled()
    expect(await awayTo(c)).toHaveLength(1)
    expect(await awayTo(old)).toEqual([])
  })
})

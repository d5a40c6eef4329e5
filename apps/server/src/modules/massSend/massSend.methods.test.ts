import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import {
  MASS_ENV,
  MASS_SIM,
  MassDriver,
  type MassTenant,
  massApi,
  massTenant,
  taskBody,
  textsTo,
} from './massSend.fixtures.js'

let ctx: TestContext
let api: ReturnType<typeof massApi>
let drive: MassDriver
let n = 0

beforeAll(async () => {
  ctx = await createTestContext(MASS_ENV, MASS_SIM)
  api = massApi(ctx)
  drive = new MassDriver(ctx)
})
afterAll(() => ctx.close())

/** A tenant of its own per test, with one number. */
async function fresh(): Promise<MassTenant> {
  n++
  return massTenant(ctx, `t${n}`, [`86138000${String(n).padStart(5, '0')}`])
}
const phones = (k: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `4477${String(k).padStart(3, '0')}0${String(i + 1).padStart(4, '0')}`,
  )

/** When each sentence of the task was handed to the outbox (the engine's clock), by recipient order. */
async function sends(taskId: number) {
  return ctx.db
    .selectFrom('mass_send_items as i')
    .innerJoin('mass_send_recipients as r', 'r.id', 'i.recipient_id')
    .select(['r.phone', 'i.sentence_index', 'i.created_at'])
    .where('i.task_id', '=', taskId)
    .orderBy('i.id')
    .execute()
}

describe('one by one', () => {
  it('sends every sentence to a recipient, then the next; sentence interval between sentences; rests after each round', async () => {
    const t = await fresh()
    const to = phones(1, 4)
    const id = await api.create(
      t.boss,
      taskBody({
        accountIds: t.accounts,
        audience: { type: 'strangers', phones: to },
        sentences: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
        sentenceInterval: { min: 10, max: 10 },
        customerInterval: { min: 60, max: 60 },
        sendCount: { min: 2, max: 2 },
      }),
    )
    await drive.finish(id, 1_000)
    const s = await sends(id)
    expect(s.map((x) => [x.phone, x.sentence_index])).toEqual([
      [to[0], 0],
      [to[0], 1],
      [to[1], 0],
      [to[1], 1],
      [to[2], 0],
      [to[2], 1],
      [to[3], 0],
      [to[3], 1],
    ])
    const at = s.map((x) => x.created_at)
    const gap = (a: number, b: number) => (at[b] as number) - (at[a] as number)
    for (const i of [0, 2, 4, 6]) expect(gap(i, i + 1)).toBeGreaterThanOrEqual(10_000)
    // within a round the next recipient starts at once; after two, the customer interval
    expect(gap(1, 2)).toBeLessThan(10_000)
    expect(gap(3, 4)).toBeGreaterThanOrEqual(60_000)
    expect(gap(5, 6)).toBeLessThan(10_000)
    for (const p of to) expect(textsTo(ctx, t.shops[0] as string, p)).toEqual(['one', 'two'])
  })

  it('keeps the order across a pause and a resume, and sends nothing while paused', async () => {
    const t = await fresh()
    const to = phones(2, 6)
    const id = await api.create(
      t.boss,
      taskBody({
        accountIds: t.accounts,
        audience: { type: 'strangers', phones: to },
        customerInterval: { min: 5, max: 5 },
      }),
    )
    await drive.until(async () => (await sends(id)).length >= 2, 1_000)
    expect((await api.action(t.boss, 'pause', id)).code).toBe(0)
    const atPause = (await sends(id)).length
    for (let i = 0; i < 10; i++) await drive.round(60_000)
    expect((await sends(id)).length).toBe(atPause)
    expect(await drive.status(id)).toBe('paused')
    expect((await api.action(t.boss, 'resume', id)).code).toBe(0)
    await drive.finish(id, 1_000)
    expect((await sends(id)).map((x) => x.phone)).toEqual(to)
    const got = ctx.sim.network
      .chatsOf(t.shops[0] as string)
      .map((c) => c.peer)
      .sort()
    expect(got).toEqual([...to].sort())
    for (const p of to) expect(textsTo(ctx, t.shops[0] as string, p)).toHaveLength(1)
  })

  it('stops at the daily maximum per account and goes on the next day', async () => {
    const t = await fresh()
    const to = phones(3, 3)
    const id = await api.create(
      t.boss,
      taskBody({
        accountIds: t.accounts,
        audience: { type: 'strangers', phones: to },
        dailyCap: 2,
        utcOffsetMinutes: 0,
      }),
    )
    await drive.until(async () => (await sends(id)).length >= 2)
    for (let i = 0; i < 5; i++) await drive.round(60_000)
    expect((await sends(id)).length).toBe(2)
    const dayEnd = (Math.floor(drive.at / 86_400_000) + 1) * 86_400_000
    await drive.round(dayEnd - drive.at + 1)
    await drive.finish(id, 1_000)
    expect((await sends(id)).map((x) => x.phone)).toEqual(to)
  })

  it('waits for its appointment (pending), then runs', async () => {
    const t = await fresh()
    const id = await api.create(
      t.boss,
      taskBody({
        accountIds: t.accounts,
        audience: { type: 'strangers', phones: phones(4, 1) },
        appointmentAt: drive.at + 3_600_000,
      }),
    )
    for (let i = 0; i < 3; i++) await drive.round(60_000)
    expect(await drive.status(id)).toBe('pending')
    await drive.round(3_600_000)
    await drive.finish(id, 1_000)
    expect(await drive.status(id)).toBe('completed')
  })
})

describe('after reply and after read', () => {
  const three = [
    { type: 'text', text: 'first' },
    { type: 'text', text: 'second' },
    { type: 'text', text: 'third' },
  ]

  it('after reply: each next sentence only once that customer replied; no reply within the wait ends stopped', async () => {
    const t = await fresh()
    const [a, b] = phones(5, 2) as [string, string]
    const shop = t.shops[0] as string
    const id = await api.create(
      t.boss,
      taskBody({
        accountIds: t.accounts,
        method: 'after_reply',
        audience: { type: 'strangers', phones: [a, b] },
        sentences: three,
        waitTimeout: 600,
      }),
    )
    await drive.until(async () => textsTo(ctx, shop, b).length === 1, 1_000)
    for (let i = 0; i < 5; i++) await drive.round(30_000)
    expect([textsTo(ctx, shop, a), textsTo(ctx, shop, b)]).toEqual([['first'], ['first']])
    ctx.sim.network.customerSend(a, shop, { kind: 'text', text: 'tell me more' })
    await ctx.sim.settle(100)
    await drive.until(async () => textsTo(ctx, shop, a).length === 2, 1_000, 20)
    ctx.sim.network.customerSend(a, shop, { kind: 'text', text: 'and?' })
    await ctx.sim.settle(100)
    await drive.until(async () => textsTo(ctx, shop, a).length === 3, 1_000, 20)
    await drive.finish(id, 60_000, 30)
    expect([textsTo(ctx, shop, a), textsTo(ctx, shop, b)]).toEqual([three.map((s) => s.text), ['first']])
    const log = await api.recipients(t.boss, id)
    expect(log.map((r) => [r.phone, r.state])).toEqual([
      [a, 'sent'],
      [b, 'stopped'],
    ])
    // the first two were answered; the last one may have been delivered by now, not replied to
    expect(log[0]?.sentences.map((s) => s.delivery).slice(0, 2)).toEqual(['replied', 'replied'])
    expect(log[0]?.sentences[2]?.delivery).not.toBe('replied')
    expect((await api.detail(t.boss, id)).counters).toMatchObject({ sent: 1, stopped: 1, replied: 1 })
  })

  it('after read: the next sentence once the previous one is read', async () => {
    const t = await fresh()
    const [a, b] = phones(6, 2) as [string, string]
    const shop = t.shops[0] as string
    const id = await api.create(
      t.boss,
      taskBody({
        accountIds: t.accounts,
        method: 'after_read',
        audience: { type: 'strangers', phones: [a, b] },
        sentences: three.slice(0, 2),
        waitTimeout: 600,
      }),
    )
    await drive.until(async () => textsTo(ctx, shop, b).length === 1, 1_000)
    await ctx.sim.settle(10_000)
    for (let i = 0; i < 3; i++) await drive.round(10_000)
    expect(textsTo(ctx, shop, a)).toEqual(['first'])
    ctx.sim.network.customerRead(a, shop)
    await ctx.sim.settle(100)
    await drive.until(async () => textsTo(ctx, shop, a).length === 2, 1_000, 20)
    expect(textsTo(ctx, shop, b)).toEqual(['first'])
    await drive.finish(id, 60_000, 30)
    expect((await api.recipients(t.boss, id)).map((r) => r.state)).toEqual(['sent', 'stopped'])
    expect((await api.detail(t.boss, id)).counters).toMatchObject({
      read: 1,
      delivered: 2,
      sent: 1,
      stopped: 1,
    })
  })
})

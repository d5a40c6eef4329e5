import { randomBytes } from 'node:crypto'
import { Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSystemScope } from '../../db/system-scope.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'
import { REDIS_URL, redisReachable } from '../../test/redis.js'
import { type StoredOutbound, toGatewayContent } from './outbox.content.js'
import { OutboxRepository } from './outbox.repository.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('modules/outbox/outbox.lease.test')

const withRedis = await redisReachable()

// a short lease, so that it runs out several times over within a test; renewed every third of it,
// so a renewal may come up to two thirds of a lease late (a loaded machine's timers) before it lapses
const LEASE_MS = 900
const SHOP = '8613800000091'

let ctx: TestContext
let tenant: number
let userId: number
let repo: OutboxRepository

beforeAll(async () => {
  ctx = await createTestContext({
    OUTBOX_LEASE_MS: String(LEASE_MS),
    SEND_RATE_PER_MINUTE: '6000',
    SEND_BURST: '1000',
  })
  tenant = await ctx.tenant('lease')
  userId = (await ctx.as(tenant, Role.customerMaster, 'lease-boss')).userId
  await ctx.linkAccount(tenant, SHOP)
  repo = new OutboxRepository(ctx.db)
})
afterAll(() => ctx.close())

const send = (sessionId: number, text: string) =>
  ctx.messaging.outbox.enqueue({
    tenantId: tenant,
    sessionId,
    content: { type: 'text', text },
    requestedBy: userId,
  })
const rowOf = (messageId: number) =>
  ctx.db.selectFrom('outbox').selectAll().where('message_id', '=', messageId).executeTakeFirstOrThrow()
const messageOf = (id: number) =>
  ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
/** What a customer's phone got from the shop, by text. */
const got = (customer: string) =>
  ctx.sim.network
    .messagesBetween(SHOP, customer)
    .filter((m) => m.from === SHOP)
    .map((m) => m.text)
const until = async (what: string, cond: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('the outbox lease', () => {
  it('is renewed while its process works on a row: another process finds nothing to take however long the send lasts', async () => {
    const customer = '447700959001'
    const s = await customerSession(ctx, customer, SHOP)
    const m = await send(s, 'a slow one')
    // the network answers this send only when the test says so
    const gateway = ctx.sim.gateway as MessagingGateway
    const real = gateway.send
    let answer: () => void = () => undefined
    const held = new Promise<void>((r) => {
      answer = r
    })
    gateway.send = async (...args) => {
      await held
      return real.apply(gateway, args)
    }
    try {
      const round = ctx.messaging.dispatcher.tick()
      await until('the row claimed', async () => (await rowOf(m.id)).lease_owner !== null)
      const claimedUntil = Number((await rowOf(m.id)).lease_until)
      // several leases pass while the send is still out
      await until('three leases past the claim', () => Date.now() > claimedUntil + 3 * LEASE_MS)
      const row = await rowOf(m.id)
      expect(row.lease_owner).toBe(ctx.messaging.dispatcher.owner)
      expect(Number(row.lease_until)).toBeGreaterThan(Date.now())
      expect(await repo.systemClaim(system, 'another-process', Date.now(), LEASE_MS, 50)).toEqual([])
      answer()
      await round
    } finally {
      answer()
      gateway.send = real
    }
    await ctx.sim.settle(100)
    expect(await messageOf(m.id)).toMatchObject({ status: 'sent' })
    expect(await rowOf(m.id)).toMatchObject({ state: 'sent', lease_owner: null })
    expect(got(customer)).toEqual(['a slow one'])
  })

  it("a dead process's row is taken one lease after its last renewal and sent with the same id: the customer gets it once", async () => {
    const customer = '447700959002'
    const s = await customerSession(ctx, customer, SHOP)
    const m = await send(s, 'sent before the crash')
    // a process claimed it, put it on the network, and died before recording it
    const [claimed] = await repo.systemClaim(system, 'dead-process', Date.now(), LEASE_MS, 50)
    expect(claimed?.message_id).toBe(m.id)
    const stored = JSON.parse(claimed?.content as string) as StoredOutbound
    await ctx.sim.gateway.send(
      String(claimed?.account_id),
      claimed?.to_jid as string,
      await toGatewayContent(ctx.db, ctx.messaging.media, tenant, stored.content),
      { messageId: claimed?.wa_message_id as string },
    )
    // held until its lease runs out: nothing to take yet
    expect(await ctx.messaging.dispatcher.tick()).toBe(false)
    expect((await rowOf(m.id)).lease_owner).toBe('dead-process')
    await until('the lease run out', () => Date.now() > Number(claimed?.lease_until))
    await ctx.messaging.dispatcher.tick()
    await ctx.sim.settle(100)
    expect(await messageOf(m.id)).toMatchObject({ status: 'sent', wa_message_id: claimed?.wa_message_id })
    expect(await rowOf(m.id)).toMatchObject({ state: 'sent', lease_owner: null })
    expect(got(customer)).toEqual(['sent before the crash'])
  })
})

describe.skipIf(!withRedis)('several processes: a send for a number no process holds', () => {
  let cx: TestContext
  let shopAccount: number
  let boss: number
  let t: number
  const shop = '8613800000092'
  beforeAll(async () => {
    cx = await createTestContext({
      REDIS_URL,
      REDIS_PREFIX: `outbox-lease-${randomBytes(4).toString('hex')}:`,
      SEND_RATE_PER_MINUTE: '6000',
      SEND_BURST: '1000',
    })
    t = await cx.tenant('orphan')
    boss = (await cx.as(t, Role.customerMaster, 'orphan-boss')).userId
    shopAccount = await cx.linkAccount(t, shop)
  })
  afterAll(() => cx.close())

  it('waits, without spending an attempt, until a process holds the number again; then goes out once', async () => {
    const customer = '447700959003'
    const s = await customerSession(cx, customer, shop)
    // its holder died: the connection is gone, the lease has run out, the row still says online
    await cx.messaging.runtime.handOff(String(shopAccount))
    await cx.db
      .insertInto('account_leases')
      .values({ account_id: shopAccount, holder: 'dead-process', expires_at: Date.now() - 1_000 })
      .execute()
    const m = await cx.messaging.outbox.enqueue({
      tenantId: t,
      sessionId: s,
      content: { type: 'text', text: 'after the takeover' },
      requestedBy: boss,
    })
    const row = () =>
      cx.db.selectFrom('outbox').selectAll().where('message_id', '=', m.id).executeTakeFirstOrThrow()
    await cx.messaging.dispatcher.tick()
    expect(await row()).toMatchObject({ state: 'sending', attempts: 0, last_error: 'account reconnecting' })
    expect(Number((await row()).due_at)).toBeLessThanOrEqual(Date.now() + 1_000)

    // a process takes the number over
    expect(await cx.messaging.runtime.start(String(shopAccount))).toBe('started')
    await cx.sim.settle(100)
    await cx.db.updateTable('outbox').set({ due_at: Date.now() }).where('message_id', '=', m.id).execute()
    await cx.messaging.dispatcher.tick()
    await cx.sim.settle(100)
    expect(await row()).toMatchObject({ state: 'sent', attempts: 1 })
    expect(
      cx.sim.network
        .messagesBetween(shop, customer)
        .filter((x) => x.from === shop)
        .map((x) => x.text),
    ).toEqual(['after the takeover'])
  })
})

import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSystemScope } from '../../db/system-scope.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox, recordEvents } from '../../test/messaging.js'
import { OutboxRepository } from './outbox.repository.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('modules/outbox/outbox.test')

let ctx: TestContext
let tenant: number
let userId: number
let account: number
const SHOP = '8613800000001'
let emitted: ReturnType<typeof recordEvents>

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  tenant = await ctx.tenant('acme')
  userId = (await ctx.as(tenant, Role.customerMaster, 'boss')).userId
  account = await ctx.linkAccount(tenant, SHOP)
  emitted = recordEvents(ctx)
})
afterAll(() => ctx.close())

const sessionWith = (phone: string, accountPhone = SHOP) => customerSession(ctx, phone, accountPhone)
const run = () => drainOutbox(ctx)
const send = (sessionId: number, text: string, extra: Record<string, unknown> = {}) =>
  ctx.messaging.outbox.enqueue({
    tenantId: tenant,
    sessionId,
    content: { type: 'text', text },
    requestedBy: userId,
    ...extra,
  })
const msg = (id: number) =>
  ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const received = (customer: string) =>
  ctx.sim.network.messagesBetween(SHOP, customer).filter((m) => m.from === SHOP)

describe('enqueue', () => {
  it("answers not found for another tenant's session and stores nothing", async () => {
    const other = await ctx.tenant('rival')
    await ctx.linkAccount(other, '8613800000009')
    const theirs = await sessionWith('447700900099', '8613800000009')
    await expect(
      ctx.messaging.outbox.enqueue({
        tenantId: tenant,
        sessionId: theirs,
        content: { type: 'text', text: 'x' },
        requestedBy: userId,
      }),
    ).rejects.toMatchObject({ code: 404 })
    expect(await ctx.db.selectFrom('outbox').select('id').execute()).toEqual([])
  })

  it('refuses an expired subscription, a blocked or invalid session (manual), a missing file', async () => {
    const s = await sessionWith('447700900001')
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: Date.now() - 3 * 86_400_000 })
      .where('tenant_id', '=', tenant)
      .where('role_id', '=', 4)
      .execute()
    await expect(send(s, 'x')).rejects.toMatchObject({ code: ErrorCode.vipExpired })
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: Date.now() + 30 * 86_400_000 })
      .where('tenant_id', '=', tenant)
      .where('role_id', '=', 4)
      .execute()
    await ctx.db.updateTable('sessions').set({ blocked: 1 }).where('id', '=', s).execute()
    await expect(send(s, 'x')).rejects.toMatchObject({ code: ErrorCode.sessionBlocked })
    await ctx.db.updateTable('sessions').set({ blocked: 0, invalid: 1 }).where('id', '=', s).execute()
    await expect(send(s, 'x')).rejects.toMatchObject({ code: ErrorCode.invalidCustomerSession })
    await ctx.db.updateTable('sessions').set({ invalid: 0 }).where('id', '=', s).execute()
    await expect(
      ctx.messaging.outbox.enqueue({
        tenantId: tenant,
        sessionId: s,
        content: { type: 'image', mediaId: 999 },
        requestedBy: userId,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.mediaNotFound })
    expect(await ctx.db.selectFrom('outbox').select('id').execute()).toEqual([])
  })

  it('writes the message and its outbox row with the WhatsApp id chosen up front, then sends with that id', async () => {
    const s = await sessionWith('447700900002')
    const m = await send(s, 'our price list')
    expect(m).toMatchObject({
      status: 'requested',
      fromMe: true,
      waMessageId: expect.stringMatching(/^3EB0/),
    })
    const row = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('message_id', '=', m.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      state: 'requested',
      wa_message_id: m.waMessageId,
      to_jid: '447700900002@s.whatsapp.net',
      origin: 'manual',
    })
    expect(emitted.at(-1)).toMatchObject({
      event: 'message.new',
      payload: {
        message: { id: m.id, status: 'requested' },
        session: { id: s, lastMessage: 'our price list' },
      },
    })
    await run()
    expect(await msg(m.id)).toMatchObject({ status: 'sent' })
    expect(received('447700900002')).toEqual([
      expect.objectContaining({ id: m.waMessageId, text: 'our price list', viaDevice: true }),
    ])
    expect(
      await ctx.db
        .selectFrom('outbox')
        .select(['state', 'attempts'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ state: 'sent', attempts: 1 })
    const statuses = emitted
      .filter((e) => e.event === 'message.updated' && e.payload.id === m.id)
      .map((e) => e.payload.status)
    expect(statuses.slice(0, 2)).toEqual(['sending', 'sent'])
  })

  it('keeps the order of messages within a session and quotes by our id', async () => {
    const s = await sessionWith('447700900003')
    const first = await send(s, 'one')
    await send(s, 'two', { quoted: { messageId: first.id } })
    await send(s, 'three')
    await run()
    const got = received('447700900003')
    expect(got.map((m) => m.text)).toEqual(['one', 'two', 'three'])
    expect(got[1].quotedId).toBe(first.waMessageId)
  })
})

describe('crash safety', () => {
  it('retries a row a dead process left "sending" with the same id, and the customer gets it once', async () => {
    const s = await sessionWith('447700900031')
    const a = await send(s, 'claimed, never sent')
    const b = await send(s, 'sent, never recorded')
    const repo = new OutboxRepository(ctx.db)
    const claimed = await repo.systemClaim(system, 'dead-process', Date.now(), 60_000, 10)
    expect(claimed.map((r) => r.message_id)).toEqual([a.id, b.id])
    // the dead process got b out to WhatsApp, then died before writing it down
    await ctx.sim.gateway.send(
      String(account),
      '447700900031@s.whatsapp.net',
      { kind: 'text', text: 'sent, never recorded' },
      { messageId: b.waMessageId },
    )
    expect(await ctx.messaging.dispatcher.tick()).toBe(false) // leased: nobody touches them
    await ctx.db
      .updateTable('outbox')
      .set({ lease_until: Date.now() - 1 })
      .where('lease_owner', '=', 'dead-process')
      .execute()
    await run()
    expect((await msg(a.id)).status).toBe('sent')
    expect((await msg(b.id)).status).toBe('sent')
    expect(received('447700900031').map((m) => [m.id, m.text])).toEqual([
      [b.waMessageId, 'sent, never recorded'],
      [a.waMessageId, 'claimed, never sent'],
    ])
  })

  it('two dispatchers never claim the same row', async () => {
    const s = await sessionWith('447700900041')
    for (let i = 0; i < 60; i++) await send(s, `m${i}`)
    const one = new OutboxRepository(ctx.db)
    const two = new OutboxRepository(ctx.db)
    const [x, y] = await Promise.all([
      one.systemClaim(system, 'one', Date.now(), 60_000, 40),
      two.systemClaim(system, 'two', Date.now(), 60_000, 40),
    ])
    const ids = [...x, ...y].map((r) => r.id)
    expect(ids).toHaveLength(60)
    expect(new Set(ids).size).toBe(60)
    await ctx.db
      .updateTable('outbox')
      .set({ lease_until: Date.now() - 1 })
      .where('lease_owner', 'in', ['one', 'two'])
      .execute()
    await run()
  })
})

import { Role } from '@app/core'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let account: number
const SHOP = '8613800000001'
const ALICE = '447700900001'
const BOB = '447700900002'
const emitted: { rooms: string[]; event: string; payload: Record<string, unknown> }[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  await ctx.as(tenant, Role.customerMaster, 'boss')
  account = await ctx.linkAccount(tenant, SHOP)
  ctx.sim.network.addPhone(ALICE, { name: 'Alice' })
  ctx.messaging.hub.observe((rooms, event, payload) =>
    emitted.push({ rooms, event, payload: payload as Record<string, unknown> }),
  )
})
afterAll(() => ctx.close())

const messages = () =>
  ctx.db.selectFrom('messages').selectAll().where('account_id', '=', account).orderBy('id').execute()

describe('revokes, edits and receipts', () => {
  it('marks a revoked message withdrawn and applies an edit', async () => {
    const m = ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'oops' })
    const n = ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'typo' })
    await ctx.sim.settle(1_000)
    ctx.sim.network.customerRevoke(ALICE, m.id)
    ctx.sim.network.customerEdit(ALICE, n.id, 'fixed')
    await ctx.sim.settle(1_000)
    const rows = await ctx.db
      .selectFrom('messages')
      .select(['wa_message_id', 'status', 'body'])
      .where('wa_message_id', 'in', [m.id, n.id])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { wa_message_id: m.id, status: 'withdrawn', body: 'oops' },
      { wa_message_id: n.id, status: 'sent', body: 'fixed' },
    ])
    expect(
      emitted
        .filter((e) => e.event === 'message.updated')
        .slice(-2)
        .map((e) => e.payload),
    ).toEqual([expect.objectContaining({ status: 'withdrawn' }), expect.objectContaining({ body: 'fixed' })])
  })

  it('moves delivery forward only, and a reply marks earlier outbound messages replied', async () => {
    const session = (await messages()).find((m) => m.type === 'text')?.session_id ?? 0
    const boss = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'boss')
      .executeTakeFirstOrThrow()
    const out = await ctx.messaging.outbox.enqueue({
      tenantId: tenant,
      sessionId: session,
      content: { type: 'text', text: 'our offer' },
      requestedBy: boss.id,
    })
    await ctx.messaging.dispatcher.tick()
    await ctx.sim.settle(5_000)
    ctx.sim.network.customerRead(ALICE, SHOP)
    await ctx.sim.settle()
    const row = () =>
      ctx.db
        .selectFrom('messages')
        .select(['status', 'delivery'])
        .where('id', '=', out.id)
        .executeTakeFirstOrThrow()
    expect(await row()).toEqual({ status: 'sent', delivery: 'read' })
    // a late 'delivered' receipt does not move it back
    const ref = { chatId: `${ALICE}@s.whatsapp.net`, id: out.waMessageId, fromMe: true }
    await ctx.messaging.inbound.onStatus({ accountId: String(account), ref, status: 'delivered' })
    expect(await row()).toEqual({ status: 'sent', delivery: 'read' })
    await ctx.sim.settle(1_000)
    ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'deal' })
    await ctx.sim.settle(1_000)
    expect(await row()).toEqual({ status: 'sent', delivery: 'replied' })
    expect(
      emitted.some(
        (e) => e.event === 'message.updated' && e.payload.id === out.id && e.payload.delivery === 'replied',
      ),
    ).toBe(true)
  })
})

describe('realtime after commit', () => {
  it('emits message.new to the tenant and session rooms only once the row is visible to another connection', async () => {
    if (process.env.TEST_DIALECT === 'postgres') return
    const file = (
      await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(ctx.db)
    ).rows[0].file
    const reader = new SQLite(file, { readonly: true })
    const seenByReader: boolean[] = []
    const off = ctx.messaging.hub.observe((_rooms, event, payload) => {
      if (event !== 'message.new') return
      const id = (payload as { message: { id: number } }).message.id
      seenByReader.push(reader.prepare('select 1 from messages where id = ?').get(id) !== undefined)
    })
    for (let i = 0; i < 5; i++) ctx.sim.network.customerSend(BOB, SHOP, { kind: 'text', text: `n${i}` })
    await ctx.sim.settle(1_000)
    off()
    reader.close()
    expect(seenByReader).toEqual([true, true, true, true, true])
    const last = emitted.filter((e) => e.event === 'message.new').at(-1)
    const sessionId = (last?.payload.session as { id: number } | undefined)?.id
    expect(last?.rooms).toEqual([`tenant:${tenant}`, `session:${sessionId}`])
  })
})

import { Role } from '@app/core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxRow } from '../../db/schema.js'
import { openSystemScope } from '../../db/system-scope.js'
import { createTestContext, createTestDb, type TestContext } from '../../test/harness.js'
import { seedLinkedTenant } from '../../test/linked-tenant.js'
import { InboundStore } from '../messages/inbound.store.js'
import { SessionDirectory } from '../sessions/index.js'
import { OutboxRepository } from './outbox.repository.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('modules/outbox/outbox.lock-order.test')

// Row locks exist on PostgreSQL only: SQLite takes one lock for the whole database per write.
const postgres = process.env.TEST_DIALECT === 'postgres'
const SHOP = '8613800000081'
const CUSTOMERS = ['447700958001', '447700958002', '447700958003']

let ctx: TestContext
let url: string
let dropDb: () => Promise<void>
let tenantId: number
let userId: number
let sessionIds: number[]
let repo: OutboxRepository
let store: InboundStore

beforeAll(async () => {
  if (!postgres) return
  const made = await createTestDb()
  url = made.url as string
  dropDb = made.drop
  ctx = await createTestContext({ SEND_RATE_PER_MINUTE: '1000000', SEND_BURST: '1000000' }, { db: made.db })
  ;({ tenantId, userId, sessionIds } = await seedLinkedTenant(ctx.db, 'locks', [SHOP], CUSTOMERS))
  repo = new OutboxRepository(ctx.db)
  store = new InboundStore(ctx.db, new SessionDirectory(ctx.db), repo)
})
afterAll(async () => {
  if (!postgres) return
  await ctx.close()
  await dropDb()
})

/** A queued message and its outbox row, written by the one outbound path. */
async function queued(sessionId = sessionIds[0] as number, text = 'hello'): Promise<OutboxRow> {
  const m = await ctx.messaging.outbox.enqueue({
    tenantId,
    sessionId,
    content: { type: 'text', text },
    requestedBy: userId,
  })
  return ctx.db.selectFrom('outbox').selectAll().where('message_id', '=', m.id).executeTakeFirstOrThrow()
}

/** What a receipt of ours does in the inbound path's transaction: our echo settles the send, the receipt moves delivery. */
function receipt(row: OutboxRow) {
  return ctx.db.transaction().execute(async (tx) => {
    await store.echo(tx, row.account_id, row.wa_message_id)
    await store.messages.systemDeliver(system, tx, row.account_id, row.wa_message_id, 'delivered')
  })
}

const until = async (cond: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/**
 * Run `write` while another connection holds the message's row lock, and answer whether the
 * write, once it waits on that lock, has left the outbox row free (it takes the message first).
 */
async function takesMessageFirst(row: OutboxRow, write: () => Promise<unknown>): Promise<boolean> {
  const blocker = new pg.Client({ connectionString: url })
  const probe = new pg.Client({ connectionString: url })
  await blocker.connect()
  await probe.connect()
  try {
    await blocker.query('begin')
    await blocker.query('select id from messages where id = $1 for update', [row.message_id])
    const running = write()
    await until(async () => {
      const r = await probe.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )
      return (r.rows[0] as { n: number }).n > 0
    })
    let free: boolean
    await probe.query('begin')
    try {
      await probe.query('select id from outbox where id = $1 for update nowait', [row.id])
      free = true
    } catch (err) {
      if ((err as { code?: string }).code !== '55P03') throw err
      free = false
    }
    await probe.query('rollback')
    await blocker.query('commit')
    await running
    return free
  } finally {
    await blocker.end()
    await probe.end()
  }
}

describe.skipIf(!postgres)('writes of a message and its outbox row lock the message first', () => {
  it('the record of a sent send, the record of a failed one, our echo, a session deleted', async () => {
    const sent = await queued()
    expect(await takesMessageFirst(sent, () => repo.systemRecordSent(system, sent, Date.now()))).toBe(true)

    const failed = await queued()
    expect(
      await takesMessageFirst(failed, () =>
        repo.systemRecordFailed(system, failed, 'platform_limit', 'test'),
      ),
    ).toBe(true)

    const echoed = await queued()
    expect(await takesMessageFirst(echoed, () => receipt(echoed))).toBe(true)

    const deleted = await queued(sessionIds[1])
    await ctx.db.updateTable('sessions').set({ invalid: 1 }).where('id', '=', deleted.session_id).execute()
    const caller = {
      tenantId,
      userId,
      roleId: Role.customerMaster,
      username: 'locks-boss',
      tokenId: 0,
      isPlatform: false,
      actingUserId: userId,
      agentId: null,
    }
    expect(
      await takesMessageFirst(deleted, () => ctx.desk.actions.remove(caller, deleted.session_id, 'test')),
    ).toBe(true)
  })

  it('a send recorded while its receipt arrives, 300 times over: no deadlock', {
    timeout: 120_000,
  }, async () => {
    const rows: OutboxRow[] = []
    for (let i = 0; i < 300; i++) rows.push(await queued(sessionIds[2], `race ${i}`))
    let deadlocks = 0
    const counted = (p: Promise<unknown>) =>
      p.catch((err: { code?: string }) => {
        if (err.code !== '40P01') throw err
        deadlocks++
      })
    // eight pairs at a time: each pair's two transactions start together on the same two rows
    for (let i = 0; i < rows.length; i += 8)
      await Promise.all(
        rows
          .slice(i, i + 8)
          .flatMap((row) => [counted(repo.systemRecordSent(system, row, Date.now())), counted(receipt(row))]),
      )
    const settled = await ctx.db
      .selectFrom('messages as m')
      .innerJoin('outbox as o', 'o.message_id', 'm.id')
      .select(['m.status', 'm.delivery', 'o.state'])
      .where('m.session_id', '=', sessionIds[2] as number)
      .execute()
    console.info(`send records racing their receipts: ${rows.length} pairs, ${deadlocks} deadlocks`)
    expect(deadlocks).toBe(0)
    expect(
      settled.every((r) => r.status === 'sent' && r.delivery === 'delivered' && r.state === 'sent'),
    ).toBe(true)
  })
})

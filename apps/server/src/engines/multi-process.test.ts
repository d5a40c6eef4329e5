import { MessageStatus, massSendCreateBody, NurturingPath, Role, SendOrigin } from '@app/core'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/index.js'
import type { TokenService } from '../modules/auth/token.service.js'
import { SeatsRepository } from '../modules/billing/seats.repository.js'
import { SeatExpiryEngine } from '../modules/billing/seats.service.js'
import { taskBody } from '../modules/massSend/massSend.fixtures.js'
import { RollupEngine } from '../modules/statistics/rollup.engine.js'
import { RollupRepository } from '../modules/statistics/rollup.repository.js'
import { recount, rolledUp, seedTraffic } from '../modules/statistics/statistics.fixtures.js'
import { ensurePlatformAdmin } from '../modules/system/bootstrap.js'
import { ADMIN_PASSWORD, adminToken, createTestContext, type TestContext } from '../test/harness.js'
import { seedLinkedTenant } from '../test/linked-tenant.js'
import { inheritanceOn, openTwice } from '../test/multi-process.js'

/**
 * Two server processes over one database (see `openTwice`), each with its own engines, run round
 * for round at the same time: every piece of work is done once.
 */

const log = pino({ level: 'silent' })

let a: TestContext
let b: TestContext
let dbA: Db
let dbB: Db
let dropDb: (() => Promise<void>) | undefined

const count = async (db: Db, table: 'messages' | 'mass_send_items') =>
  Number(
    (
      await db
        .selectFrom(table as 'messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

beforeAll(async () => {
  ;({ dbA, dbB, drop: dropDb } = await openTwice())
  await ensurePlatformAdmin(dbA, log, ADMIN_PASSWORD)
  const env = { SEND_RATE_PER_MINUTE: '1000000', SEND_BURST: '1000000' }
  a = await createTestContext(env, { db: dbA })
  b = await createTestContext(env, { db: dbB })
})
afterAll(async () => {
  await a?.close()
  await b?.close()
  await dropDb?.()
})

describe('two server processes on one database', () => {
  it('a mass send to 50 customers queues each of its 2 sentences once per customer', async () => {
    const shops = Array.from({ length: 5 }, (_, i) => `86138001${String(i + 1).padStart(5, '0')}`)
    const customers = Array.from({ length: 10 }, (_, i) => `44770091${String(i + 1).padStart(4, '0')}`)
    const seeded = await seedLinkedTenant(dbA, 'multimass', shops, customers)
    const caller = {
      tenantId: seeded.tenantId,
      userId: seeded.userId,
      roleId: Role.customerMaster,
      username: 'multimass-boss',
      tokenId: 0,
      isPlatform: false,
      actingUserId: seeded.userId,
      agentId: null,
    }
    const before = await count(dbA, 'messages')
    const { id } = await a.massSend.service.create(
      caller,
      massSendCreateBody.parse(
        taskBody({
          accountIds: seeded.accountIds,
          audience: { type: 'customers', all: true },
          sentences: [
            { type: 'text', text: 'A {phone}' },
            { type: 'text', text: 'B {phone}' },
          ],
        }),
      ),
    )
    let clock = Date.now()
    a.massSend.engine.now = () => clock
    b.massSend.engine.now = () => clock
    const status = async () =>
      (
        await dbA
          .selectFrom('mass_send_tasks')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status
    for (let round = 0; round < 400 && (await status()) !== 'completed'; round++) {
      await Promise.all([a.massSend.engine.tick(), b.massSend.engine.tick()])
      // the outbox (an engine of its own) stands in here: what was queued is sent
      await dbA
        .updateTable('messages')
        .set({ status: MessageStatus.sent })
        .where('status', 'in', [MessageStatus.requested, MessageStatus.sending])
        .execute()
      clock += 1_000
    }
    expect(await status()).toBe('completed')
    expect(await count(dbA, 'messages')).toBe(before + 100)
    expect(await count(dbA, 'mass_send_items')).toBe(100)
    const perSession = await dbA
      .selectFrom('messages')
      .select(['session_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('session_id', 'in', seeded.sessionIds)
      .groupBy('session_id')
      .execute()
    expect(perSession).toHaveLength(50)
    expect(new Set(perSession.map((r) => Number(r.n)))).toEqual(new Set([2]))
  })

  it('an expired port logs its account out once', async () => {
    const seeded = await seedLinkedTenant(
      dbA,
      'multiport',
      Array.from({ length: 6 }, (_, i) => `86138002${String(i + 1).padStart(5, '0')}`),
    )
    const now = Date.now()
    await dbA
      .updateTable('ports')
      .set({ expires_at: now - 1_000 })
      .where('tenant_id', '=', seeded.tenantId)
      .execute()
    const loggedOut: number[] = []
    const out = async (accountId: number) => {
      loggedOut.push(accountId)
    }
    const engines = [
      a.messaging.ports.expiryEngine(out, 60_000, log),
      b.messaging.ports.expiryEngine(out, 60_000, log),
    ]
    await Promise.all(engines.map((e) => e.tick(now)))
    await Promise.all(engines.map((e) => e.tick(now + 1_000)))
    expect(loggedOut.sort((x, y) => x - y)).toEqual(seeded.accountIds)
  })

  it('an ended seat signs its agent out once', async () => {
    const tenantId = await a.tenant('multiseat')
    const now = Date.now()
    const agents: number[] = []
    for (let i = 0; i < 5; i++) {
      const userId = await a.user(tenantId, Role.customerUser, `multiseat-agent${i}`)
      agents.push(userId)
      await dbA
        .insertInto('seats')
        .values({
          tenant_id: tenantId,
          user_id: userId,
          order_id: null,
          starts_at: now - 86_400_000,
          expires_at: now - 1_000,
          ended_reason: null,
          merged_into: null,
          lapsed_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute()
    }
    const revoked: number[] = []
    const tokens = {
      revokeAllOf: async (_tenantId: number, userId: number) => {
        revoked.push(userId)
      },
    } as unknown as TokenService
    const engines = [
      new SeatExpiryEngine(new SeatsRepository(dbA), tokens, 60_000, log),
      new SeatExpiryEngine(new SeatsRepository(dbB), tokens, 60_000, log),
    ]
    await Promise.all(engines.map((e) => e.tick(now)))
    await Promise.all(engines.map((e) => e.tick(now + 1_000)))
    expect(revoked.sort((x, y) => x - y)).toEqual(agents)
  })

  it('rollups count every row once even when a stalled process loses its lease mid-round', async () => {
    const seeded = await seedLinkedTenant(
      dbA,
      'multistats',
      Array.from({ length: 3 }, (_, i) => `86138003${String(i + 1).padStart(5, '0')}`),
    )
    const start = Date.now() - 20 * 3_600_000
    await seedTraffic(dbA, {
      tenantId: seeded.tenantId,
      accountIds: seeded.accountIds,
      senders: [seeded.userId, null],
      customers: 40,
      seed: 5,
      groupMessages: 10,
      start,
      spanMs: 12 * 3_600_000,
    })
    // small batches: many transactions for the two rounds to interleave
    const engine = (db: Db) =>
      new RollupEngine(db, new RollupRepository(db), { everyMs: 60_000, settleMs: 0, batch: 7 }, log)
    const first = engine(dbA)
    const second = engine(dbB)
    const now = Date.now() + 1_000
    let over = false
    const held = first.tick(now).finally(() => {
      over = true
    })
    while (
      !over &&
      !(
        await dbB
          .selectFrom('stat_cursors')
          .select('lease_owner')
          .where('name', '=', 'messages')
          .executeTakeFirst()
      )?.lease_owner
    )
      await new Promise((r) => setImmediate(r))
    // the second starts past the first's lease, as after a stall: both walk the cursors at once
    const [x, y] = await Promise.all([held, second.tick(now + 61_000)])
    expect(x.leased && y.leased).toBe(true)
    for (let i = 1; i < 100; i++) {
      const at = now + 200_000 + i
      const [p, q] = await Promise.all([first.tick(at), second.tick(at)])
      if (!p.more && !q.more && p.messages + q.messages + p.sessions + q.sessions + p.fans + q.fans === 0)
        break
    }
    const expected = await recount(dbA)
    const actual = await rolledUp(dbA)
    expect(actual.daily.size).toBeGreaterThan(0)
    expect(actual.daily).toEqual(expected.daily)
    expect(actual.responses).toEqual(expected.responses)
    expect(actual.fans).toEqual(expected.fans)
    expect(actual.open).toEqual(expected.open)
  })

  it('a hand-over taken on by a second worker while the first still runs moves each customer once', async () => {
    const customers = Array.from({ length: 1_200 }, (_, i) => `44770092${String(i).padStart(4, '0')}`)
    const seeded = await seedLinkedTenant(dbA, 'multiinherit', ['8613800400001'], [])
    const [from] = seeded.accountIds as [number]
    const now = Date.now()
    const to = await dbA
      .insertInto('ws_accounts')
      .values({
        tenant_id: seeded.tenantId,
        phone: '8613800400002',
        jid: '8613800400002@s.whatsapp.net',
        status: 'online',
        linked: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await dbA.updateTable('ws_accounts').set({ status: 'banned' }).where('id', '=', from).execute()
    for (let i = 0; i < customers.length; i += 300)
      await dbA
        .insertInto('fans')
        .values(
          customers.slice(i, i + 300).map((c) => ({
            tenant_id: seeded.tenantId,
            account_id: from,
            jid: `${c}@s.whatsapp.net`,
            phone: c,
            source: 'passive_add',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute()
    // a hand-over whose worker died before its first batch
    const { id } = await dbA
      .insertInto('fan_inheritances')
      .values({
        tenant_id: seeded.tenantId,
        from_account_id: from,
        to_account_id: to.id,
        mode: 'all',
        fan_ids: null,
        label_ids: null,
        label_names: '[]',
        status: 'running',
        lease_until: 0,
        created_by: seeded.userId,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const first = inheritanceOn(dbA).resumeStale(now)
    const cursor = async () =>
      Number(
        (
          await dbB
            .selectFrom('fan_inheritances')
            .select('last_fan_id')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).last_fan_id,
      )
    while ((await cursor()) === 0) await new Promise((r) => setImmediate(r))
    // the second finds the first's lease run out (a stall) while the first is at its batches
    await Promise.all([first, inheritanceOn(dbB).resumeStale(now + 120_000)])
    const row = await dbA
      .selectFrom('fan_inheritances')
      .select(['status', 'moved', 'repeated'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect({ ...row, moved: Number(row.moved), repeated: Number(row.repeated) }).toEqual({
      status: 'done',
      moved: customers.length,
      repeated: 0,
    })
    const copies = await dbA
      .selectFrom('fans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', to.id)
      .executeTakeFirstOrThrow()
    expect(Number(copies.n)).toBe(customers.length)
    const opened = await dbA
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', to.id)
      .executeTakeFirstOrThrow()
    expect(Number(opened.n)).toBe(customers.length)
  })

  // after the rollups: their recount would count nurturing's chats, which the rollups leave out
  it('nurturing pairs each new account once and takes each turn once', async () => {
    const seeded = await seedLinkedTenant(
      dbA,
      'multinurture',
      Array.from({ length: 4 }, (_, i) => `86138005${String(i + 1).padStart(5, '0')}`),
    )
    const admin = await adminToken(a)
    const post = (url: string, body: unknown) =>
      a.call('POST', url, { token: admin, body, headers: { language: 'en' } })
    for (const text of ['Hi', 'Fine thanks', 'Lunch later?'])
      expect((await post(NurturingPath.material, { language: 'en', text })).code).toBe(0)
    const rule = await post(NurturingPath.rule, {
      name: 'Both processes',
      tenantIds: [seeded.tenantId],
      language: 'en',
      days: 3,
      perDay: 4,
      activeFrom: 0,
      activeTo: 23 * 60 + 59,
      utcOffset: 0,
    })
    expect(rule.code).toBe(0)
    let clock = Date.now()
    a.nurturing.engine.useClock(() => clock)
    b.nurturing.engine.useClock(() => clock)
    for (let round = 0; round < 200; round++) {
      await Promise.all([a.nurturing.engine.tick(), b.nurturing.engine.tick()])
      await dbA
        .updateTable('messages')
        .set({ status: MessageStatus.sent })
        .where('status', 'in', [MessageStatus.requested, MessageStatus.sending])
        .execute()
      clock += 5 * 60_000
    }
    const pairs = await dbA
      .selectFrom('nurturing_pairs')
      .select(['a_account_id', 'b_account_id'])
      .where('tenant_id', '=', seeded.tenantId)
      .execute()
    expect(pairs.flatMap((p) => [p.a_account_id, p.b_account_id]).sort((x, y) => x - y)).toEqual(
      seeded.accountIds,
    )
    const sent = await dbA
      .selectFrom('nurturing_accounts')
      .select(['account_id', 'sent_total'])
      .where('tenant_id', '=', seeded.tenantId)
      .execute()
    const messages = await dbA
      .selectFrom('messages')
      .select(['account_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', seeded.tenantId)
      .where('origin', '=', SendOrigin.nurturing)
      .groupBy('account_id')
      .execute()
    const total = sent.reduce((n, r) => n + r.sent_total, 0)
    expect(total).toBeGreaterThan(4)
    expect(messages.reduce((n, r) => n + Number(r.n), 0)).toBe(total)
    // each account within its daily number: a turn taken twice would pass it
    for (const r of messages) expect(Number(r.n)).toBeLessThanOrEqual(4 * 2)
  })
})

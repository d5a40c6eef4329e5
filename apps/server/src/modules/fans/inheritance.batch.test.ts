import { Role } from '@app/core'
import type { Kysely } from 'kysely'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { Caller } from '../../http/caller.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { AccountDirectory } from '../accounts/index.js'
import { SessionDirectory } from '../sessions/index.js'
import { InheritanceRepository } from './inheritance.repository.js'
import {
  INHERIT_BATCH,
  INHERIT_LEASE_MS,
  type InheritanceDeps,
  InheritanceService,
} from './inheritance.service.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('modules/fans/inheritance.batch.test')

/**
 * Large sources: a hand-over commits batch by batch (no transaction holds more than one batch),
 * and one cut short by a crash is finished by the next worker from its last committed batch.
 */
let ctx: TestContext
let tenantId: number
let caller: Caller
let src: number
let dst: number
let third: number
/** every transaction a session was opened in, with how many */
const txs = new Map<Kysely<Database>, number>()
let service: InheritanceService
let deps: InheritanceDeps

const FANS = 10_000

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenantId = await ctx.tenant('bulk')
  const boss = await ctx.as(tenantId, Role.customerMaster, 'bulk-boss')
  caller = {
    tenantId,
    userId: boss.userId,
    roleId: Role.customerMaster,
    username: 'bulk-boss',
    tokenId: 0,
    isPlatform: false,
    actingUserId: boss.userId,
    agentId: null,
  }
  src = await ctx.linkAccount(tenantId, '8613557000001')
  dst = await ctx.linkAccount(tenantId, '8613557000002')
  third = await ctx.linkAccount(tenantId, '8613557000003')
  ctx.sim.network.ban('8613557000001')
  await ctx.sim.settle()
  const now = Date.now()
  const rows = Array.from({ length: FANS }, (_, i) => {
    const phone = `447955${String(i).padStart(6, '0')}`
    return {
      tenant_id: tenantId,
      account_id: src,
      jid: `${phone}@s.whatsapp.net`,
      phone,
      source: 'passive_add',
      created_at: now,
      updated_at: now,
    }
  })
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insertInto('fans')
      .values(rows.slice(i, i + 500))
      .execute()
  const accounts = new AccountDirectory(ctx.db)
  const sessions = new SessionDirectory(ctx.db)
  deps = {
    db: ctx.db,
    hub: ctx.messaging.hub,
    log: pino({ level: 'silent' }),
    account: async (t, id) => {
      const a = await accounts.systemById(system, id)
      return a?.tenant_id === t ? a : undefined
    },
    labelNames: async () => new Map(),
    openSession: (q, t, accountId, fanId, at, newFan) => {
      txs.set(q, (txs.get(q) ?? 0) + 1)
      return sessions.openPersonal(q, t, accountId, fanId, at, newFan)
    },
  }
  service = new InheritanceService(deps, new InheritanceRepository(ctx.db), 60_000)
})
afterAll(() => ctx.close())

const count = async (table: 'fans' | 'sessions', accountId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('a large hand-over', () => {
  it('finishes a hand-over a crash cut short, from its last committed batch', async () => {
    const ids = (
      await ctx.db
        .selectFrom('fans')
        .select('id')
        .where('account_id', '=', src)
        .orderBy('id')
        .limit(3)
        .execute()
    ).map((r) => r.id)
    // a hand-over whose worker died after its first batch (of one fan): running, lease run out
    const now = Date.now()
    const row = await ctx.db
      .insertInto('fan_inheritances')
      .values({
        tenant_id: tenantId,
        from_account_id: src,
        to_account_id: dst,
        mode: 'fans',
        fan_ids: JSON.stringify(ids),
        label_ids: null,
        moved: 1,
        last_fan_id: ids[0] as number,
        status: 'running',
        lease_until: now - 1,
        created_by: caller.userId,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // a worker that still holds its lease is left alone
    expect(await service.resumeStale(now - 2 * INHERIT_LEASE_MS)).toBe(0)
    expect(await service.resumeStale(now)).toBe(1)
    const done = await ctx.db
      .selectFrom('fan_inheritances')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(done).toMatchObject({ status: 'done', moved: 3, repeated: 0, last_fan_id: ids[2] })
    // only the two after the cursor were handed: the first batch's fan is not on the receiver
    expect(await count('fans', dst)).toBe(2)
    expect(await service.resumeStale(Date.now() + INHERIT_LEASE_MS)).toBe(0)
    await ctx.db.deleteFrom('sessions').where('account_id', '=', dst).execute()
    await ctx.db.deleteFrom('fans').where('account_id', '=', dst).execute()
    txs.clear()
  })

  // a hand-over of this size takes seconds on a loaded machine: the limits are the harness's, not the product's
  it(`hands ${FANS} fans over in transactions of at most ${INHERIT_BATCH}`, {
    timeout: 120_000,
  }, async () => {
    const record = await service.inherit(caller, { accountId: src, toAccountId: dst, mode: 'all' })
    expect(record).toMatchObject({ moved: FANS, repeat: 0, status: 'done' })
    expect(await count('fans', dst)).toBe(FANS)
    expect(await count('sessions', dst)).toBe(FANS)
    expect(txs.size).toBe(Math.ceil(FANS / INHERIT_BATCH))
    expect(Math.max(...txs.values())).toBe(INHERIT_BATCH)
  })

  it('answers a hand-over that outlasts the wait as running, and finishes it behind the answer', {
    timeout: 120_000,
  }, async () => {
    const quick = new InheritanceService(deps, new InheritanceRepository(ctx.db), 0)
    const record = await quick.inherit(caller, { accountId: src, toAccountId: third, mode: 'all' })
    expect(record.status).toBe('running')
    expect(record.moved).toBeLessThan(FANS)
    await expect
      .poll(
        async () =>
          (
            await ctx.db
              .selectFrom('fan_inheritances')
              .select(['status', 'moved'])
              .where('id', '=', record.id)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 100_000, interval: 200 },
      )
      .toBe('done')
    expect(await count('fans', third)).toBe(FANS)
  })
})

import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { dialectOf } from '../../db/dialect.js'
import type { Database } from '../../db/index.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import {
  MASS_ENV,
  MASS_SIM,
  MassDriver,
  massApi,
  massTenant,
  taskBody,
  textsTo,
} from '../massSend/massSend.fixtures.js'
import { OwnMessages } from '../messages/index.js'

let ctx: TestContext
let api: ReturnType<typeof massApi>
let drive: MassDriver

beforeAll(async () => {
  ctx = await createTestContext(MASS_ENV, MASS_SIM)
  api = massApi(ctx)
  drive = new MassDriver(ctx)
})
afterAll(() => ctx.close())

/**
 * Make the transaction `q` fail as concurrency makes it fail: a deadlock raised by PostgreSQL
 * itself, a busy database on SQLite (which no statement can raise on demand).
 */
async function failAsDeadlock(q: Kysely<Database>): Promise<never> {
  if (dialectOf(q as unknown as Kysely<unknown>) === 'postgres')
    await sql`do $$ begin raise exception 'deadlock detected (injected)' using errcode = '40P01'; end $$`.execute(
      q,
    )
  throw Object.assign(new Error('database is locked (injected)'), { code: 'SQLITE_BUSY' })
}

describe('a send WhatsApp took whose record fails', () => {
  it('is recorded once the write holds: sent, then delivered, on the phone once, counted sent by its task', async () => {
    const shop = '8613800000071'
    const t = await massTenant(ctx, 'record', [shop])
    const to = ['447700957001', '447700957002', '447700957003']
    // the first two records of a send fail after their statements ran inside the transaction:
    // the database rolls the whole record back, after the message reached the phone
    const markSent = OwnMessages.prototype.markSent
    let injected = 0
    const spy = vi.spyOn(OwnMessages.prototype, 'markSent').mockImplementation(async function (
      this: OwnMessages,
      q,
      tenantId,
      id,
      timestamp,
    ) {
      const row = await markSent.call(this, q, tenantId, id, timestamp)
      if (injected < 2) {
        injected++
        await failAsDeadlock(q)
      }
      return row
    })
    let taskId: number
    try {
      taskId = await api.create(
        t.boss,
        taskBody({
          accountIds: t.accounts,
          audience: { type: 'strangers', phones: to },
          sentences: [{ type: 'text', text: 'Hello {phone}' }],
        }),
      )
      await drive.finish(taskId)
    } finally {
      spy.mockRestore()
    }
    expect(injected).toBe(2)

    const messages = () =>
      ctx.db
        .selectFrom('mass_send_items as i')
        .innerJoin('messages as m', 'm.id', 'i.message_id')
        .select(['m.body', 'm.status', 'm.failure_reason', 'm.delivery'])
        .where('i.task_id', '=', taskId)
        .orderBy('m.id')
        .execute()
    expect((await messages()).map((m) => [m.body, m.status, m.failure_reason])).toEqual(
      to.map((p) => [`Hello ${p}`, 'sent', null]),
    )
    const outbox = await ctx.db
      .selectFrom('outbox')
      .select('state')
      .where('tenant_id', '=', t.tenantId)
      .execute()
    expect(outbox.map((o) => o.state)).toEqual(['sent', 'sent', 'sent'])
    // each phone got its message once
    for (const p of to) expect(textsTo(ctx, shop, p)).toEqual([`Hello ${p}`])
    // and the phones' receipts move it on
    await ctx.sim.settle(10_000)
    expect((await messages()).map((m) => m.delivery)).toEqual(['delivered', 'delivered', 'delivered'])

    const detail = await api.detail(t.boss, taskId)
    expect(detail.status).toBe('completed')
    expect(detail.counters).toMatchObject({ total: 3, sent: 3, failed: 0, messagesSent: 3 })
  })
})

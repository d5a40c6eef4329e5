import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, createTestDb, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: { token: string; userId: number }
const base = '/damai/customer/wsAccount'

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
})
afterAll(() => ctx.close())

const rowOf = (id: number) =>
  ctx.db.selectFrom('ws_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const portOf = (id: number) =>
  ctx.db.selectFrom('ports').selectAll().where('account_id', '=', id).executeTakeFirst()

describe('account statuses from the network', () => {
  it('records whether a number is on the Business app', async () => {
    ctx.sim.network.addPhone('8613800000611', { business: true })
    const business = await ctx.linkAccount(tenant, '8613800000611')
    const personal = await ctx.linkAccount(tenant, '8613800000612')
    expect((await rowOf(business)).type).toBe('business')
    expect((await rowOf(personal)).type).toBe('personal')
  })

  it('shows a ban with its time, a push-out and a removed device', async () => {
    const banned = await ctx.linkAccount(tenant, '8613800000601')
    const pushed = await ctx.linkAccount(tenant, '8613800000602')
    const removed = await ctx.linkAccount(tenant, '8613800000603')
    const before = ctx.sim.clock.now()
    ctx.sim.network.ban('8613800000601')
    ctx.sim.network.pushOut('8613800000602')
    ctx.sim.network.deviceRemoved('8613800000603')
    await ctx.sim.settle()
    expect(await rowOf(banned)).toMatchObject({ status: 'banned', banned_at: before, linked: 0 })
    expect(await portOf(banned)).toBeUndefined()
    expect(await rowOf(pushed)).toMatchObject({
      status: 'abnormal',
      abnormal_reason: 'pushed_out',
      linked: 1,
    })
    expect(await rowOf(removed)).toMatchObject({
      status: 'abnormal',
      abnormal_reason: 'device_removed',
      linked: 0,
    })
    const page = await ctx.call('POST', `${base}/page`, { token: boss.token, body: { status: 'banned' } })
    expect((page.data as { list: unknown[] }).list).toEqual([
      expect.objectContaining({ id: banned, bannedAt: before }),
    ])
    expect(
      (await ctx.call('POST', `${base}/loginQr`, { token: boss.token, body: { accountId: banned } })).code,
    ).toBe(ErrorCode.accountBanned)
  })

  it('reconnects a pushed-out account on relogin, and reports the ones it cannot', async () => {
    const id = await ctx.linkAccount(tenant, '8613800000701')
    ctx.sim.network.pushOut('8613800000701')
    await ctx.sim.settle()
    const gone = await ctx.linkAccount(tenant, '8613800000702')
    await ctx.call('POST', `${base}/logout`, { token: boss.token, body: { ids: [gone] } })
    const r = await ctx.call('POST', `${base}/relogin`, { token: boss.token, body: { ids: [id, gone] } })
    expect((r.data as { results: unknown[] }).results).toEqual([
      { id, code: 0 },
      { id: gone, code: ErrorCode.accountNotLinked },
    ])
    await ctx.sim.settle()
    expect(await rowOf(id)).toMatchObject({ status: 'online', abnormal_reason: null })
  })

  it('logs out the account of an expired port', async () => {
    const id = await ctx.linkAccount(tenant, '8613800000801')
    await ctx.db
      .updateTable('ports')
      .set({ expires_at: Date.now() - 1 })
      .where('account_id', '=', id)
      .execute()
    await ctx.messaging.portExpiry.tick()
    await ctx.sim.settle()
    expect(await rowOf(id)).toMatchObject({ status: 'offline', linked: 0, last_error: 'port_expired' })
    expect(await portOf(id)).toBeUndefined()
    expect(ctx.sim.network.listPhones().find((p) => p.number === '8613800000801')?.devices).toEqual([])
  })
})

describe('restart', () => {
  it('resumes linked accounts from stored auth without a QR; a graceful stop does not log out', async () => {
    const { db, drop } = await createTestDb()
    const first = await createTestContext({}, { db, engines: true })
    const t = await first.tenant('resume')
    const a = await first.linkAccount(t, '8613800000901')
    const b = await first.linkAccount(t, '8613800000902')
    await first.close()
    expect(first.sim.network.listPhones().find((p) => p.number === '8613800000901')?.devices).toHaveLength(1)

    const second = await createTestContext({}, { db, engines: true })
    await second.sim.settle()
    for (const id of [a, b]) {
      expect(second.sim.statesOf(String(id))).toEqual(['connecting', 'open'])
      expect(
        (await db.selectFrom('ws_accounts').select('status').where('id', '=', id).executeTakeFirstOrThrow())
          .status,
      ).toBe('online')
    }
    await second.close()
    await drop()
  })
})

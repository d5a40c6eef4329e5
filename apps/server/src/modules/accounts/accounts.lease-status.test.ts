import { randomBytes } from 'node:crypto'
import { Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { sample } from '../../test/metrics.js'
import { REDIS_URL, redisReachable } from '../../test/redis.js'

const SHOP = '8613800000061'

const withRedis = await redisReachable()

/** The status of the account as the accounts page, the metrics and the desk's accounts show it. */
async function shown(ctx: TestContext, token: string, account: number) {
  const page = await ctx.call('POST', '/damai/customer/wsAccount/page', { token, body: {} })
  const row = (
    page.data as { list: { id: number; status: string; abnormalReason: string | null }[] }
  ).list.find((a) => a.id === account)
  const filtered = async (status: string) =>
    (
      (await ctx.call('POST', '/damai/customer/wsAccount/page', { token, body: { status } })).data as {
        total: number
      }
    ).total
  const metrics = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body
  const desk = await ctx.call('GET', '/damai/customer/user/deskAccounts', { token })
  const deskRow = (desk.data as { id: number; status: string; abnormalReason: string | null }[]).find(
    (a) => a.id === account,
  )
  return {
    list: [row?.status, row?.abnormalReason],
    filter: { online: await filtered('online'), abnormal: await filtered('abnormal') },
    metric: {
      online: sample(metrics, 'wsdesk_accounts{status="online"}') ?? 0,
      abnormal: sample(metrics, 'wsdesk_accounts{status="abnormal"}') ?? 0,
    },
    desk: [deskRow?.status, deskRow?.abnormalReason],
  }
}

const ONLINE = {
  list: ['online', null],
  filter: { online: 1, abnormal: 0 },
  metric: { online: 1, abnormal: 0 },
  desk: ['online', null],
}
const RECONNECTING = {
  list: ['abnormal', 'network_fault'],
  filter: { online: 0, abnormal: 1 },
  metric: { online: 0, abnormal: 1 },
  desk: ['abnormal', 'network_fault'],
}

describe.skipIf(!withRedis)('several processes: a number nobody holds shows as reconnecting', () => {
  let ctx: TestContext
  let token: string
  let account: number
  beforeAll(async () => {
    ctx = await createTestContext({
      REDIS_URL,
      REDIS_PREFIX: `lease-status-${randomBytes(4).toString('hex')}:`,
    })
    const tenant = await ctx.tenant('leased')
    token = (await ctx.as(tenant, Role.customerMaster, 'leased-boss')).token
    account = await ctx.linkAccount(tenant, SHOP)
  })
  afterAll(() => ctx.close())

  it('while its holder is gone, until a process holds it again; the stored status is left as its holder wrote it', async () => {
    const lease = () => ctx.db.updateTable('account_leases').where('account_id', '=', account)
    // held: what the holder stored
    expect(await shown(ctx, token, account)).toEqual(ONLINE)

    // the holder died: another process's lease, run out a while ago (no process renews it)
    await lease()
      .set({ holder: 'dead-process', expires_at: Date.now() - 5_000 })
      .execute()
    expect(await shown(ctx, token, account)).toEqual(RECONNECTING)
    const stored = await ctx.db
      .selectFrom('ws_accounts')
      .select(['status', 'abnormal_reason'])
      .where('id', '=', account)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ status: 'online', abnormal_reason: null })

    // a surviving process took it over
    await lease()
      .set({ holder: 'live-process', expires_at: Date.now() + 60_000 })
      .execute()
    expect(await shown(ctx, token, account)).toEqual(ONLINE)

    // handed back and not taken yet: nobody holds it either
    await ctx.db.deleteFrom('account_leases').where('account_id', '=', account).execute()
    expect(await shown(ctx, token, account)).toEqual(RECONNECTING)
  })
})

describe('one process (no leases): the stored status, as ever', () => {
  let ctx: TestContext
  let token: string
  let account: number
  beforeAll(async () => {
    ctx = await createTestContext()
    const tenant = await ctx.tenant('alone')
    token = (await ctx.as(tenant, Role.customerMaster, 'alone-boss')).token
    account = await ctx.linkAccount(tenant, SHOP)
  })
  afterAll(() => ctx.close())

  it('whatever lease rows an earlier run of several processes left behind', async () => {
    await ctx.db
      .insertInto('account_leases')
      .values({ account_id: account, holder: 'dead-process', expires_at: Date.now() - 5_000 })
      .execute()
    expect(await shown(ctx, token, account)).toEqual(ONLINE)
  })
})

import { DynamicFailure, DynamicPath, type DynamicPostDetail, ErrorCode, Role } from '@app/core'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSystemScope } from '../../db/system-scope.js'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'
import { AccountDirectory } from '../accounts/index.js'
import { DynamicsEngine } from './dynamics.engine.js'
import { DynamicsRepository } from './dynamics.repository.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('modules/dynamics/dynamics.test')

const SHOP1 = '8613800000011'
const SHOP2 = '8613800000012'
const SHOP3 = '8613800000013'
const RIVAL = '8613900000011'
const ANN = '447700900011'
const BOB = '447700900012'
const CAT = '447700900013'

let ctx: TestContext
let boss: Signed
let agent: Signed
let rivalBoss: Signed
let accounts: number[]
let rivalAccount: number

const post = (who: Signed, body: unknown) =>
  ctx.call('POST', DynamicPath.create, { token: who.token, body, headers: { language: 'en' } })
const detail = async (who: Signed, id: number) => {
  const r = await ctx.call('GET', DynamicPath.detail, { token: who.token, query: { id: String(id) } })
  expect(r.code).toBe(0)
  return r.data as DynamicPostDetail
}
/** Status posts the simulated network saw from a phone. */
const statusesFrom = (phone: string) =>
  [...ctx.sim.network.world.messages.values()].filter((m) => m.chat === `status|${phone}`)

beforeAll(async () => {
  // every contact looks at what it receives, so the viewers are known
  ctx = await createTestContext({}, { sim: { timings: { readProbability: 1 } } })
  const tenantId = await ctx.tenant('dyn')
  boss = await ctx.as(tenantId, Role.customerMaster, 'dyn-boss')
  agent = await ctx.as(tenantId, Role.customerUser, 'dyn-agent')
  accounts = [
    await ctx.linkAccount(tenantId, SHOP1),
    await ctx.linkAccount(tenantId, SHOP2),
    await ctx.linkAccount(tenantId, SHOP3),
  ]
  // contacts: two customers of the first account, one of the second; the third goes offline
  await customerSession(ctx, ANN, SHOP1)
  await customerSession(ctx, BOB, SHOP1)
  await customerSession(ctx, CAT, SHOP2)
  await customerSession(ctx, CAT, SHOP3)
  ctx.sim.network.deviceRemoved(SHOP3)
  await ctx.sim.settle(1_000)
  const rival = await ctx.tenant('dynrival')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'dynrival-boss')
  rivalAccount = await ctx.linkAccount(rival, RIVAL)
})
afterAll(() => ctx.close())

describe('status posts', () => {
  it('a scheduled post waits for its time, then goes out from each account with its result and viewers', async () => {
    const at = Date.now() + 3_600_000
    const r = await post(boss, {
      kind: 'text',
      text: 'Spring sale today',
      backgroundColor: '#25D366',
      font: 2,
      accountIds: accounts,
      scheduledAt: at,
    })
    expect(r.code).toBe(0)
    const id = (r.data as { id: number }).id
    await ctx.dynamics.engine.drain()
    expect(statusesFrom(SHOP1)).toHaveLength(0)
    expect((await detail(boss, id)).counts).toMatchObject({ total: 3, pending: 3, posted: 0 })

    ctx.dynamics.engine.useClock(() => Date.now() + 3_700_000)
    try {
      await ctx.dynamics.engine.drain()
    } finally {
      ctx.dynamics.engine.useClock(Date.now)
    }
    expect(statusesFrom(SHOP1)).toHaveLength(1)
    expect(statusesFrom(SHOP2)).toHaveLength(1)
    expect(statusesFrom(SHOP3)).toHaveLength(0)
    const sent = statusesFrom(SHOP1)[0]
    expect(sent?.body).toMatchObject({ kind: 'text', text: 'Spring sale today' })
    expect([...(sent?.receipts.keys() ?? [])].sort()).toEqual([ANN, BOB])

    // the audience sees the post a while later
    await ctx.sim.settle(300_000)
    await ctx.dynamics.viewersStored()
    const d = await detail(boss, id)
    const byAccount = new Map(d.targets.map((t) => [t.accountId, t]))
    expect(byAccount.get(accounts[0] as number)).toMatchObject({ state: 'posted', audience: 2, reason: null })
    expect(
      byAccount
        .get(accounts[0] as number)
        ?.viewers.map((v) => v.viewer)
        .sort(),
    ).toEqual([ANN, BOB])
    expect(byAccount.get(accounts[1] as number)).toMatchObject({ state: 'posted', audience: 1 })
    expect(byAccount.get(accounts[2] as number)).toMatchObject({
      state: 'failed',
      reason: DynamicFailure.accountOffline,
    })
    expect(d.counts).toMatchObject({ total: 3, posted: 2, failed: 1, pending: 0, views: 3 })

    const page = await ctx.call('POST', DynamicPath.page, {
      token: boss.token,
      body: { pageNo: 1, pageSize: 10 },
    })
    expect(page.data).toMatchObject({ total: 1, list: [{ id, kind: 'text', counts: { posted: 2 } }] })
  })

  it('a post whose process died mid-post is made by the next one once its lease runs out, once', async () => {
    const r = await post(boss, { kind: 'text', text: 'Resumed after a crash', accountIds: [accounts[1]] })
    const id = (r.data as { id: number }).id
    const repo = new DynamicsRepository(ctx.db)
    // a process claims the part and dies before posting
    const claimed = await repo.systemClaim(system, 'dead-process', Date.now(), 60_000, 10)
    expect(claimed.map((t) => t.post_id)).toEqual([id])
    const before = statusesFrom(SHOP2).length
    // a process started afterwards finds it held until the lease runs out, then makes it
    const next = new DynamicsEngine(
      ctx.db,
      repo,
      new AccountDirectory(ctx.db),
      ctx.sim.gateway,
      ctx.messaging.media,
      { pollMs: 1_000, leaseMs: 60_000, maxWaitMs: 600_000, maxAttempts: 5 },
      pino({ level: 'silent' }),
      () => Date.now(),
    )
    await next.tick()
    expect(statusesFrom(SHOP2).length).toBe(before)
    next.useClock(() => Date.now() + 61_000)
    await next.drain()
    await next.drain()
    expect(statusesFrom(SHOP2).length).toBe(before + 1)
    expect((await detail(boss, id)).targets[0]).toMatchObject({ state: 'posted', audience: 1 })
  })

  it('an account without contacts fails with its reason; a cancelled post never goes out', async () => {
    const tenantId = boss.tenantId
    const lonely = await ctx.linkAccount(tenantId, '8613800000019')
    const r = await post(boss, { kind: 'text', text: 'Nobody sees this', accountIds: [lonely] })
    await ctx.dynamics.engine.drain()
    const d = await detail(boss, (r.data as { id: number }).id)
    expect(d.targets[0]).toMatchObject({ state: 'failed', reason: DynamicFailure.noContacts })

    const later = await post(boss, {
      kind: 'text',
      text: 'Cancelled',
      accountIds: [accounts[0]],
      scheduledAt: Date.now() + 3_600_000,
    })
    const laterId = (later.data as { id: number }).id
    expect(
      (await ctx.call('PUT', DynamicPath.cancel, { token: boss.token, body: { id: laterId } })).code,
    ).toBe(0)
    expect((await detail(boss, laterId)).counts).toMatchObject({ cancelled: 1, pending: 0 })
    const again = await ctx.call('PUT', DynamicPath.cancel, { token: boss.token, body: { id: laterId } })
    expect(again.code).toBe(ErrorCode.dynamicNotCancellable)
  })
})

describe('refusals', () => {
  it('refuses bad input with a message in the caller’s language', async () => {
    const empty = await post(boss, { kind: 'text', text: ' ', accountIds: accounts })
    expect(empty.code).not.toBe(0)
    expect(empty.msg).toContain('Enter the text of the status')
    const noAccounts = await post(boss, { kind: 'text', text: 'x', accountIds: [] })
    expect(noAccounts.msg).toContain('Choose the accounts to post from')
    const noMedia = await post(boss, { kind: 'image', accountIds: accounts })
    expect(noMedia.msg).toContain('Upload an image or a video')
    const past = await post(boss, {
      kind: 'text',
      text: 'x',
      accountIds: accounts,
      scheduledAt: Date.now() - 3_600_000,
    })
    expect(past.code).toBe(ErrorCode.dynamicScheduleInPast)
    const missingFile = await post(boss, { kind: 'image', mediaId: 999_999, accountIds: accounts })
    expect(missingFile.code).toBe(ErrorCode.dynamicMediaUnusable)
  })

  it('keeps tenants apart and is the supervisor’s alone', async () => {
    const foreign = await post(boss, { kind: 'text', text: 'x', accountIds: [rivalAccount] })
    expect(foreign.code).toBe(ErrorCode.dynamicAccountUnusable)
    const mine = await post(boss, {
      kind: 'text',
      text: 'mine',
      accountIds: [accounts[0]],
      scheduledAt: Date.now() + 3_600_000,
    })
    const id = (mine.data as { id: number }).id
    const peek = await ctx.call('GET', DynamicPath.detail, {
      token: rivalBoss.token,
      query: { id: String(id) },
    })
    expect(peek.code).toBe(ErrorCode.notFound)
    const cancel = await ctx.call('PUT', DynamicPath.cancel, { token: rivalBoss.token, body: { id } })
    expect(cancel.code).toBe(ErrorCode.notFound)
    const rivalPage = await ctx.call('POST', DynamicPath.page, { token: rivalBoss.token, body: {} })
    expect(rivalPage.data).toMatchObject({ total: 0, list: [] })
    const byAgent = await post(agent, { kind: 'text', text: 'x', accountIds: [accounts[0]] })
    expect(byAgent.code).toBe(ErrorCode.forbidden)
    const admin = await adminToken(ctx)
    const byAdmin = await ctx.call('POST', DynamicPath.page, { token: admin, body: {} })
    expect(byAdmin.code).toBe(ErrorCode.forbidden)
  })
})

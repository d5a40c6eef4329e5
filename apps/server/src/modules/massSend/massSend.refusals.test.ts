import { ErrorCode, FailureReason, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'
import {
  MASS_ENV,
  MASS_SIM,
  MassDriver,
  type MassTenant,
  massApi,
  massTenant,
  taskBody,
  textsTo,
} from './massSend.fixtures.js'

let ctx: TestContext
let api: ReturnType<typeof massApi>
let drive: MassDriver
let n = 0

beforeAll(async () => {
  ctx = await createTestContext(MASS_ENV, MASS_SIM)
  api = massApi(ctx)
  drive = new MassDriver(ctx)
})
afterAll(() => ctx.close())

async function fresh(numbers = 1): Promise<MassTenant> {
  n++
  return massTenant(
    ctx,
    `r${n}`,
    Array.from({ length: numbers }, (_, i) => `8613${n}${i}000000${i}`),
  )
}

/** Customers that wrote in to the tenant's first number, with the fans and sessions made of them. */
async function customers(t: MassTenant, count: number) {
  const out: { phone: string; fanId: number; sessionId: number }[] = []
  for (let i = 0; i < count; i++) {
    const phone = `4478${n}${String(i).padStart(6, '0')}`
    const sessionId = await customerSession(ctx, phone, t.shops[0] as string)
    const s = await ctx.db
      .selectFrom('sessions')
      .select('fan_id')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    out.push({ phone, fanId: s.fan_id as number, sessionId })
  }
  return out
}
const all = { type: 'customers', all: true }
const states = async (t: MassTenant, id: number) =>
  (await api.recipients(t.boss, id)).map((r) => [r.phone, r.state, r.failureReason])

describe('a refusal is a recipient state with its reason, never silent', () => {
  it('invalid customer (marked invalid, session blocked) and mass send forbidden after the task was made', async () => {
    const t = await fresh()
    const [a, b, c, d] = await customers(t, 4)
    const id = await api.create(t.boss, taskBody({ audience: all, appointmentAt: drive.at + 60_000 }))
    await drive.until(async () => (await drive.status(id)) === 'pending')
    await ctx.db
      .updateTable('fans')
      .set({ invalid: 1 })
      .where('id', '=', a?.fanId as number)
      .execute()
    const block = await api.put(t.boss, '/damai/customer/session/flag', {
      sessionId: b?.sessionId,
      flag: 'blocked',
      value: true,
    })
    expect(block.code).toBe(0)
    await ctx.db
      .updateTable('fans')
      .set({ mass_send_enabled: 0 })
      .where('id', '=', c?.fanId as number)
      .execute()
    await drive.round(120_000)
    await drive.finish(id, 1_000)
    expect(await states(t, id)).toEqual([
      [a?.phone, 'failed', FailureReason.invalidCustomer],
      [b?.phone, 'failed', FailureReason.invalidCustomer],
      [c?.phone, 'failed', FailureReason.massSendProhibited],
      [d?.phone, 'sent', null],
    ])
    expect((await api.detail(t.boss, id)).counters.failedByReason).toEqual({
      invalid_customer: 2,
      mass_send_prohibited: 1,
    })
  })

  it('opt-out: a customer who answers STOP gets mass send forbidden and no further sentence', async () => {
    const t = await fresh()
    const [a, b] = await customers(t, 2)
    const shop = t.shops[0] as string
    const id = await api.create(
      t.boss,
      taskBody({
        audience: all,
        sentences: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
        sentenceInterval: { min: 60, max: 60 },
      }),
    )
    await drive.until(async () => textsTo(ctx, shop, a?.phone as string).length === 1, 1_000)
    ctx.sim.network.customerSend(a?.phone as string, shop, { kind: 'text', text: 'STOP' })
    await ctx.sim.settle(100)
    const fan = await ctx.db
      .selectFrom('fans')
      .select('mass_send_enabled')
      .where('id', '=', a?.fanId as number)
      .executeTakeFirstOrThrow()
    expect(fan.mass_send_enabled).toBe(0)
    await drive.finish(id, 10_000)
    expect(textsTo(ctx, shop, a?.phone as string)).toEqual(['one'])
    expect(await states(t, id)).toEqual([
      [a?.phone, 'failed', FailureReason.massSendProhibited],
      [b?.phone, 'sent', null],
    ])
  })

  it("opt-out words are the admin's system settings", async () => {
    const t = await fresh()
    const [a, b] = await customers(t, 2)
    const admin = await adminToken(ctx)
    const current = (await ctx.call('GET', '/damai/admin/systemSetting/get', { token: admin }))
      .data as Record<string, unknown>
    const { translateApiKeySet: _, ...settings } = current
    const saved = await ctx.call('PUT', '/damai/admin/systemSetting/update', {
      token: admin,
      body: { ...settings, optOutWords: ['HALT', 'basta'] },
    })
    expect(saved.code).toBe(0)
    await ctx.tenantSettings.platformOptOut.refresh()
    ctx.sim.network.customerSend(a?.phone as string, t.shops[0] as string, { kind: 'text', text: 'Basta' })
    ctx.sim.network.customerSend(b?.phone as string, t.shops[0] as string, { kind: 'text', text: 'stop' })
    await ctx.sim.settle(100)
    const flags = await ctx.db
      .selectFrom('fans')
      .select(['id', 'mass_send_enabled'])
      .where('id', 'in', [a?.fanId as number, b?.fanId as number])
      .orderBy('id')
      .execute()
    expect(flags.map((f) => f.mass_send_enabled)).toEqual([0, 1])
  })

  it('WS ban and account status: customers of a banned or logged-out number fail with the reason, stated in the log', async () => {
    const t = await fresh(2)
    const [a, b] = await customers(t, 2)
    await customerSession(ctx, '447799000001', t.shops[1] as string)
    await customerSession(ctx, '447799000002', t.shops[1] as string)
    const id = await api.create(t.boss, taskBody({ audience: all, customerInterval: { min: 60, max: 60 } }))
    await drive.until(
      async () =>
        textsTo(ctx, t.shops[0] as string, a?.phone as string).length === 1 &&
        textsTo(ctx, t.shops[1] as string, '447799000001').length === 1,
      1_000,
    )
    ctx.sim.network.ban(t.shops[0] as string)
    ctx.sim.network.deviceRemoved(t.shops[1] as string)
    await ctx.sim.settle(1_000)
    await drive.finish(id, 1_000)
    expect(await states(t, id)).toEqual([
      [a?.phone, 'sent', null],
      [b?.phone, 'failed', FailureReason.wsBan],
      ['447799000001', 'sent', null],
      ['447799000002', 'failed', FailureReason.accountStatus],
    ])
    const lost = (await api.detail(t.boss, id)).events.filter((e) => e.kind === 'account_lost')
    expect(lost).toHaveLength(2)
    expect(lost).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          accountId: t.accounts[0],
          reason: FailureReason.wsBan,
          count: 1,
          toAccountIds: [],
        }),
        expect.objectContaining({ accountId: t.accounts[1], reason: FailureReason.accountStatus, count: 1 }),
      ]),
    )
  })

  it('risk control and an expired VIP pause the task with the reason; resume is refused until they are lifted', async () => {
    const t = await fresh()
    await customers(t, 3)
    const id = await api.create(t.boss, taskBody({ audience: all, customerInterval: { min: 60, max: 60 } }))
    await drive.until(
      async () =>
        (await ctx.db.selectFrom('mass_send_items').select('id').where('task_id', '=', id).execute())
          .length === 1,
      1_000,
    )
    await ctx.db.updateTable('tenants').set({ risk_status: 1 }).where('id', '=', t.tenantId).execute()
    await drive.round(120_000)
    let d = await api.detail(t.boss, id)
    expect({ status: d.status, reason: d.pauseReason }).toEqual({
      status: 'paused',
      reason: FailureReason.riskControlLimit,
    })
    expect((await api.action(t.boss, 'resume', id)).code).toBe(ErrorCode.massSendRiskControl)
    await ctx.db.updateTable('tenants').set({ risk_status: 0 }).where('id', '=', t.tenantId).execute()
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: Date.now() - 3 * 86_400_000 })
      .where('tenant_id', '=', t.tenantId)
      .where('role_id', '=', Role.customerMaster)
      .execute()
    expect((await api.action(t.boss, 'resume', id)).code).toBe(ErrorCode.vipExpired)
    // resumed behind the check's back (the VIP lapsed while it ran): the engine pauses it again
    await ctx.db.updateTable('mass_send_tasks').set({ status: 'executing' }).where('id', '=', id).execute()
    await ctx.db
      .updateTable('mass_send_lanes')
      .set({ active: 1, due_at: 0 })
      .where('task_id', '=', id)
      .execute()
    await drive.round(120_000)
    d = await api.detail(t.boss, id)
    expect({ status: d.status, reason: d.pauseReason }).toEqual({
      status: 'paused',
      reason: FailureReason.platformLimit,
    })
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: Date.now() + 30 * 86_400_000 })
      .where('tenant_id', '=', t.tenantId)
      .execute()
    expect((await api.action(t.boss, 'resume', id)).code).toBe(0)
    await drive.finish(id, 60_000)
    d = await api.detail(t.boss, id)
    expect(d.counters).toMatchObject({ total: 3, sent: 3, failed: 0 })
    expect(d.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['paused', 'resumed', 'paused', 'resumed', 'completed']),
    )
  })
})

describe('a number lost mid-task', () => {
  it('banned: its strangers not reached move to the other numbers, in order, each sent once; the log says where', async () => {
    const t = await fresh(3)
    const to = Array.from({ length: 9 }, (_, i) => `447790${n}0000${i}`)
    const id = await api.create(
      t.boss,
      taskBody({
        accountIds: t.accounts,
        audience: { type: 'strangers', phones: to },
        customerInterval: { min: 30, max: 30 },
      }),
    )
    await drive.until(async () => textsTo(ctx, t.shops[1] as string, to[1] as string).length === 1, 1_000)
    ctx.sim.network.ban(t.shops[1] as string)
    await ctx.sim.settle(1_000)
    await drive.finish(id, 5_000)
    const log = await api.recipients(t.boss, id)
    expect(log.every((r) => r.state === 'sent')).toBe(true)
    const moved = log.filter((r) => r.movedFromAccountId === t.accounts[1])
    expect(moved.map((r) => r.phone)).toEqual([to[4], to[7]])
    expect(moved.map((r) => r.accountId)).toEqual([t.accounts[0], t.accounts[2]])
    for (const r of log) {
      const shop = t.shops[t.accounts.indexOf(r.accountId)] as string
      expect(textsTo(ctx, shop, r.phone as string), r.phone as string).toEqual([`Hello ${r.phone}`])
    }
    const lost = (await api.detail(t.boss, id)).events.find((e) => e.kind === 'account_lost')
    expect(lost).toMatchObject({
      accountId: t.accounts[1],
      reason: FailureReason.wsBan,
      count: 2,
      toAccountIds: [t.accounts[0], t.accounts[2]],
    })
  })

  it('logged out with nowhere to go: its strangers fail with account status', async () => {
    const t = await fresh(1)
    const to = Array.from({ length: 3 }, (_, i) => `447791${n}0000${i}`)
    const id = await api.create(
      t.boss,
      taskBody({
        accountIds: t.accounts,
        audience: { type: 'strangers', phones: to },
        customerInterval: { min: 30, max: 30 },
      }),
    )
    await drive.until(async () => textsTo(ctx, t.shops[0] as string, to[0] as string).length === 1, 1_000)
    ctx.sim.network.deviceRemoved(t.shops[0] as string)
    await ctx.sim.settle(1_000)
    await drive.finish(id, 5_000)
    expect(await states(t, id)).toEqual([
      [to[0], 'sent', null],
      [to[1], 'failed', FailureReason.accountStatus],
      [to[2], 'failed', FailureReason.accountStatus],
    ])
  })
})

describe("WhatsApp's new-chat time-lock", () => {
  it('the new chat WhatsApp refuses fails with WS send limit reached; new chats wait for the lock', async () => {
    const locked = await createTestContext(MASS_ENV, {
      sim: {
        ...MASS_SIM.sim,
        rules: { sendLimitPerMinute: 1_000_000, newChatsPerHour: 2, timeLockMs: 600_000 },
      },
    })
    try {
      const lockedApi = massApi(locked)
      // the 10-minute lock must not run out on the network's clock while the engine's rounds run
      const lockedDrive = new MassDriver(locked, 10)
      const t = await massTenant(locked, 'locked', ['8613600000001'])
      const to = ['447793000001', '447793000002', '447793000003', '447793000004']
      const id = await lockedApi.create(
        t.boss,
        taskBody({ accountIds: t.accounts, audience: { type: 'strangers', phones: to } }),
      )
      await lockedDrive.until(
        async () => (await lockedApi.recipients(t.boss, id))[2]?.state === 'failed',
        1_000,
      )
      // the number holds back new chats at once, before (or whether) its restriction reaches the database
      for (let i = 0; i < 5; i++) await lockedDrive.round(1_000)
      expect((await lockedApi.recipients(t.boss, id))[3]?.state).toBe('pending')
      await locked.sim.settle(600_000)
      await lockedDrive.finish(id, 60_000)
      const log = await lockedApi.recipients(t.boss, id)
      expect(log.map((r) => [r.phone, r.state, r.failureReason])).toEqual([
        [to[0], 'sent', null],
        [to[1], 'sent', null],
        [to[2], 'failed', FailureReason.wsSendLimitReached],
        [to[3], 'sent', null],
      ])
    } finally {
      await locked.close()
    }
  })
})

describe('pacing', () => {
  it('a message the account pacing holds back past the outbox wait fails with risk control limit', async () => {
    const paced = await createTestContext(
      { ...MASS_ENV, SEND_RATE_PER_MINUTE: '1', SEND_BURST: '1', OUTBOX_MAX_WAIT_MS: '1000' },
      MASS_SIM,
    )
    try {
      const pacedApi = massApi(paced)
      const pacedDrive = new MassDriver(paced)
      const t = await massTenant(paced, 'paced', ['8613700000001'])
      const to = ['447792000001', '447792000002']
      const id = await pacedApi.create(
        t.boss,
        taskBody({ accountIds: t.accounts, audience: { type: 'strangers', phones: to } }),
      )
      await pacedDrive.finish(id, 1_000)
      const log = await pacedApi.recipients(t.boss, id)
      expect(log.map((r) => [r.phone, r.state, r.failureReason])).toEqual([
        [to[0], 'sent', null],
        [to[1], 'failed', FailureReason.riskControlLimit],
      ])
    } finally {
      await paced.close()
    }
  })
})

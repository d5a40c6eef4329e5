import { FailureReason } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type TestContext } from '../../test/harness.js'
import {
  MASS_ENV,
  MASS_SIM,
  MassDriver,
  massApi,
  massTenant,
  taskBody,
} from '../massSend/massSend.fixtures.js'
import { OPEN } from './risk.fixtures.js'

let ctx: TestContext
let api: ReturnType<typeof massApi>
let drive: MassDriver

beforeAll(async () => {
  ctx = await createTestContext(MASS_ENV, MASS_SIM)
  api = massApi(ctx)
  drive = new MassDriver(ctx)
})
afterAll(() => ctx.close())

const strangers = (n: number, k: number) => Array.from({ length: k }, (_, i) => `4475${n}00000${i}`)

describe('mass sends under risk control and risk limits', () => {
  it('a tenant put under risk control by operations stops its running mass send, with the reason', async () => {
    const t = await massTenant(ctx, 'rm1', ['8613710000001'])
    const id = await api.create(
      t.boss,
      taskBody({
        audience: { type: 'strangers', phones: strangers(1, 4) },
        accountIds: t.accounts,
        customerInterval: { min: 60, max: 60 },
      }),
    )
    await drive.until(async () => (await api.detail(t.boss, id)).counters.sent >= 1, 1_000)
    const admin = await adminToken(ctx)
    const r = await ctx.call('PUT', '/damai/admin/user/updateRiskStatus', {
      token: admin,
      body: { id: t.boss.userId, riskStatus: 1 },
    })
    expect(r.code).toBe(0)
    await drive.round(120_000)
    const d = await api.detail(t.boss, id)
    expect({ status: d.status, reason: d.pauseReason }).toEqual({
      status: 'paused',
      reason: FailureReason.riskControlLimit,
    })
    const sent = d.counters.sent
    await drive.round(120_000)
    expect((await api.detail(t.boss, id)).counters.sent).toBe(sent)
  })

  it('a mass send over the daily mass-send limit waits for the next day instead of failing its recipients', async () => {
    const t = await massTenant(ctx, 'rm2', ['8613720000001'])
    const saved = await ctx.call('PUT', '/damai/customer/risk/config', {
      token: t.boss.token,
      body: { limits: { ...OPEN, massPerDay: 2 }, keywords: [], utcOffset: 0 },
    })
    expect(saved.code).toBe(0)
    const id = await api.create(
      t.boss,
      taskBody({ audience: { type: 'strangers', phones: strangers(2, 4) }, accountIds: t.accounts }),
    )
    for (let i = 0; i < 30; i++) await drive.round(1_000)
    const d = await api.detail(t.boss, id)
    expect(d.status).toBe('executing')
    expect(d.counters.sent).toBe(2)
    expect(d.counters.failed).toBe(0)
    const held = await ctx.db
      .selectFrom('outbox')
      .select(['state', 'last_error'])
      .where('tenant_id', '=', t.tenantId)
      .where('state', '!=', 'sent')
      .execute()
    expect(held).toEqual([{ state: 'sending', last_error: 'risk: massPerDay' }])
  })
})

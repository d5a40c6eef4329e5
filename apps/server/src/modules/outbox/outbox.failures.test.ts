import { Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'

let ctx: TestContext
let tenant: number
let userId: number
let account: number
const SHOP = '8613800000001'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  tenant = await ctx.tenant('acme')
  userId = (await ctx.as(tenant, Role.customerMaster, 'boss')).userId
  account = await ctx.linkAccount(tenant, SHOP)
})
afterAll(() => ctx.close())

const sessionWith = (phone: string, accountPhone = SHOP) => customerSession(ctx, phone, accountPhone)
const run = () => drainOutbox(ctx)
const send = (sessionId: number, text: string, extra: Record<string, unknown> = {}) =>
  ctx.messaging.outbox.enqueue({
    tenantId: tenant,
    sessionId,
    content: { type: 'text', text },
    requestedBy: userId,
    ...extra,
  })
const msg = (id: number) =>
  ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('the dispatcher records the failure reasons of the spec', () => {
  it('ws ban, account status, invalid customer, mass send prohibited, risk control, platform limit, send limit', async () => {
    const s1 = await sessionWith('447700900011')
    const s2 = await sessionWith('447700900012')
    const s3 = await sessionWith('447700900013')
    const s4 = await sessionWith('447700900014')
    await ctx.linkAccount(tenant, '8613800000002')
    const s5 = await sessionWith('447700900015', '8613800000002')
    const offline = await ctx.linkAccount(tenant, '8613800000003')
    const s6 = await sessionWith('447700900016', '8613800000003')

    const ids: Record<string, number> = {}
    ids.blocked = (await send(s1, 'to blocked')).id
    await ctx.db.updateTable('sessions').set({ blocked: 1 }).where('id', '=', s1).execute()
    ids.optedOut = (await send(s2, 'promo', { origin: 'mass_send' })).id
    await ctx.db
      .updateTable('fans')
      .set({ mass_send_enabled: 0 })
      .where('phone', '=', '447700900012')
      .execute()
    ids.notOnWhatsApp = (await send(s3, 'hello?')).id
    ctx.sim.network.addPhone('447700900013', { registered: false })
    ids.banned = (await send(s5, 'from a banned number')).id
    ctx.sim.network.ban('8613800000002')
    ids.offline = (await send(s6, 'from an offline account')).id
    await ctx.call('POST', '/damai/customer/wsAccount/logout', {
      token: (await ctx.as(tenant, Role.customerMaster, 'boss2')).token,
      body: { ids: [offline] },
    })
    await ctx.sim.settle()
    await run()
    await ctx.db.updateTable('tenants').set({ risk_status: 1 }).where('id', '=', tenant).execute()
    ids.riskControl = (await send(s4, 'mass under risk control', { origin: 'mass_send' })).id
    await run()
    await ctx.db.updateTable('tenants').set({ risk_status: 0 }).where('id', '=', tenant).execute()
    ids.vip = (await send(s4, 'before expiry')).id
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: Date.now() - 3 * 86_400_000 })
      .where('tenant_id', '=', tenant)
      .where('role_id', '=', 4)
      .execute()
    await run()
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: Date.now() + 30 * 86_400_000 })
      .where('tenant_id', '=', tenant)
      .where('role_id', '=', 4)
      .execute()

    const reasons = Object.fromEntries(
      await Promise.all(Object.entries(ids).map(async ([k, id]) => [k, (await msg(id)).failure_reason])),
    )
    expect(reasons).toEqual({
      blocked: 'invalid_customer',
      optedOut: 'mass_send_prohibited',
      notOnWhatsApp: 'invalid_customer',
      banned: 'ws_ban',
      offline: 'account_status',
      riskControl: 'risk_control_limit',
      vip: 'platform_limit',
    })
    for (const id of Object.values(ids)) expect((await msg(id)).status).toBe('failed')
  })

  it('fails new chats under the reach-out time-lock with "WS send limit reached"', async () => {
    const s = await sessionWith('447700900021')
    // a contact the account never talked to: a new chat
    const fan = await ctx.db
      .insertInto('fans')
      .values({
        tenant_id: tenant,
        account_id: account,
        jid: '447700900022@s.whatsapp.net',
        phone: '447700900022',
        lid: null,
        source: 'active_add',
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const fresh = await ctx.db
      .insertInto('sessions')
      .values({
        tenant_id: tenant,
        account_id: account,
        type: 'personal',
        fan_id: fan.id,
        group_chat_id: null,
        last_activity_at: Date.now(),
        last_inbound_at: null,
        agent_user_id: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ctx.sim.network.restrict(SHOP, 3_600_000)
    await ctx.sim.settle()
    const blocked = await send(fresh.id, 'cold outreach')
    const ok = await send(s, 'existing chat still works')
    await run()
    expect(await msg(blocked.id)).toMatchObject({ status: 'failed', failure_reason: 'ws_send_limit_reached' })
    expect(await msg(ok.id)).toMatchObject({ status: 'sent' })
    ctx.sim.network.liftRestriction(SHOP)
    await ctx.sim.settle()
  })
})

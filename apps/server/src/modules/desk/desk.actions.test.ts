import {
  checkDeleteReason,
  type DeskSessionDetail,
  type DeskSessionView,
  ErrorCode,
  type Page,
  Role,
  type SessionCounts,
  type SessionDeletionView,
  type SessionPage,
  validationMessage,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox, recordEvents } from '../../test/messaging.js'
import { aiOnBody } from '../tenantSettings/tenantSettings.fixtures.js'
import { deskClient } from './desk.fixtures.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agentA: Signed
let agentB: Signed
let lead: Signed
let api: ReturnType<typeof deskClient>
let shop: number
let events: ReturnType<typeof recordEvents>
const SHOP = '8613800000001'
const SPARE = '8613800000002'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'agent-a')
  agentB = await ctx.as(tenant, Role.customerUser, 'agent-b')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  api = deskClient(ctx)
  shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shop)
    .execute()
  events = recordEvents(ctx)
})
afterAll(() => ctx.close())

const flag = (who: Signed, sessionId: number, f: string, value: boolean) =>
  api.put(who, '/damai/customer/session/flag', { sessionId, flag: f, value })
const detail = async (who: Signed, sessionId: number) => {
  const r = await api.post(who, '/damai/customer/session/detail', { sessionId })
  if (r.code !== 0) throw new Error(`detail: ${r.code} ${r.msg}`)
  return r.data as DeskSessionDetail
}
const listIds = async (who: Signed) =>
  ((await api.post(who, '/damai/customer/session/page', { pageSize: 100 })).data as SessionPage).list.map(
    (s) => s.id,
  )

describe('toggles', () => {
  it('pin, block, do-not-disturb, AI reply and mass send go on and off, and are announced', async () => {
    const s = await customerSession(ctx, '447700900001', SHOP)
    // AI reply goes on only with the tenant's AI provider turned on
    await api.put(boss, '/damai/customer/tenantSetting/update', aiOnBody('http://8.8.8.8:9/v1'))
    for (const [f, key] of [
      ['pinned', 'pinned'],
      ['blocked', 'blocked'],
      ['dnd', 'dnd'],
      ['aiReply', 'aiReply'],
      ['massSend', 'massSendEnabled'],
    ] as const) {
      const on = await flag(agentA, s, f, f !== 'massSend')
      expect(on.code).toBe(0)
      expect((on.data as DeskSessionView)[key]).toBe(f !== 'massSend')
      const off = await flag(agentA, s, f, f === 'massSend')
      expect((off.data as DeskSessionView)[key]).toBe(f === 'massSend')
    }
    const fan = await ctx.db
      .selectFrom('fans')
      .select('mass_send_enabled')
      .where('phone', '=', '447700900001')
      .executeTakeFirstOrThrow()
    expect(fan.mass_send_enabled).toBe(1)
    expect(events.filter((e) => e.event === 'session.updated' && e.payload.sessionId === s)[0]).toMatchObject(
      {
        rooms: expect.arrayContaining([`tenant:${tenant}`, `session:${s}`, `user:${agentA.userId}`]),
        payload: { changes: { pinned: true } },
      },
    )
  })

  it('the sidebar counts follow the desk’s own changes at once', async () => {
    const s = await customerSession(ctx, '447700900005', SHOP)
    const counts = async () =>
      (await api.post(agentA, '/damai/customer/session/counts', {})).data as SessionCounts
    const before = await counts()
    await flag(agentA, s, 'pinned', true)
    expect((await counts()).pinned).toBe(before.pinned + 1)
    await api.post(agentA, '/damai/customer/user/sendReadToFriendForChat', { sessionId: s })
    expect((await counts()).unread).toBe(before.unread - 1)
    await flag(agentA, s, 'pinned', false)
    await ctx.desk.settled()
  })

  it('invalid moves the customer to the invalid list and back; the fan is flagged too', async () => {
    const s = await customerSession(ctx, '447700900002', SHOP)
    expect((await flag(agentA, s, 'invalid', true)).code).toBe(0)
    expect(await listIds(agentA)).not.toContain(s)
    const fan = () =>
      ctx.db
        .selectFrom('fans')
        .select('invalid')
        .where('phone', '=', '447700900002')
        .executeTakeFirstOrThrow()
    expect((await fan()).invalid).toBe(1)
    expect((await flag(agentA, s, 'invalid', false)).code).toBe(0)
    expect(await listIds(agentA)).toContain(s)
    expect((await fan()).invalid).toBe(0)
  })

  it('refuses an unknown flag, mass send on a group, the team lead and another agent', async () => {
    const s = await customerSession(ctx, '447700900003', SHOP)
    expect((await flag(agentA, s, 'sleepy', true)).code).toBe(400)
    expect((await flag(lead, s, 'pinned', true)).code).toBe(403)
    expect((await flag(agentB, s, 'pinned', true)).code).toBe(404)
    const g = ctx.sim.network.createGroup('447700900004', 'Group buy', [SHOP])
    ctx.sim.network.customerSendGroup('447700900004', g.id, { kind: 'text', text: 'hi' })
    await ctx.sim.settle(100)
    const group = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('type', '=', 'group')
      .executeTakeFirstOrThrow()
    expect((await flag(agentA, group.id, 'massSend', false)).code).toBe(400)
    const d = await detail(agentA, group.id)
    expect(d.fan).toBeNull()
    expect(d.group).toMatchObject({ subject: 'Group buy', memberCount: 2 })
  })
})

describe('migrate', () => {
  it('hands the session to another agent: it leaves the first agent’s list and joins the second’s', async () => {
    const s = await customerSession(ctx, '447700900010', SHOP)
    expect(await listIds(agentB)).not.toContain(s)
    const r = await api.put(agentA, '/damai/customer/session/migrate', {
      sessionId: s,
      userId: agentB.userId,
    })
    expect(r.code).toBe(0)
    expect(await listIds(agentA)).not.toContain(s)
    expect(await listIds(agentB)).toContain(s)
    expect(events.find((e) => e.event === 'session.removed' && e.payload.sessionId === s)).toMatchObject({
      rooms: [`user:${agentA.userId}`],
      payload: { reason: 'migrated' },
    })
    // the supervisor acting as agent B hands it back
    const back = await api.put(
      boss,
      '/damai/customer/session/migrate',
      { sessionId: s, userId: agentA.userId },
      { acting: agentB.userId },
    )
    expect(back.code).toBe(0)
    expect(await listIds(agentA)).toContain(s)
  })

  it('refuses a target that is not an enabled agent of the tenant', async () => {
    const s = await customerSession(ctx, '447700900011', SHOP)
    const rival = await ctx.as(await ctx.tenant('rival'), Role.customerUser, 'rival-agent')
    for (const userId of [rival.userId, lead.userId, boss.userId, 999_999]) {
      const r = await api.put(agentA, '/damai/customer/session/migrate', { sessionId: s, userId })
      expect(r.code).toBe(ErrorCode.migrateTargetInvalid)
    }
    const row = await ctx.db
      .selectFrom('sessions')
      .select('agent_user_id')
      .where('id', '=', s)
      .executeTakeFirstOrThrow()
    expect(row.agent_user_id).toBeNull()
  })
})

describe('customer side panel', () => {
  it('shows the customer and saves nickname and remark within their limits', async () => {
    const s = await customerSession(ctx, '8613912345678', SHOP)
    const before = await detail(agentA, s)
    expect(before.fan).toMatchObject({
      phone: '8613912345678',
      accountPhone: SHOP,
      source: 'passive_add',
      country: 'CN',
      remark: '',
      invalid: false,
      massSendEnabled: true,
    })
    const r = await api.put(agentA, '/damai/customer/session/fan', {
      sessionId: s,
      nickname: 'Mr Li',
      remark: 'wants 200 units',
    })
    expect(r.code).toBe(0)
    expect((r.data as DeskSessionDetail).session).toMatchObject({
      title: 'Mr Li',
      fanRemark: 'wants 200 units',
    })
    const tooLong = await api.put(agentA, '/damai/customer/session/fan', {
      sessionId: s,
      remark: 'x'.repeat(101),
    })
    expect(tooLong.code).toBe(400)
    expect((await detail(agentA, s)).fan?.remark).toBe('wants 200 units')
  })
})

describe('delete an invalid customer', () => {
  it('needs the customer marked invalid and a reason; removes the chat and keeps a record', async () => {
    const s = await customerSession(ctx, '447700900020', SHOP)
    const del = (reason: string, who = agentA) =>
      api.del(who, '/damai/customer/session', { sessionId: String(s), reason })
    expect((await del('spam')).code).toBe(ErrorCode.deleteNeedsInvalid)
    await flag(agentA, s, 'invalid', true)
    // the words of the delete dialog's own check (checkDeleteReason)
    expect(await del('')).toMatchObject({ code: 400, msg: validationMessage('deleteReason.required', 'zh') })
    expect(await del('x'.repeat(51))).toMatchObject({
      code: 400,
      msg: validationMessage('deleteReason.length', 'zh'),
    })
    expect(checkDeleteReason('')).toBe('deleteReason.required')
    expect(checkDeleteReason('x'.repeat(51))).toBe('deleteReason.length')
    expect((await del('spam', lead)).code).toBe(403)
    expect((await del('spam')).code).toBe(0)
    expect(await ctx.db.selectFrom('sessions').select('id').where('id', '=', s).execute()).toEqual([])
    expect(await ctx.db.selectFrom('messages').select('id').where('session_id', '=', s).execute()).toEqual([])
    expect(
      await ctx.db.selectFrom('fans').select('id').where('phone', '=', '447700900020').execute(),
    ).toEqual([])
    const records = await api.post(agentA, '/damai/customer/session/deletions', {})
    expect(records.data as Page<SessionDeletionView>).toMatchObject({
      total: 1,
      list: [
        {
          phone: '447700900020',
          reason: 'spam',
          messageCount: 1,
          deletedBy: agentA.userId,
          accountPhone: SHOP,
        },
      ],
    })
    expect(
      ((await api.post(agentB, '/damai/customer/session/deletions', {})).data as Page<SessionDeletionView>)
        .total,
    ).toBe(0)
    expect(
      ((await api.post(boss, '/damai/customer/session/deletions', {})).data as Page<SessionDeletionView>)
        .total,
    ).toBe(1)
    // the customer writes again: a new chat opens
    const again = await customerSession(ctx, '447700900020', SHOP)
    expect(again).not.toBe(s)
  })
})

describe('new session by phone', () => {
  const create = (who: Signed, body: Record<string, unknown>, lang?: 'zh' | 'en') =>
    api.post(who, '/damai/customer/session/create', body, { lang })

  it('checks the number, then WhatsApp, then creates the customer and the session', async () => {
    const bad = await create(agentA, { phone: '12345678' })
    expect(bad).toMatchObject({
      code: ErrorCode.invalidPhone,
      msg: '手机号格式不正确（9-20位数字，含国家区号）',
    })
    expect((await create(agentA, { phone: '123456789012345678901' })).code).toBe(ErrorCode.invalidPhone)
    // separators only: the field is there, the number is not (the form says the same)
    expect((await create(agentA, { phone: ' + - ' })).code).toBe(ErrorCode.invalidPhone)
    expect(await create(agentA, { phone: '' })).toMatchObject({
      code: 400,
      msg: validationMessage('phone.required', 'zh'),
    })
    ctx.sim.network.addPhone('447700900098', { registered: false })
    const none = await create(agentA, { phone: '+44 7700 900098' }, 'en')
    expect(none).toMatchObject({
      code: ErrorCode.phoneNotOnWhatsApp,
      msg: 'This phone number has no WhatsApp account',
    })
    await ctx.sim.settle(2_000)
    const made = await create(agentA, { phone: '+44 7700 900099' })
    expect(made.code).toBe(0)
    const session = (made.data as { session: DeskSessionView }).session
    expect(session).toMatchObject({
      type: 'personal',
      fanPhone: '447700900099',
      accountId: shop,
      unreadCount: 0,
    })
    expect(await listIds(agentA)).toContain(session.id)
    const fan = await ctx.db
      .selectFrom('fans')
      .select(['source', 'country'])
      .where('phone', '=', '447700900099')
      .executeTakeFirstOrThrow()
    expect(fan).toEqual({ source: 'active_add', country: 'GB' })
    const exists = await create(agentA, { phone: '447700900099' })
    expect(exists).toMatchObject({ code: ErrorCode.sessionExists, data: { sessionId: session.id } })
    // the customer gets our first message
    expect(
      (
        await api.post(agentA, '/damai/customer/user/sendChatMessage', {
          sessionId: session.id,
          type: 'text',
          text: 'Hello from the shop',
        })
      ).code,
    ).toBe(0)
    await drainOutbox(ctx)
    expect(ctx.sim.network.messagesBetween(SHOP, '447700900099').map((m) => m.text)).toEqual([
      'Hello from the shop',
    ])
  })

  it('needs an online account of the caller', async () => {
    expect((await create(agentB, { phone: '447700900097' })).code).toBe(ErrorCode.noOnlineAccount)
    const spare = await ctx.linkAccount(tenant, SPARE)
    await ctx.db.updateTable('ws_accounts').set({ status: 'offline' }).where('id', '=', spare).execute()
    expect((await create(boss, { phone: '447700900097', accountId: spare })).code).toBe(
      ErrorCode.accountNotOnline,
    )
    // an agent cannot start from an account that is not theirs
    expect((await create(agentA, { phone: '447700900097', accountId: spare })).code).toBe(404)
    expect((await create(lead, { phone: '447700900097' })).code).toBe(403)
    expect(
      await ctx.db.selectFrom('fans').select('id').where('phone', '=', '447700900097').execute(),
    ).toEqual([])
  })
})

import { type ChatMessageView, type DeskEnterResult, ErrorCode, Role, type SessionPage } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox, recordEvents } from '../../test/messaging.js'
import { pngFile } from '../materials/materials.fixtures.js'
import { deskClient } from './desk.fixtures.js'

let ctx: TestContext
let boss: Signed
let agent: Signed
let rivalBoss: Signed
let rivalAgent: Signed
let api: ReturnType<typeof deskClient>
let shop: number
let session: number
let ours: ChatMessageView
let image: ChatMessageView
let events: ReturnType<typeof recordEvents>
const SHOP = '8613800000001'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  const tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
  rivalAgent = await ctx.as(rival, Role.customerUser, 'rival-agent')
  api = deskClient(ctx)
  shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent.userId })
    .where('id', '=', shop)
    .execute()
  await ctx.linkAccount(rival, '8613800000009')
  session = await customerSession(ctx, '447700900001', SHOP)
  ours = (
    await api.post(agent, '/damai/customer/user/sendChatMessage', {
      sessionId: session,
      type: 'text',
      text: 'x',
    })
  ).data as ChatMessageView
  image = (
    await api.upload(agent, { sessionId: session, chatType: 8 }, { name: 'a.png', data: pngFile(30, 30) })
  ).data as ChatMessageView
  await drainOutbox(ctx)
  events = recordEvents(ctx)
})
afterAll(() => ctx.close())

const enter = async (who: Signed, body: Record<string, unknown> = {}, acting?: number) => {
  const r = await api.post(who, '/damai/customer/desk/enter', body, { acting })
  if (r.code !== 0) throw new Error(`enter: ${r.code} ${r.msg}`)
  return r.data as DeskEnterResult
}
const list = (who: Signed, desk?: string, acting?: number) =>
  api.post(who, '/damai/customer/session/page', {}, { desk, acting })

describe('one live desk per agent (code 433)', () => {
  it('a newer desk of the same agent takes over; the older one answers 433 and hears desk.taken', async () => {
    const first = await enter(agent)
    expect(first).toMatchObject({ userId: agent.userId, acting: false, replacedDeskId: null })
    expect((await list(agent, first.deskId)).code).toBe(0)

    const second = await enter(boss, { customerUserId: agent.userId })
    expect(second).toMatchObject({ userId: agent.userId, acting: true, replacedDeskId: first.deskId })
    const taken = await list(agent, first.deskId)
    expect(taken).toMatchObject({ code: ErrorCode.deskTaken, msg: '主管已经登录到了其他客服台' })
    expect(
      (
        await api.post(
          agent,
          '/damai/customer/user/sendChatMessage',
          { sessionId: session, type: 'text', text: 'y' },
          { desk: first.deskId },
        )
      ).code,
    ).toBe(433)
    expect(events.find((e) => e.event === 'desk.taken')).toMatchObject({
      rooms: [`user:${agent.userId}`],
      payload: { deskId: first.deskId },
    })
    expect((await list(boss, second.deskId, agent.userId)).code).toBe(0)

    // the agent comes back: the supervisor's desk is the old one now
    const third = await enter(agent)
    expect((await list(boss, second.deskId, agent.userId)).code).toBe(433)
    expect(events.filter((e) => e.event === 'desk.taken').at(-1)).toMatchObject({
      rooms: [`user:${boss.userId}`, `user:${agent.userId}`],
      payload: { deskId: second.deskId },
    })
    expect((await list(agent, third.deskId)).code).toBe(0)
    // calls without a desk id (pages outside the desk) are not checked
    expect((await list(agent)).code).toBe(0)
  })

  it('the supervisor at their own desk does not displace an agent', async () => {
    const a = await enter(agent)
    const b = await enter(boss)
    expect(b).toMatchObject({ userId: boss.userId, acting: false })
    expect((await list(agent, a.deskId)).code).toBe(0)
  })

  it('refuses to act as a user who is not an agent of the tenant, and a header that disagrees with the body', async () => {
    expect(
      (await api.post(boss, '/damai/customer/desk/enter', { customerUserId: rivalAgent.userId })).code,
    ).toBe(403)
    const mismatch = await api.post(
      boss,
      '/damai/customer/desk/enter',
      { customerUserId: agent.userId },
      { acting: boss.userId },
    )
    expect(mismatch.code).toBe(400)
    expect((await api.post(null, '/damai/customer/desk/enter', {})).code).toBe(401)
  })
})

describe('tenant isolation on every desk route', () => {
  it("another tenant's session, message and account are not found, and nothing changes", async () => {
    const before = await ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', session)
      .executeTakeFirstOrThrow()
    const messagesBefore = await ctx.db
      .selectFrom('messages')
      .select(['id', 'status'])
      .orderBy('id')
      .execute()
    const s = { sessionId: session }
    const attempts: [string, Promise<{ code: number }>][] = [
      ['detail', api.post(rivalBoss, '/damai/customer/session/detail', s)],
      ['flag', api.put(rivalBoss, '/damai/customer/session/flag', { ...s, flag: 'pinned', value: true })],
      ['unread', api.put(rivalBoss, '/damai/customer/session/flag', { ...s, flag: 'unread', value: true })],
      ['invalid', api.put(rivalBoss, '/damai/customer/session/flag', { ...s, flag: 'invalid', value: true })],
      [
        'massSend',
        api.put(rivalBoss, '/damai/customer/session/flag', { ...s, flag: 'massSend', value: false }),
      ],
      ['migrate', api.put(rivalBoss, '/damai/customer/session/migrate', { ...s, userId: rivalAgent.userId })],
      ['fan', api.put(rivalBoss, '/damai/customer/session/fan', { ...s, remark: 'mine now' })],
      ['delete', api.del(rivalBoss, '/damai/customer/session', { sessionId: String(session), reason: 'x' })],
      ['history', api.post(rivalBoss, '/damai/customer/user/getSessionChatMessages', s)],
      [
        'send',
        api.post(rivalBoss, '/damai/customer/user/sendChatMessage', { ...s, type: 'text', text: 'x' }),
      ],
      ['resend', api.post(rivalBoss, '/damai/customer/user/resendChatMessage', { messageId: ours.id })],
      ['revoke', api.post(rivalBoss, '/damai/customer/user/revokeChatMessage', { messageId: ours.id })],
      ['read', api.post(rivalBoss, '/damai/customer/user/sendReadToFriendForChat', s)],
      ['media', api.get(rivalBoss, `/damai/customer/user/chatMedia/${image.id}`)],
      [
        'create',
        api.post(rivalBoss, '/damai/customer/session/create', { phone: '447700900050', accountId: shop }),
      ],
      ['upload', api.upload(rivalBoss, { ...s, chatType: 8 }, { name: 'a.png', data: pngFile(30, 30) })],
    ]
    for (const [what, p] of attempts) expect((await p).code, what).toBe(404)
    const page = (await api.post(rivalBoss, '/damai/customer/session/page', { accountId: shop }))
      .data as SessionPage
    expect(page.list).toEqual([])
    expect(
      (await api.post(rivalBoss, '/damai/customer/session/counts', { accountId: shop })).data,
    ).toMatchObject({ all: 0 })
    expect(
      await ctx.db.selectFrom('sessions').selectAll().where('id', '=', session).executeTakeFirstOrThrow(),
    ).toEqual(before)
    expect(await ctx.db.selectFrom('messages').select(['id', 'status']).orderBy('id').execute()).toEqual(
      messagesBefore,
    )
    expect(
      await ctx.db.selectFrom('session_reads').select('id').where('session_id', '=', session).execute(),
    ).toEqual([])
    expect(
      await ctx.db
        .selectFrom('fans')
        .select('remark')
        .where('phone', '=', '447700900001')
        .executeTakeFirstOrThrow(),
    ).toEqual({
      remark: '',
    })
  })

  it('answers 401 without a token and 403 for the platform admin on every route', async () => {
    const admin = { token: await adminToken(ctx), userId: 0, tenantId: 0 }
    const routes: ['post' | 'put' | 'del' | 'get', string, Record<string, unknown>][] = [
      ['post', '/damai/customer/desk/enter', {}],
      ['post', '/damai/customer/session/page', {}],
      ['post', '/damai/customer/session/counts', {}],
      ['post', '/damai/customer/session/detail', { sessionId: session }],
      ['post', '/damai/customer/session/create', { phone: '447700900051' }],
      ['put', '/damai/customer/session/flag', { sessionId: session, flag: 'pinned', value: true }],
      ['put', '/damai/customer/session/migrate', { sessionId: session, userId: agent.userId }],
      ['put', '/damai/customer/session/fan', { sessionId: session }],
      ['del', '/damai/customer/session', { sessionId: String(session), reason: 'x' }],
      ['post', '/damai/customer/session/deletions', {}],
      ['post', '/damai/customer/user/getSessionChatMessages', { sessionId: session }],
      ['post', '/damai/customer/user/sendChatMessage', { sessionId: session, type: 'text', text: 'x' }],
      ['post', '/damai/customer/user/resendChatMessage', { messageId: ours.id }],
      ['post', '/damai/customer/user/revokeChatMessage', { messageId: ours.id }],
      ['post', '/damai/customer/user/sendReadToFriendForChat', { sessionId: session }],
      ['get', `/damai/customer/user/chatMedia/${image.id}`, {}],
    ]
    for (const [method, url, body] of routes) {
      const call = (who: Signed | null) =>
        method === 'del'
          ? api.del(who, url, body as Record<string, string>)
          : method === 'get'
            ? api.get(who, url)
            : api[method](who, url, body)
      expect((await call(null)).code, `${method} ${url}`).toBe(401)
      expect((await call(admin)).code, `${method} ${url}`).toBe(403)
    }
  })
})

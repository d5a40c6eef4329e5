import { type HomeChecklist, StatisticsPath as P, Role, SendOrigin } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'
import { okData } from '../../test/platform.js'

let ctx: TestContext
let tenant: number
let rival: number
let boss: Signed
let rivalBoss: Signed
const SHOP = '8613900000001'
const RIVAL_SHOP = '8613900000009'

const checklist = (who: Signed) => okData<HomeChecklist>(ctx.call('GET', P.checklist, { token: who.token }))
const none: HomeChecklist = { linkNumber: false, createAgent: false, assignNumber: false, answerChat: false }

/** A message of ours stored straight in a session, as another sender (a mass send, the phone) leaves it. */
async function storeOurs(accountId: number, sessionId: number, origin: string | null) {
  const now = Date.now()
  await ctx.db
    .insertInto('messages')
    .values({
      tenant_id: tenant,
      account_id: accountId,
      session_id: sessionId,
      wa_message_id: `checklist-${origin}-${now}`,
      from_me: 1,
      type: 'text',
      body: 'not a person at the desk',
      status: 'sent',
      origin,
      timestamp: now,
      created_at: now,
    })
    .execute()
}

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('checklist-a')
  rival = await ctx.tenant('checklist-b')
  boss = await ctx.as(tenant, Role.customerMaster, 'checklist-boss')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'checklist-rival')
  // the other tenant has done every step: none of it may count for this one
  const rivalShop = await ctx.linkAccount(rival, RIVAL_SHOP)
  const rivalAgent = await ctx.as(rival, Role.customerUser, 'checklist-rival-agent')
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: rivalAgent.userId })
    .where('id', '=', rivalShop)
    .execute()
  const s = await customerSession(ctx, '447700950009', RIVAL_SHOP)
  const r = await ctx.call('POST', '/damai/customer/user/sendChatMessage', {
    token: rivalAgent.token,
    body: { sessionId: s, type: 'text', text: 'hello' },
  })
  expect(r.code).toBe(0)
  await drainOutbox(ctx)
})
afterAll(() => ctx.close())

describe('GET /damai/home/checklist', () => {
  it('answers 401 without a token', async () => {
    expect((await ctx.call('GET', P.checklist)).code).toBe(401)
  })

  it('answers 403 to an agent and a team lead: the checklist is the supervisor’s', async () => {
    const other = await ctx.tenant('checklist-roles')
    for (const [role, name] of [
      [Role.customerUser, 'checklist-roles-agent'],
      [Role.customerUserLeader, 'checklist-roles-lead'],
    ] as const) {
      const who = await ctx.as(other, role, name)
      expect((await ctx.call('GET', P.checklist, { token: who.token })).code).toBe(403)
    }
  })

  it('counts nothing of another tenant: a fresh tenant has no step done', async () => {
    expect(await checklist(boss)).toEqual(none)
    expect(await checklist(rivalBoss)).toEqual({
      linkNumber: true,
      createAgent: true,
      assignNumber: true,
      answerChat: true,
    })
  })

  it('marks each step done as the supervisor does it', async () => {
    const shop = await ctx.linkAccount(tenant, SHOP)
    expect(await checklist(boss)).toEqual({ ...none, linkNumber: true })

    const agent = await ctx.as(tenant, Role.customerUser, 'checklist-agent')
    expect(await checklist(boss)).toEqual({ ...none, linkNumber: true, createAgent: true })

    await ctx.db
      .updateTable('ws_accounts')
      .set({ agent_user_id: agent.userId })
      .where('id', '=', shop)
      .execute()
    const afterAssign = await checklist(boss)
    expect(afterAssign).toEqual({
      linkNumber: true,
      createAgent: true,
      assignNumber: true,
      answerChat: false,
    })

    // a customer writes in; a mass send and a message typed on the phone are not a person at the desk
    const session = await customerSession(ctx, '447700950001', SHOP)
    await storeOurs(shop, session, SendOrigin.massSend)
    await storeOurs(shop, session, null)
    expect((await checklist(boss)).answerChat).toBe(false)

    const r = await ctx.call('POST', '/damai/customer/user/sendChatMessage', {
      token: agent.token,
      body: { sessionId: session, type: 'text', text: 'Hello, how can I help?' },
    })
    expect(r.code).toBe(0)
    await drainOutbox(ctx)
    expect(await checklist(boss)).toEqual({
      linkNumber: true,
      createAgent: true,
      assignNumber: true,
      answerChat: true,
    })
  })

  it('counts neither a deleted agent nor a deleted number', async () => {
    const other = await ctx.tenant('checklist-c')
    const otherBoss = await ctx.as(other, Role.customerMaster, 'checklist-c-boss')
    const shop = await ctx.linkAccount(other, '8613900000003')
    const agent = await ctx.as(other, Role.customerUser, 'checklist-c-agent')
    await ctx.db
      .updateTable('ws_accounts')
      .set({ agent_user_id: agent.userId })
      .where('id', '=', shop)
      .execute()
    expect(await checklist(otherBoss)).toMatchObject({
      linkNumber: true,
      createAgent: true,
      assignNumber: true,
    })
    await ctx.db.updateTable('users').set({ deleted_at: Date.now() }).where('id', '=', agent.userId).execute()
    await ctx.db.updateTable('ws_accounts').set({ deleted_at: Date.now() }).where('id', '=', shop).execute()
    expect(await checklist(otherBoss)).toEqual(none)
  })
})

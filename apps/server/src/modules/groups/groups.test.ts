import { ErrorCode, type GroupInfoView, type GroupMemberPage, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getGroup, updateGroup } from '../../gateway/simulator/groups.js'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { systemGroupSession, systemGroupsHidden } from '../sessions/system-groups.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agent: Signed
let lead: Signed
let otherBoss: Signed
let account: number
const SHOP = '8613800000101'
const ALICE = '447700900101'
const BOB = '447700900102'
const CAROL = '447700900103'
const emitted: { rooms: string[]; event: string; payload: unknown }[] = []

const post = (who: Signed | null, url: string, body: unknown, headers: Record<string, string> = {}) =>
  ctx.call('POST', url, { token: who?.token, body, headers })
const put = (who: Signed | null, url: string, body: unknown) =>
  ctx.call('PUT', url, { token: who?.token, body })

/** A group in the simulated network with our account in it, and its desk session (opened by a message). */
async function groupSession(owner: string, subject: string, members: string[]) {
  const g = ctx.sim.network.createGroup(owner, subject, members)
  await ctx.sim.settle()
  const speaker = [owner, ...members].find((p) => p !== SHOP) ?? owner
  ctx.sim.network.customerSendGroup(speaker, g.id, { kind: 'text', text: 'hello group' })
  await ctx.sim.settle(1_000)
  const row = await ctx.db
    .selectFrom('sessions as s')
    .innerJoin('group_chats as g', 'g.id', 's.group_chat_id')
    .select(['s.id', 'g.id as groupChatId'])
    .where('g.jid', '=', g.id)
    .where('s.account_id', '=', account)
    .executeTakeFirstOrThrow()
  return { sessionId: row.id, groupChatId: row.groupChatId, jid: g.id }
}

let owned: Awaited<ReturnType<typeof groupSession>>
let joined: Awaited<ReturnType<typeof groupSession>>

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('grp')
  boss = await ctx.as(tenant, Role.customerMaster, 'grp-boss')
  agent = await ctx.as(tenant, Role.customerUser, 'grp-agent')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'grp-lead')
  const other = await ctx.tenant('grp2')
  otherBoss = await ctx.as(other, Role.customerMaster, 'grp2-boss')
  account = await ctx.linkAccount(tenant, SHOP)
  ctx.sim.network.addPhone(ALICE, { name: 'Alice' })
  ctx.messaging.hub.observe((rooms, event, payload) => emitted.push({ rooms, event, payload }))
  owned = await groupSession(SHOP, 'Wholesale', [ALICE, BOB])
  joined = await groupSession(CAROL, 'Suppliers', [SHOP, ALICE])
})
afterAll(() => ctx.close())

describe('POST /damai/customer/group/info', () => {
  const url = '/damai/customer/group/info'

  it('refuses without a token, a platform role, a bad body and another tenant', async () => {
    expect((await post(null, url, { sessionId: owned.sessionId })).code).toBe(ErrorCode.unauthorized)
    const ops = await ctx.as(tenant, Role.operations, 'grp-ops')
    expect((await post(ops, url, { sessionId: owned.sessionId })).code).toBe(ErrorCode.forbidden)
    expect((await post(boss, url, { sessionId: 'x' })).code).toBe(ErrorCode.badRequest)
    expect((await post(otherBoss, url, { sessionId: owned.sessionId })).code).toBe(ErrorCode.notFound)
  })

  it('shows a group created by our account: subject, members, owner role and what it may do', async () => {
    const { code, data } = await post(boss, url, { sessionId: owned.sessionId })
    expect(code).toBe(0)
    expect(data).toMatchObject({
      sessionId: owned.sessionId,
      jid: owned.jid,
      accountId: account,
      accountPhone: SHOP,
      subject: 'Wholesale',
      memberCount: 3,
      adminCount: 1,
      announce: false,
      editPermission: 'all',
      inviteLink: null,
      ourRole: 'owner',
      system: false,
      can: { manageMembers: true, editInfo: true, editSettings: true, link: true, remark: true },
    } satisfies Partial<GroupInfoView>)
  })

  it('a plain member may edit the info of an open group but not manage it', async () => {
    const { data } = await post(boss, url, { sessionId: joined.sessionId })
    expect(data).toMatchObject({
      subject: 'Suppliers',
      ourRole: 'member',
      can: { manageMembers: false, editInfo: true, editSettings: false, link: false, remark: true },
    })
  })

  it('a team lead has no desk: it neither reads nor changes a group', async () => {
    expect((await post(lead, url, { sessionId: owned.sessionId })).code).toBe(ErrorCode.forbidden)
    expect((await post(lead, '/damai/customer/group/members', { sessionId: owned.sessionId })).code).toBe(
      ErrorCode.forbidden,
    )
    expect(
      (await put(lead, '/damai/customer/group/remark', { sessionId: owned.sessionId, note: 'x' })).code,
    ).toBe(ErrorCode.forbidden)
  })

  it('an agent sees only the groups of their sessions', async () => {
    expect((await post(agent, url, { sessionId: owned.sessionId })).code).toBe(ErrorCode.notFound)
    await ctx.db
      .updateTable('ws_accounts')
      .set({ agent_user_id: agent.userId })
      .where('id', '=', account)
      .execute()
    try {
      expect((await post(agent, url, { sessionId: owned.sessionId })).code).toBe(0)
    } finally {
      await ctx.db.updateTable('ws_accounts').set({ agent_user_id: null }).where('id', '=', account).execute()
    }
  })

  it('a personal session is not a group chat', async () => {
    ctx.sim.network.customerSend(BOB, SHOP, { kind: 'text', text: 'hi' })
    await ctx.sim.settle(1_000)
    const personal = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', account)
      .where('type', '=', 'personal')
      .executeTakeFirstOrThrow()
    const { code, msg } = await post(boss, url, { sessionId: personal.id }, { language: 'en' })
    expect(code).toBe(ErrorCode.notGroupSession)
    expect(msg).toBe('This session is not a group chat')
  })

  it('refresh reads the group from WhatsApp again', async () => {
    // the stored subject went stale; WhatsApp still has the real one
    await ctx.db
      .updateTable('group_chats')
      .set({ subject: 'stale' })
      .where('id', '=', owned.groupChatId)
      .execute()
    expect(((await post(boss, url, { sessionId: owned.sessionId })).data as GroupInfoView).subject).toBe(
      'stale',
    )
    emitted.length = 0
    const { data } = await post(boss, url, { sessionId: owned.sessionId, refresh: true })
    expect((data as GroupInfoView).subject).toBe('Wholesale')
    expect(emitted.find((e) => e.event === 'group.updated')?.payload).toEqual({
      sessionId: owned.sessionId,
      groupChatId: owned.groupChatId,
      jid: owned.jid,
    })
  })
})

describe('POST /damai/customer/group/members', () => {
  const url = '/damai/customer/group/members'

  it('lists the owner first, then admins and members, with names the account knows and our own flagged', async () => {
    const { code, data } = await post(boss, url, { sessionId: owned.sessionId })
    expect(code).toBe(0)
    const page = data as GroupMemberPage
    expect(page.total).toBe(3)
    expect(page.list.map((m) => [m.phone, m.role, m.isSelf])).toEqual([
      [SHOP, 'owner', true],
      [ALICE, 'member', false],
      [BOB, 'member', false],
    ])
  })

  it('searches by phone digits and pages', async () => {
    const found = (await post(boss, url, { sessionId: owned.sessionId, keyword: ALICE.slice(-6) }))
      .data as GroupMemberPage
    expect(found.list.map((m) => m.phone)).toEqual([ALICE])
    const second = (await post(boss, url, { sessionId: owned.sessionId, pageNo: 2, pageSize: 2 }))
      .data as GroupMemberPage
    expect(second).toMatchObject({ total: 3, list: [{ phone: BOB }] })
  })

  it("hides another tenant's group", async () => {
    expect((await post(otherBoss, url, { sessionId: owned.sessionId })).code).toBe(ErrorCode.notFound)
  })
})

describe('PUT /damai/customer/group/remark', () => {
  const url = '/damai/customer/group/remark'

  it('keeps the note and nickname for the tenant; too long changes nothing', async () => {
    expect((await put(boss, url, { sessionId: owned.sessionId, note: 'x'.repeat(201) })).code).toBe(
      ErrorCode.badRequest,
    )
    expect((await put(boss, url, { sessionId: owned.sessionId })).code).toBe(ErrorCode.groupNothingToChange)
    expect((await put(otherBoss, url, { sessionId: owned.sessionId, note: 'mine' })).code).toBe(
      ErrorCode.notFound,
    )
    expect(
      (await put(boss, url, { sessionId: owned.sessionId, note: 'VIP buyers', nickname: 'WS-1' })).code,
    ).toBe(0)
    expect((await put(boss, url, { sessionId: owned.sessionId, nickname: 'Wholesale A' })).code).toBe(0)
    const { data } = await post(boss, '/damai/customer/group/info', { sessionId: owned.sessionId })
    expect(data).toMatchObject({ note: 'VIP buyers', nickname: 'Wholesale A' })
  })
})

describe('system groups', () => {
  it('an announcement-only group where our account is a plain member is a system group', async () => {
    const notice = await groupSession(CAROL, 'Notices', [SHOP, BOB])
    // the owner turns on "only admins send" from their phone; WhatsApp tells our account
    const world = ctx.sim.network.world
    updateGroup(world, getGroup(world, notice.jid), CAROL, { setting: 'announcement' })
    await ctx.sim.settle(1_000)
    const info = (await post(boss, '/damai/customer/group/info', { sessionId: notice.sessionId }))
      .data as GroupInfoView
    expect(info).toMatchObject({ announce: true, ourRole: 'member', system: true })
    const owner = (await post(boss, '/damai/customer/group/info', { sessionId: owned.sessionId }))
      .data as GroupInfoView
    expect(owner.system).toBe(false)

    // the session list's condition agrees
    const rows = await ctx.db
      .selectFrom('sessions as s')
      .select('s.id')
      .where('s.account_id', '=', account)
      .where(systemGroupSession('s'))
      .execute()
    expect(rows.map((r) => r.id)).toEqual([notice.sessionId])
  })

  it('each desk user shows or hides them; shown by default', async () => {
    const url = '/damai/customer/group/systemGroups'
    expect((await ctx.call('GET', url, { token: boss.token })).data).toEqual({ show: true })
    expect((await put(boss, url, { show: 'no' })).code).toBe(ErrorCode.badRequest)
    expect((await put(boss, url, { show: false })).data).toEqual({ show: false })
    expect((await ctx.call('GET', url, { token: boss.token })).data).toEqual({ show: false })
    expect(await systemGroupsHidden(ctx.db, tenant, boss.userId)).toBe(true)
    expect((await ctx.call('GET', url, { token: agent.token })).data).toEqual({ show: true })
    expect(await systemGroupsHidden(ctx.db, tenant, agent.userId)).toBe(false)

    // the desk's session list leaves them out for whoever hides them
    const groupsOnDesk = async (who: Signed) => {
      const enter = await post(who, '/damai/customer/desk/enter', {})
      const deskId = (enter.data as { deskId: string }).deskId
      const page = await post(who, '/damai/customer/session/page', { filter: 'group' }, { 'desk-id': deskId })
      return (page.data as { list: { title: string }[] }).list.map((s) => s.title).sort()
    }
    expect(await groupsOnDesk(boss)).not.toContain('Notices')
    expect((await put(boss, url, { show: true })).data).toEqual({ show: true })
    expect(await groupsOnDesk(boss)).toContain('Notices')
  })
})

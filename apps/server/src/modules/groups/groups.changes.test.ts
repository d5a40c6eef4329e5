import {
  ErrorCode,
  type GroupInfoView,
  type GroupJoinResult,
  type GroupLinkView,
  type GroupMemberActionResult,
  Role,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getGroup, updateGroup } from '../../gateway/simulator/groups.js'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agent: Signed
let lead: Signed
let otherBoss: Signed
let account: number
const SHOP = '8613800000201'
const ALICE = '447700900201'
const BOB = '447700900202'
const CAROL = '447700900203'
const DAVE = '447700900204'
const GHOST = '447700900299'
const emitted: { event: string; payload: unknown }[] = []

const post = (who: Signed | null, url: string, body: unknown) =>
  ctx.call('POST', url, { token: who?.token, body })
const put = (who: Signed | null, url: string, body: unknown) =>
  ctx.call('PUT', url, { token: who?.token, body })
const world = () => ctx.sim.network.world
const roleIn = (jid: string, phone: string) => getGroup(world(), jid).participants.get(phone)
const info = async (sessionId: number) =>
  (await post(boss, '/damai/customer/group/info', { sessionId })).data as GroupInfoView
const storedMembers = (groupChatId: number) =>
  ctx.db
    .selectFrom('group_members')
    .select(['jid', 'role'])
    .where('group_chat_id', '=', groupChatId)
    .orderBy('jid')
    .execute()

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
  tenant = await ctx.tenant('chg')
  boss = await ctx.as(tenant, Role.customerMaster, 'chg-boss')
  agent = await ctx.as(tenant, Role.customerUser, 'chg-agent')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'chg-lead')
  otherBoss = await ctx.as(await ctx.tenant('chg2'), Role.customerMaster, 'chg2-boss')
  account = await ctx.linkAccount(tenant, SHOP)
  ctx.sim.network.addPhone(GHOST, { registered: false })
  ctx.messaging.hub.observe((_rooms, event, payload) => emitted.push({ event, payload }))
  owned = await groupSession(SHOP, 'Wholesale', [ALICE, BOB])
  joined = await groupSession(CAROL, 'Suppliers', [SHOP, ALICE])
})
afterAll(() => ctx.close())

describe('POST /damai/customer/group/members/action', () => {
  const url = '/damai/customer/group/members/action'

  it('refuses without a token, for a team lead, a bad action and another tenant', async () => {
    const body = { sessionId: owned.sessionId, action: 'add', members: [DAVE] }
    expect((await post(null, url, body)).code).toBe(ErrorCode.unauthorized)
    expect((await post(lead, url, body)).code).toBe(ErrorCode.forbidden)
    expect((await post(boss, url, { ...body, action: 'kick' })).code).toBe(ErrorCode.badRequest)
    expect((await post(otherBoss, url, body)).code).toBe(ErrorCode.notFound)
    expect((await post(boss, url, { ...body, members: [' '] })).code).toBe(ErrorCode.groupMembersEmpty)
    const many = Array.from({ length: 51 }, (_, i) => `4477009${String(i).padStart(5, '0')}`)
    expect((await post(boss, url, { ...body, members: many })).code).toBe(ErrorCode.groupMembersTooMany)
    expect(roleIn(owned.jid, DAVE)).toBeUndefined()
  })

  it('only the owner or an admin manages members: a plain member is refused and nothing is sent', async () => {
    const { code, msg } = await ctx.call('POST', url, {
      token: boss.token,
      body: { sessionId: joined.sessionId, action: 'add', members: [DAVE] },
      headers: { language: 'en' },
    })
    expect(code).toBe(ErrorCode.groupNotAdmin)
    expect(msg).toBe('Only the group owner or an admin can manage members or get the group link')
    expect(roleIn(joined.jid, DAVE)).toBeUndefined()
  })

  it('adds by phone with a result per member; the list follows when WhatsApp confirms', async () => {
    emitted.length = 0
    const { code, data } = await post(boss, url, {
      sessionId: owned.sessionId,
      action: 'add',
      members: [`+${DAVE.slice(0, 2)} ${DAVE.slice(2)}`, 'not a phone', ALICE, GHOST],
    })
    expect(code).toBe(0)
    expect(data).toEqual({
      submitted: true,
      results: [
        { input: `+${DAVE.slice(0, 2)} ${DAVE.slice(2)}`, jid: `${DAVE}@s.whatsapp.net`, status: 'ok' },
        { input: 'not a phone', jid: null, status: 'invalid' },
        { input: ALICE, jid: `${ALICE}@s.whatsapp.net`, status: 'alreadyMember' },
        { input: GHOST, jid: `${GHOST}@s.whatsapp.net`, status: 'notOnWhatsApp' },
      ],
    } satisfies GroupMemberActionResult)
    expect(roleIn(owned.jid, DAVE)).toBe('member')
    await ctx.sim.settle(1_000)
    expect(await storedMembers(owned.groupChatId)).toContainEqual({
      jid: `${DAVE}@s.whatsapp.net`,
      role: 'member',
    })
    expect(emitted.some((e) => e.event === 'group.updated')).toBe(true)
  })

  it('promotes, demotes and removes; the owner cannot be removed', async () => {
    const act = (action: string, members: string[]) =>
      post(boss, url, { sessionId: owned.sessionId, action, members })
    expect(
      ((await act('promote', [`${ALICE}@s.whatsapp.net`])).data as GroupMemberActionResult).submitted,
    ).toBe(true)
    expect(roleIn(owned.jid, ALICE)).toBe('admin')
    await ctx.sim.settle(1_000)
    expect((await info(owned.sessionId)).adminCount).toBe(2)

    await act('demote', [ALICE])
    expect(roleIn(owned.jid, ALICE)).toBe('member')
    const removed = (await act('remove', [BOB, CAROL])).data as GroupMemberActionResult
    expect(removed.results.map((r) => r.status)).toEqual(['ok', 'notMember'])
    expect(roleIn(owned.jid, BOB)).toBeUndefined()
    await ctx.sim.settle(1_000)
    const members = await storedMembers(owned.groupChatId)
    expect(members.map((m) => m.jid)).not.toContain(`${BOB}@s.whatsapp.net`)
    expect(members).toContainEqual({ jid: `${ALICE}@s.whatsapp.net`, role: 'member' })
  })
})

describe('PUT /damai/customer/group/info', () => {
  const url = '/damai/customer/group/info'

  it('refuses nothing to change and bad values, and sends nothing', async () => {
    expect((await put(boss, url, { sessionId: owned.sessionId })).code).toBe(ErrorCode.groupNothingToChange)
    expect((await put(boss, url, { sessionId: owned.sessionId, subject: 'Wholesale' })).code).toBe(
      ErrorCode.groupNothingToChange,
    )
    expect((await put(boss, url, { sessionId: owned.sessionId, subject: 'x'.repeat(101) })).code).toBe(
      ErrorCode.badRequest,
    )
    expect((await put(boss, url, { sessionId: owned.sessionId, editPermission: 'some' })).code).toBe(
      ErrorCode.badRequest,
    )
    expect((await put(lead, url, { sessionId: owned.sessionId, subject: 'Lead' })).code).toBe(
      ErrorCode.forbidden,
    )
    expect(getGroup(world(), owned.jid).subject).toBe('Wholesale')
  })

  it('sets and cancels the announcement group; the store follows WhatsApp', async () => {
    expect((await put(boss, url, { sessionId: owned.sessionId, announce: true })).data).toEqual({
      submitted: true,
    })
    expect(getGroup(world(), owned.jid).announce).toBe(true)
    await ctx.sim.settle(1_000)
    expect((await info(owned.sessionId)).announce).toBe(true)
    await put(boss, url, { sessionId: owned.sessionId, announce: false })
    expect(getGroup(world(), owned.jid).announce).toBe(false)
    await ctx.sim.settle(1_000)
    expect((await info(owned.sessionId)).announce).toBe(false)
  })

  it('changes subject, description and edit permission as the owner', async () => {
    const { code } = await put(boss, url, {
      sessionId: owned.sessionId,
      subject: 'Wholesale 2026',
      description: 'Prices every Monday',
      editPermission: 'admin',
    })
    expect(code).toBe(0)
    const g = getGroup(world(), owned.jid)
    expect([g.subject, g.description, g.restrict]).toEqual(['Wholesale 2026', 'Prices every Monday', true])
    await ctx.sim.settle(1_000)
    expect(await info(owned.sessionId)).toMatchObject({
      subject: 'Wholesale 2026',
      description: 'Prices every Monday',
      editPermission: 'admin',
    })
  })

  it('a plain member edits an open group but not its settings, nor a locked group', async () => {
    expect((await put(boss, url, { sessionId: joined.sessionId, subject: 'Suppliers EU' })).code).toBe(0)
    expect(getGroup(world(), joined.jid).subject).toBe('Suppliers EU')
    expect((await put(boss, url, { sessionId: joined.sessionId, announce: true })).code).toBe(
      ErrorCode.groupSettingsAdminsOnly,
    )
    expect(getGroup(world(), joined.jid).announce).toBe(false)
    updateGroup(world(), getGroup(world(), joined.jid), CAROL, { setting: 'locked' })
    await ctx.sim.settle(1_000)
    expect((await info(joined.sessionId)).can.editInfo).toBe(false)
    expect((await put(boss, url, { sessionId: joined.sessionId, description: 'ours' })).code).toBe(
      ErrorCode.groupEditAdminsOnly,
    )
    expect(getGroup(world(), joined.jid).description).toBeUndefined()
  })
})

describe('invite link and QR code', () => {
  it('only the owner or an admin gets it; a reset makes the old link stop working', async () => {
    expect((await post(boss, '/damai/customer/group/link', { sessionId: joined.sessionId })).code).toBe(
      ErrorCode.groupNotAdmin,
    )
    expect((await post(lead, '/damai/customer/group/link', { sessionId: owned.sessionId })).code).toBe(
      ErrorCode.forbidden,
    )
    const first = (await post(boss, '/damai/customer/group/link', { sessionId: owned.sessionId }))
      .data as GroupLinkView
    expect(first.link).toBe(`https://chat.whatsapp.com/${getGroup(world(), owned.jid).inviteCode}`)
    expect(first.qrDataUrl).toMatch(/^data:image\/png;base64,/)
    expect(await info(owned.sessionId)).toMatchObject({ inviteLink: first.link, inviteQr: first.qrDataUrl })

    const reset = (await put(boss, '/damai/customer/group/link/reset', { sessionId: owned.sessionId }))
      .data as GroupLinkView
    expect(reset.link).not.toBe(first.link)
    expect((await info(owned.sessionId)).inviteLink).toBe(reset.link)
    expect(() => ctx.sim.network.joinGroup(CAROL, first.link)).toThrow()
    expect(ctx.sim.network.joinGroup(CAROL, reset.link).id).toBe(owned.jid)
  })
})

describe('POST /damai/customer/group/join', () => {
  const url = '/damai/customer/group/join'
  const linkOf = (jid: string) => `https://chat.whatsapp.com/${getGroup(world(), jid).inviteCode}`

  it('lists the accounts the caller may use', async () => {
    const mine = await ctx.call('GET', '/damai/customer/group/accounts', { token: boss.token })
    expect(mine.data).toEqual({ list: [{ id: account, phone: SHOP, online: true }] })
    const agents = await ctx.call('GET', '/damai/customer/group/accounts', { token: agent.token })
    expect(agents.data).toEqual({ list: [] })
  })

  it('refuses no links, more than 20, an account the caller may not use, an offline account', async () => {
    const body = (links: string[], accountId = account) => ({ accountId, links })
    expect((await post(boss, url, body(['', ' ']))).code).toBe(ErrorCode.groupJoinEmpty)
    const many = Array.from({ length: 21 }, (_, i) => `https://chat.whatsapp.com/AAAAAAAAAAAAAAAAAAAA${i}`)
    expect((await post(boss, url, body(many))).code).toBe(ErrorCode.groupJoinTooMany)
    expect((await post(agent, url, body(['https://chat.whatsapp.com/AAAAAAAAAAAAAAAAAAAAAA']))).code).toBe(
      ErrorCode.groupAccountUnavailable,
    )
    expect(
      (await post(otherBoss, url, body(['https://chat.whatsapp.com/AAAAAAAAAAAAAAAAAAAAAA']))).code,
    ).toBe(ErrorCode.groupAccountUnavailable)
    await ctx.db.updateTable('ws_accounts').set({ status: 'offline' }).where('id', '=', account).execute()
    try {
      expect((await post(boss, url, body(['https://chat.whatsapp.com/AAAAAAAAAAAAAAAAAAAAAA']))).code).toBe(
        ErrorCode.accountNotOnline,
      )
    } finally {
      await ctx.db.updateTable('ws_accounts').set({ status: 'online' }).where('id', '=', account).execute()
    }
  })

  it('joins line by line with a result each, and opens each joined group on the desk', async () => {
    const x = ctx.sim.network.createGroup(ALICE, 'Buyers X', [BOB])
    const y = ctx.sim.network.createGroup(BOB, 'Buyers Y', [ALICE])
    await ctx.sim.settle()
    const links = [
      linkOf(x.id),
      getGroup(world(), y.id).inviteCode,
      'hello there',
      'https://chat.whatsapp.com/ZZZZZZZZZZZZZZZZZZZZZZ',
      linkOf(x.id),
      '',
    ]
    const { code, data } = await post(boss, url, { accountId: account, links })
    expect(code).toBe(0)
    const res = data as GroupJoinResult
    expect(res.joined).toBe(2)
    expect(res.results.map((r) => [r.line, r.status, r.subject])).toEqual([
      [1, 'joined', 'Buyers X'],
      [2, 'joined', 'Buyers Y'],
      [3, 'invalid', null],
      [4, 'notFound', null],
      [5, 'duplicate', null],
    ])
    expect(roleIn(x.id, SHOP)).toBe('member')
    expect(roleIn(y.id, SHOP)).toBe('member')
    const sessionId = res.results[0]?.sessionId ?? 0
    expect(await info(sessionId)).toMatchObject({
      jid: x.id,
      subject: 'Buyers X',
      memberCount: 3,
      ourRole: 'member',
    })
  })
})

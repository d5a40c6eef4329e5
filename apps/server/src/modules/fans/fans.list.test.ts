import { type FanDetail, type FanFilter, type FanPage, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { seedAccount } from '../labels/labels.fixtures.js'
import { labelFans, seedAccountGroup, seedFanRow, seedLabel } from './fans.fixtures.js'

const base = '/damai/customer/fans'
const T0 = Date.UTC(2026, 0, 1)
const HOUR = 3_600_000
const DAY = 24 * HOUR

let ctx: TestContext
let tenant: number
let boss: Signed
let lead: Signed
let agent1: Signed
let agent2: Signed
let rivalBoss: Signed
let accounts: { a1: number; a2: number; a3: number }
let group: number
let rivalAccount: number
let rivalFan: number
/** fans by name: f1…f6 of the tenant */
const fan: Record<string, number> = {}
let vip: number
let leadLabel: number

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  agent1 = await ctx.as(tenant, Role.customerUser, 'agent-1')
  agent2 = await ctx.as(tenant, Role.customerUser, 'agent-2')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
  accounts = {
    a1: await seedAccount(ctx.db, tenant, agent1.userId),
    a2: await seedAccount(ctx.db, tenant, agent2.userId),
    a3: await seedAccount(ctx.db, tenant),
  }
  group = await seedAccountGroup(ctx.db, tenant, 'Sales', [accounts.a1])
  const at = (h: number) => T0 + h * HOUR
  const seed = async (name: string, account: number, o: Parameters<typeof seedFanRow>[3]) => {
    fan[name] = (await seedFanRow(ctx.db, tenant, account, o)).fanId
  }
  await seed('f1', accounts.a1, {
    nickname: 'Alice Smith',
    phone: '447900000001',
    country: 'GB',
    createdAt: at(1),
    lastActivityAt: T0 + 10 * DAY,
  })
  await seed('f2', accounts.a1, {
    pushName: 'Bob',
    remark: 'Big_100% order',
    phone: '12025550002',
    source: 'active_add',
    country: 'US',
    createdAt: at(2),
    sessionAgent: agent2.userId,
    lastActivityAt: T0 + 2 * DAY,
  })
  await seed('f3', accounts.a2, {
    nickname: 'carol',
    phone: '447900000003',
    repeat: true,
    inheritedFrom: fan.f1,
    createdAt: at(3),
    lastActivityAt: T0 + 20 * DAY,
  })
  await seed('f4', accounts.a2, {
    phone: '447900000004',
    invalid: true,
    massSend: false,
    createdAt: at(4),
    sessionAgent: agent1.userId,
    lastActivityAt: T0 + 3 * DAY,
  })
  await seed('f5', accounts.a3, {
    phone: '8613900000005',
    source: 'scan_sync',
    country: 'CN',
    createdAt: at(5),
    session: false,
  })
  await seed('f6', accounts.a3, {
    phone: '447900000006',
    source: 'stranger_mass_send',
    createdAt: at(6),
    lastActivityAt: T0 + 4 * DAY,
  })
  vip = await seedLabel(ctx.db, tenant, 'VIP', boss.userId, T0)
  leadLabel = await seedLabel(ctx.db, tenant, 'Lead', boss.userId, T0 + 1)
  await labelFans(ctx.db, tenant, vip, [fan.f1, fan.f2])
  await labelFans(ctx.db, tenant, leadLabel, [fan.f2])
  rivalAccount = await seedAccount(ctx.db, rival)
  rivalFan = (await seedFanRow(ctx.db, rival, rivalAccount, { nickname: 'Alice Rival', createdAt: at(7) }))
    .fanId
})
afterAll(() => ctx.close())

const page = async (who: Signed, body: object = {}, headers: Record<string, string> = {}) => {
  const r = await ctx.call('POST', `${base}/page`, { token: who.token, body, headers })
  if (r.code !== 0) throw new Error(`page: ${r.code} ${r.msg}`)
  return r.data as FanPage
}
const ids = async (who: Signed, filter: FanFilter = {}, headers: Record<string, string> = {}) =>
  (await page(who, { filter, pageSize: 100 }, headers)).list.map((f) => f.id)
const names = (...n: string[]) => n.map((x) => fan[x])

describe('customers list access', () => {
  it('answers 401 without a token and 403 to the team lead and platform staff', async () => {
    expect((await ctx.call('POST', `${base}/page`, { body: {} })).code).toBe(401)
    expect((await ctx.call('POST', `${base}/page`, { token: lead.token, body: {} })).code).toBe(403)
    const admin = await adminToken(ctx)
    expect((await ctx.call('POST', `${base}/page`, { token: admin, body: {} })).code).toBe(403)
    expect(
      (await ctx.call('POST', `${base}/detail`, { token: lead.token, body: { fanId: fan.f1 } })).code,
    ).toBe(403)
  })

  it('refuses malformed bodies with the shared messages', async () => {
    for (const body of [
      { pageSize: 0 },
      { pageSize: 101 },
      { cursor: 'x' },
      { filter: { createdFrom: T0 + 10, createdTo: T0 } },
      { filter: { lastMessageFrom: T0, lastMessageTo: T0 } },
      { filter: { country: 'GBR' } },
      { filter: { source: 'bought' } },
      { filter: { keyword: 'x'.repeat(51) } },
      { filter: { accountIds: ['1'] } },
    ]) {
      const r = await ctx.call('POST', `${base}/page`, { token: boss.token, body })
      expect(r.code, JSON.stringify(body)).toBe(400)
    }
    const en = await ctx.call('POST', `${base}/page`, {
      token: boss.token,
      body: { filter: { keyword: 'x'.repeat(51) } },
      headers: { language: 'en' },
    })
    expect(en.msg).toBe('This value is too long')
  })

  it("never shows another tenant's fans: not in pages, counts or filters, and their detail is not found", async () => {
    expect(await ids(boss)).not.toContain(rivalFan)
    expect(await ids(boss, { accountIds: [rivalAccount] })).toEqual([])
    expect(await ids(boss, { keyword: 'rival' })).toEqual([])
    const detail = await ctx.call('POST', `${base}/detail`, { token: boss.token, body: { fanId: rivalFan } })
    expect(detail.code).toBe(404)
    expect(await ids(rivalBoss)).toEqual([rivalFan])
    const count = await ctx.call('POST', `${base}/count`, { token: rivalBoss.token, body: {} })
    expect(count.data).toEqual({ total: 1 })
  })
})

describe('customers list', () => {
  it('shows every field of a fan, newest added first', async () => {
    const { list } = await page(boss, { pageSize: 100 })
    expect(list.map((f) => f.id)).toEqual(names('f6', 'f5', 'f4', 'f3', 'f2', 'f1'))
    const f2 = list.find((f) => f.id === fan.f2)
    expect(f2).toMatchObject({
      nickname: '',
      pushName: 'Bob',
      remark: 'Big_100% order',
      phone: '12025550002',
      phoneTail: '0002',
      accountId: accounts.a1,
      accountGroupId: group,
      accountGroupName: 'Sales',
      source: 'active_add',
      labels: [
        { id: leadLabel, name: 'Lead' },
        { id: vip, name: 'VIP' },
      ],
      repeat: false,
      inherited: false,
      invalid: false,
      massSendEnabled: true,
      country: 'US',
      createdAt: T0 + 2 * HOUR,
      lastMessageAt: T0 + 2 * DAY,
    })
    expect(f2?.sessionId).toEqual(expect.any(Number))
    expect(list.find((f) => f.id === fan.f3)).toMatchObject({ repeat: true, inherited: true })
    const f5 = list.find((f) => f.id === fan.f5)
    expect(f5).toMatchObject({ sessionId: null, lastMessageAt: null, accountGroupName: null, labels: [] })
  })

  it('pages by keyset: every fan once, in order, and the last page says so', async () => {
    const seen: number[] = []
    let cursor: string | undefined
    for (let i = 0; i < 5; i++) {
      const p = await page(boss, { pageSize: 4, ...(cursor ? { cursor } : {}) })
      seen.push(...p.list.map((f) => f.id))
      if (!p.nextCursor) break
      cursor = p.nextCursor
    }
    expect(seen).toEqual(names('f6', 'f5', 'f4', 'f3', 'f2', 'f1'))
    const last = await page(boss, { pageSize: 2, filter: { accountIds: [accounts.a1] } })
    expect(last.list.map((f) => f.id)).toEqual(names('f2', 'f1'))
    expect(last.nextCursor).toBeNull()
  })

  it.each<[string, FanFilter, string[]]>([
    ['one account', { accountIds: [0] }, ['f2', 'f1']],
    ['two accounts', { accountIds: [1, 2] }, ['f6', 'f5', 'f4', 'f3']],
    ['account group', { accountGroupId: -1 }, ['f2', 'f1']],
    ['source', { source: 'active_add' }, ['f2']],
    ['source scan sync', { source: 'scan_sync' }, ['f5']],
    ['label VIP', { labelIds: [-1] }, ['f2', 'f1']],
    ['repeat', { repeat: true }, ['f3']],
    ['not repeat', { repeat: false }, ['f6', 'f5', 'f4', 'f2', 'f1']],
    ['invalid', { invalid: true }, ['f4']],
    ['valid', { invalid: false }, ['f6', 'f5', 'f3', 'f2', 'f1']],
    ['mass send forbidden', { massSendEnabled: false }, ['f4']],
    ['country, any case', { country: 'gb' }, ['f1']],
    ['add time range', { createdFrom: T0 + 2 * HOUR, createdTo: T0 + 4 * HOUR }, ['f3', 'f2']],
    ['last message from', { lastMessageFrom: T0 + 4 * DAY }, ['f6', 'f3', 'f1']],
    ['last message range', { lastMessageFrom: T0 + 2 * DAY, lastMessageTo: T0 + 4 * DAY }, ['f4', 'f2']],
    ['nickname, ignoring case', { keyword: 'ALICE' }, ['f1']],
    ['WhatsApp name', { keyword: 'bob' }, ['f2']],
    ['remark with a literal %', { keyword: '100%' }, ['f2']],
    ['remark with a literal _', { keyword: 'g_1' }, ['f2']],
    ['phone as typed', { keyword: '+44 7900-000 003' }, ['f3']],
    ['phone digits', { keyword: '0000' }, ['f6', 'f5', 'f4', 'f3', 'f1']],
    ['filters together', { accountIds: [0], labelIds: [-2], keyword: 'b' }, ['f2']],
  ])('filters by %s', async (_, raw, expected) => {
    // placeholders: account indexes and label markers resolved once the data exists
    const accountList = [accounts.a1, accounts.a2, accounts.a3]
    const filter: FanFilter = {
      ...raw,
      ...(raw.accountIds ? { accountIds: raw.accountIds.map((i) => accountList[i] as number) } : {}),
      ...(raw.accountGroupId ? { accountGroupId: group } : {}),
      ...(raw.labelIds ? { labelIds: raw.labelIds.map((m) => (m === -1 ? vip : leadLabel)) } : {}),
    }
    expect(await ids(boss, filter)).toEqual(names(...expected))
    const count = await ctx.call('POST', `${base}/count`, { token: boss.token, body: { filter } })
    expect(count.data).toEqual({ total: expected.length })
  })
})

describe('agent scope', () => {
  it('an agent sees the fans of the sessions they may see; the supervisor the whole tenant', async () => {
    expect(await ids(agent1)).toEqual(names('f4', 'f1'))
    expect(await ids(agent2)).toEqual(names('f3', 'f2'))
    expect(await ids(boss)).toHaveLength(6)
    // acting as an agent, the supervisor sees what the agent sees
    expect(await ids(boss, {}, { 'customer-user-id': String(agent1.userId) })).toEqual(names('f4', 'f1'))
    const count = await ctx.call('POST', `${base}/count`, { token: agent1.token, body: {} })
    expect(count.data).toEqual({ total: 2 })
    // filters stay inside the scope
    expect(await ids(agent1, { accountIds: [accounts.a1] })).toEqual(names('f1'))
  })

  it("an agent's detail is not found outside their sessions", async () => {
    const theirs = await ctx.call('POST', `${base}/detail`, { token: agent1.token, body: { fanId: fan.f4 } })
    expect(theirs.code).toBe(0)
    for (const fanId of [fan.f2, fan.f5, rivalFan]) {
      const r = await ctx.call('POST', `${base}/detail`, { token: agent1.token, body: { fanId } })
      expect(r.code).toBe(404)
    }
  })
})

describe('customer detail', () => {
  it('shows the fan, its labels and its sessions with their agent', async () => {
    const r = await ctx.call('POST', `${base}/detail`, { token: boss.token, body: { fanId: fan.f2 } })
    const d = r.data as FanDetail
    expect(d.fan).toMatchObject({ id: fan.f2, pushName: 'Bob', labels: [{ name: 'Lead' }, { name: 'VIP' }] })
    expect(d.jid).toBe('12025550002@s.whatsapp.net')
    expect(d.sessions).toEqual([
      {
        id: d.fan.sessionId,
        accountId: accounts.a1,
        accountPhone: expect.any(String),
        agentUserId: agent2.userId,
        lastActivityAt: T0 + 2 * DAY,
        invalid: false,
      },
    ])
    // an unmigrated session is with its account's agent; a fan without a session has none
    const f1 = (await ctx.call('POST', `${base}/detail`, { token: boss.token, body: { fanId: fan.f1 } }))
      .data as FanDetail
    expect(f1.sessions[0]?.agentUserId).toBe(agent1.userId)
    const f5 = (await ctx.call('POST', `${base}/detail`, { token: boss.token, body: { fanId: fan.f5 } }))
      .data as FanDetail
    expect(f5.sessions).toEqual([])
  })
})

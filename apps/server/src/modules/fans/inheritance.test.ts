import {
  type AcquisitionStats,
  ErrorCode,
  type FanInheritanceView,
  type InheritFanPage,
  type InheritSourceView,
  type Page,
  Role,
  type SessionPage,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, recordEvents } from '../../test/messaging.js'

const base = '/damai/customer/fanInheritance'

interface Stage {
  tenantId: number
  boss: Signed
  /** the agent the receiving account is assigned to */
  agent: Signed
  lead: Signed
  /** the lost (banned) account and the one that receives */
  src: number
  dst: number
  /** a live account left online: never a source */
  online: number
  phones: { src: string; dst: string; online: string; customers: string[] }
  /** the fans on the source, per customer */
  fans: Map<string, number>
}

/**
 * Tenant number `n` (1..9): accounts src, dst (given to the agent) and online; customers 1–4
 * write to src, customer 4 also to dst (a repeat when handed over); then src is banned.
 */
async function stage(ctx: TestContext, n: number): Promise<Stage> {
  const name = `inh${n}`
  const tenantId = await ctx.tenant(name)
  const boss = await ctx.as(tenantId, Role.customerMaster, `${name}-boss`)
  const agent = await ctx.as(tenantId, Role.customerUser, `${name}-agent`)
  const lead = await ctx.as(tenantId, Role.customerUserLeader, `${name}-lead`)
  const phones = {
    src: `8613${n}${n}7000001`,
    dst: `8613${n}${n}7000002`,
    online: `8613${n}${n}7000003`,
    customers: [1, 2, 3, 4].map((i) => `4478${n}${n}00000${i}`),
  }
  const src = await ctx.linkAccount(tenantId, phones.src)
  const dst = await ctx.linkAccount(tenantId, phones.dst)
  const online = await ctx.linkAccount(tenantId, phones.online)
  await ctx.db.updateTable('ws_accounts').set({ agent_user_id: agent.userId }).where('id', '=', dst).execute()
  for (const c of phones.customers) {
    ctx.sim.network.addPhone(c, { name: `${name} customer ${c.slice(-1)}` })
    await customerSession(ctx, c, phones.src)
  }
  await customerSession(ctx, phones.customers[3] as string, phones.dst)
  ctx.sim.network.ban(phones.src)
  await ctx.sim.settle()
  const rows = await ctx.db.selectFrom('fans').select(['id', 'phone']).where('account_id', '=', src).execute()
  const fans = new Map(rows.map((r) => [r.phone ?? '', r.id]))
  return { tenantId, boss, agent, lead, src, dst, online, phones, fans }
}

/** Hand fans over as `who`; the envelope as answered. */
const inherit = (ctx: TestContext, who: Signed | null, body: unknown) =>
  ctx.call('POST', base, { token: who?.token, body })

/** Hand fans over and expect success: the record. */
async function inherited(ctx: TestContext, who: Signed, body: unknown): Promise<FanInheritanceView> {
  const r = await inherit(ctx, who, body)
  if (r.code !== 0) throw new Error(`inherit: ${r.code} ${r.msg}`)
  return r.data as FanInheritanceView
}

/** The fans of an account with a phone, as stored. */
const fansOn = (ctx: TestContext, accountId: number, phone: string) =>
  ctx.db
    .selectFrom('fans')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('phone', '=', phone)
    .execute()

let ctx: TestContext
let one: Stage
let two: Stage

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  one = await stage(ctx, 1)
  two = await stage(ctx, 2)
})
afterAll(() => ctx.close())

const fanOf = (s: Stage, i: number) => s.fans.get(s.phones.customers[i] as string) as number
const allOf = (s: Stage) => ({ accountId: s.src, toAccountId: s.dst, mode: 'all' })

describe('who may hand fans over', () => {
  it('answers 401 without a token, 403 to agents, team leads and platform staff', async () => {
    expect((await inherit(ctx, null, allOf(one))).code).toBe(401)
    expect((await inherit(ctx, one.agent, allOf(one))).code).toBe(403)
    expect((await inherit(ctx, one.lead, allOf(one))).code).toBe(403)
    const admin = await adminToken(ctx)
    expect((await ctx.call('POST', base, { token: admin, body: allOf(one) })).code).toBe(403)
    expect((await ctx.call('GET', `${base}/sources`)).code).toBe(401)
    expect((await ctx.call('GET', `${base}/sources`, { token: one.agent.token })).code).toBe(403)
    expect((await ctx.call('POST', `${base}/page`, { token: one.lead.token, body: {} })).code).toBe(403)
    expect((await ctx.call('POST', `${base}/fans`, { token: one.agent.token, body: {} })).code).toBe(403)
  })

  it.each([
    [{}],
    [{ accountId: 1, toAccountId: 2 }],
    [{ accountId: 1, toAccountId: 2, mode: 'some' }],
    [{ accountId: 'x', toAccountId: 2, mode: 'all' }],
    [{ accountId: 1, toAccountId: 2, mode: 'fans', fanIds: ['a'] }],
    [{ accountId: 1, toAccountId: 2, mode: 'fans', fanIds: Array.from({ length: 1001 }, (_, i) => i + 1) }],
  ])('answers 400 to a malformed body %j', async (body) => {
    expect((await inherit(ctx, one.boss, body)).code).toBe(400)
  })

  it("answers not found for another tenant's accounts, fans and labels, and changes nothing", async () => {
    const before = await ctx.db.selectFrom('fans').select('id').execute()
    expect((await inherit(ctx, one.boss, { ...allOf(one), accountId: two.src })).code).toBe(404)
    expect((await inherit(ctx, one.boss, { ...allOf(one), toAccountId: two.dst })).code).toBe(404)
    const foreignFan = { ...allOf(one), mode: 'fans', fanIds: [fanOf(two, 0)] }
    expect((await inherit(ctx, one.boss, foreignFan)).code).toBe(404)
    const label = await ctx.call('POST', '/damai/customer/label', {
      token: two.boss.token,
      body: { name: 'rival' },
    })
    const labelId = (label.data as { id: number }).id
    expect((await inherit(ctx, one.boss, { ...allOf(one), mode: 'label', labelIds: [labelId] })).code).toBe(
      404,
    )
    const fans = await ctx.call('POST', `${base}/fans`, {
      token: one.boss.token,
      body: { accountId: two.src },
    })
    expect(fans.code).toBe(404)
    expect(await ctx.db.selectFrom('fans').select('id').execute()).toEqual(before)
    expect(await ctx.db.selectFrom('fan_inheritances').select('id').execute()).toEqual([])
  })

  it('takes only a lost account as the source, and another live, unbanned account as the receiver', async () => {
    const fromOnline = await inherit(ctx, one.boss, { ...allOf(one), accountId: one.online })
    expect(fromOnline).toMatchObject({ code: ErrorCode.inheritSourceNotEligible })
    expect((await inherit(ctx, one.boss, { ...allOf(one), toAccountId: one.src })).code).toBe(
      ErrorCode.inheritSameAccount,
    )
    const bannedToo = await ctx.linkAccount(one.tenantId, '8613117000009')
    ctx.sim.network.ban('8613117000009')
    await ctx.sim.settle()
    expect((await inherit(ctx, one.boss, { ...allOf(one), toAccountId: bannedToo })).code).toBe(
      ErrorCode.inheritTargetInvalid,
    )
    const r = await inherit(ctx, one.boss, { ...allOf(one), mode: 'fans', fanIds: [] })
    expect(r).toMatchObject({ code: ErrorCode.inheritFansRequired, msg: '请选择要继承的客户' })
    const en = await ctx.call('POST', base, {
      token: one.boss.token,
      body: { ...allOf(one), mode: 'label' },
      headers: { language: 'en' },
    })
    expect(en).toMatchObject({ code: ErrorCode.inheritLabelsRequired, msg: 'Choose the labels' })
  })
})

describe('handing fans over', () => {
  it('lists the lost accounts with their fans, and a source’s fans to pick from', async () => {
    const sources = await ctx.call('GET', `${base}/sources`, { token: one.boss.token })
    const list = (sources.data as { list: InheritSourceView[] }).list
    expect(list.map((s) => s.id)).toEqual([one.src])
    expect(list[0]).toMatchObject({ state: 'banned', fanCount: 4, phone: one.phones.src })
    const page = await ctx.call('POST', `${base}/fans`, {
      token: one.boss.token,
      body: { accountId: one.src, pageSize: 3 },
    })
    const first = page.data as InheritFanPage
    expect(first.list).toHaveLength(3)
    const rest = await ctx.call('POST', `${base}/fans`, {
      token: one.boss.token,
      body: { accountId: one.src, pageSize: 3, afterId: first.nextAfterId },
    })
    expect((rest.data as InheritFanPage).list).toHaveLength(1)
    expect((rest.data as InheritFanPage).nextAfterId).toBeNull()
  })

  it('hands one chosen fan over: a copy with a session on the receiver, on its agent’s desk, live', async () => {
    const events = recordEvents(ctx)
    const c1 = one.phones.customers[0] as string
    const record = await inherited(ctx, one.boss, { ...allOf(one), mode: 'fans', fanIds: [fanOf(one, 0)] })
    expect(record).toMatchObject({
      mode: 'fans',
      moved: 1,
      repeat: 0,
      status: 'done',
      fromPhone: one.phones.src,
    })
    const [copy] = await fansOn(ctx, one.dst, c1)
    expect(copy).toMatchObject({ inherited_from: fanOf(one, 0), repeat_flag: 0, invalid: 0 })
    // the old fan, its session and messages stay on the old account
    expect(await fansOn(ctx, one.src, c1)).toHaveLength(1)
    const old = await ctx.db.selectFrom('messages').select('id').where('account_id', '=', one.src).execute()
    expect(old.length).toBeGreaterThan(0)
    const desk = await ctx.call('POST', '/damai/customer/session/page', {
      token: one.agent.token,
      body: { accountId: one.dst },
    })
    const titles = (desk.data as SessionPage).list.map((s) => s.fanPhone)
    expect(titles).toContain(c1)
    const sessionId = (desk.data as SessionPage).list.find((s) => s.fanPhone === c1)?.id
    expect(events).toContainEqual({
      rooms: expect.arrayContaining([`user:${one.agent.userId}`, `tenant:${one.tenantId}`]),
      event: 'session.updated',
      payload: { sessionId, changes: { agentUserId: one.agent.userId } },
    })
  })

  it('hands the fans of a label over, with their labels', async () => {
    const label = await ctx.call('POST', '/damai/customer/label', {
      token: one.boss.token,
      body: { name: 'vip' },
    })
    const labelId = (label.data as { id: number }).id
    await ctx.call('POST', '/damai/customer/label/fan/add', {
      token: one.boss.token,
      body: { fanIds: [fanOf(one, 1)], labelIds: [labelId] },
    })
    const record = await inherited(ctx, one.boss, { ...allOf(one), mode: 'label', labelIds: [labelId] })
    expect(record).toMatchObject({ mode: 'label', labelNames: ['vip'], moved: 1, repeat: 0 })
    const [copy] = await fansOn(ctx, one.dst, one.phones.customers[1] as string)
    const labels = await ctx.db
      .selectFrom('fan_labels')
      .select('label_id')
      .where('fan_id', '=', copy?.id ?? 0)
      .execute()
    expect(labels).toEqual([{ label_id: labelId }])
  })

  it('hands all the rest over: a contact already on the receiver is flagged repeat, never duplicated', async () => {
    const c4 = one.phones.customers[3] as string
    const sessionsBefore = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', one.dst)
      .execute()
    const record = await inherited(ctx, one.boss, allOf(one))
    // customers 1 and 2 are there already (earlier hand-overs), 4 wrote to it: three repeats; 3 is new
    expect(record).toMatchObject({ mode: 'all', moved: 1, repeat: 3 })
    const onDst = await fansOn(ctx, one.dst, c4)
    expect(onDst).toHaveLength(1)
    expect(onDst[0]?.repeat_flag).toBe(1)
    expect(onDst[0]?.inherited_from).toBeNull()
    const sessionsAfter = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', one.dst)
      .execute()
    expect(sessionsAfter.length).toBe(sessionsBefore.length + 1)
    // again: nothing new, every fan a repeat
    const again = await inherited(ctx, one.boss, allOf(one))
    expect(again).toMatchObject({ moved: 0, repeat: 4 })
  })

  it('leaves invalid customers behind', async () => {
    await ctx.db.updateTable('fans').set({ invalid: 1 }).where('account_id', '=', two.src).execute()
    expect((await inherit(ctx, two.boss, allOf(two))).code).toBe(ErrorCode.inheritNothingToMove)
    await ctx.db.updateTable('fans').set({ invalid: 0 }).where('account_id', '=', two.src).execute()
  })

  it('lists the records of the tenant only, newest first, with who and what', async () => {
    const r = await ctx.call('POST', `${base}/page`, { token: one.boss.token, body: { pageSize: 10 } })
    const page = r.data as Page<FanInheritanceView>
    expect(page.total).toBe(4)
    expect(page.list.map((x) => x.mode)).toEqual(['all', 'all', 'label', 'fans'])
    expect(page.list[0]).toMatchObject({
      createdBy: one.boss.userId,
      createdByName: 'inh1-boss',
      toPhone: one.phones.dst,
    })
    const rival = await ctx.call('POST', `${base}/page`, { token: two.boss.token, body: {} })
    expect((rival.data as Page<FanInheritanceView>).total).toBe(0)
    const byAccount = await ctx.call('POST', `${base}/page`, {
      token: one.boss.token,
      body: { accountId: one.online },
    })
    expect((byAccount.data as Page<FanInheritanceView>).total).toBe(0)
  })

  it('takes a deleted or logged-out account as a source too', async () => {
    await ctx.db
      .updateTable('ws_accounts')
      .set({ deleted_at: Date.now() })
      .where('id', '=', two.src)
      .execute()
    const record = await inherited(ctx, two.boss, { ...allOf(two), toAccountId: two.online })
    expect(record).toMatchObject({ moved: 4, repeat: 0 })
    // handed fans were acquired by the lost account: the receiver's acquisition statistics leave them out
    const stats = await ctx.call('POST', '/damai/customer/wsAccount/acquisitionStatistics', {
      token: two.boss.token,
      body: { from: Date.now() - 86_400_000, to: Date.now() + 86_400_000, accountIds: [two.online] },
    })
    expect((stats.data as AcquisitionStats).rows.map((r) => r.total)).toEqual([0])
    ctx.sim.network.deviceRemoved(two.phones.dst)
    await ctx.sim.settle()
    const sources = await ctx.call('GET', `${base}/sources`, { token: two.boss.token })
    const states = (sources.data as { list: InheritSourceView[] }).list.map((s) => [s.id, s.state])
    expect(states).toEqual([
      [two.src, 'deleted'],
      [two.dst, 'loggedOut'],
    ])
  })
})

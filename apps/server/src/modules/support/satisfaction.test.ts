import {
  ErrorCode,
  localDay,
  Role,
  type SatisfactionBody,
  type SatisfactionReport,
  SendOrigin,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'
import { parseRating } from './satisfaction.consumer.js'

const SHOP = '8613500000041'
const RIVAL_SHOP = '8613500000042'
const STATUS = '/damai/customer/session/status'
const REPORT = '/damai/customer/satisfaction/report'
const ASK_EN = 'How did we do?\nReply 1–5 (5 = very satisfied)'
const ASK_ZH = '服务满意吗？\n请回复 1–5 的数字（5 为非常满意）'

let ctx: TestContext
let tenant: number
let boss: Signed
let agentA: Signed
let rivalBoss: Signed
let n = 0

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '100000', SEND_BURST: '100000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000, newChatsPerHour: 100_000 } } },
  )
  tenant = await ctx.tenant('csat')
  const rival = await ctx.tenant('csat-rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'csat-boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'csat-agent-a')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'csat-rival-boss')
  const shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shop)
    .execute()
  await ctx.linkAccount(rival, RIVAL_SHOP)
  await survey({ enabled: true, question: { zh: '服务满意吗？', en: 'How did we do?' }, language: 'en' })
})
afterAll(() => ctx.close())

async function survey(body: SatisfactionBody, who = boss) {
  const r = await ctx.call('PUT', '/damai/customer/satisfaction/update', { token: who.token, body })
  expect(r.code, r.msg).toBe(0)
}
const customer = async () => {
  const phone = `44776${String(++n).padStart(7, '0')}`
  return { phone, session: await customerSession(ctx, phone, SHOP) }
}
const say = async (phone: string, text: string) => {
  ctx.sim.network.customerSend(phone, SHOP, { kind: 'text', text })
  await ctx.sim.settle(100)
  await ctx.support.answers.settled()
}
const setStatus = async (who: Signed, session: number, status: string) => {
  const r = await ctx.call('PUT', STATUS, { token: who.token, body: { sessionIds: [session], status } })
  expect(r.code, r.msg).toBe(0)
  await ctx.support.surveys.settled()
}
/** The surveys queued in a session: the outbox rows of its messages that ask. */
const asked = (session: number) =>
  ctx.db
    .selectFrom('outbox as o')
    .innerJoin('messages as m', 'm.id', 'o.message_id')
    .select(['m.body', 'o.origin'])
    .where('o.session_id', '=', session)
    .where((eb) => eb.or([eb('m.body', '=', ASK_EN), eb('m.body', '=', ASK_ZH)]))
    .execute()
const surveysOf = (session: number) =>
  ctx.db
    .selectFrom('satisfaction_surveys')
    .select(['agent_user_id', 'rating', 'closed_at'])
    .where('session_id', '=', session)
    .orderBy('id')
    .execute()
const statusOf = (session: number) =>
  ctx.db
    .selectFrom('sessions')
    .select(['status', 'waiting_since'])
    .where('id', '=', session)
    .executeTakeFirstOrThrow()
const report = (who: Signed, from: string, to: string, lang = 'en') =>
  ctx.call('GET', REPORT, { token: who.token, query: { from, to }, headers: { Language: lang } })

describe('the satisfaction survey, through the simulated network', () => {
  it('asks when an agent resolves the conversation, and takes the customer’s lone digit as the rating', async () => {
    const c = await customer()
    await setStatus(agentA, c.session, 'resolved')
    expect(await asked(c.session)).toEqual([{ body: ASK_EN, origin: SendOrigin.autoReply }])
    await drainOutbox(ctx)
    expect(ctx.sim.network.messagesBetween(c.phone, SHOP).map((m) => m.text)).toContain(ASK_EN)
    await say(c.phone, ' 4 ')
    expect(await surveysOf(c.session)).toEqual([
      { agent_user_id: agentA.userId, rating: 4, closed_at: expect.any(Number) },
    ])
    // the rating owes the customer no answer: the conversation is resolved again, nothing waits on us
    expect(await statusOf(c.session)).toEqual({ status: 'resolved', waiting_since: null })
    // a later digit is no second rating, and a message like any other: the conversation opens again
    await say(c.phone, '1')
    expect((await surveysOf(c.session))[0]?.rating).toBe(4)
    expect(await statusOf(c.session)).toEqual({ status: 'open', waiting_since: expect.any(Number) })
  })

  it('a rating followed at once by a question leaves the conversation open, waiting on us', async () => {
    const c = await customer()
    await setStatus(agentA, c.session, 'resolved')
    ctx.sim.network.customerSend(c.phone, SHOP, { kind: 'text', text: '5' })
    ctx.sim.network.customerSend(c.phone, SHOP, { kind: 'text', text: 'and where is my parcel?' })
    await ctx.sim.settle(100)
    await ctx.support.answers.settled()
    expect((await surveysOf(c.session))[0]?.rating).toBe(5)
    expect(await statusOf(c.session)).toEqual({ status: 'open', waiting_since: expect.any(Number) })
  })

  it('an answer that is not a lone digit 1–5 closes the survey unrated', async () => {
    const c = await customer()
    await setStatus(boss, c.session, 'resolved')
    await say(c.phone, 'thanks, 5 stars!')
    await say(c.phone, '5')
    expect(await surveysOf(c.session)).toEqual([
      { agent_user_id: agentA.userId, rating: null, closed_at: expect.any(Number) },
    ])
  })

  it('an answer after a day does not count', async () => {
    const c = await customer()
    await setStatus(agentA, c.session, 'resolved')
    await ctx.db
      .updateTable('satisfaction_surveys')
      .set({ expires_at: Date.now() - 1 })
      .where('tenant_id', '=', tenant)
      .where('session_id', '=', c.session)
      .execute()
    await say(c.phone, '5')
    expect(await surveysOf(c.session)).toEqual([
      { agent_user_id: agentA.userId, rating: null, closed_at: null },
    ])
  })

  it('asks once while a survey waits, and asks in the chosen language', async () => {
    const c = await customer()
    await setStatus(agentA, c.session, 'resolved')
    await setStatus(agentA, c.session, 'open')
    await setStatus(agentA, c.session, 'resolved')
    expect(await asked(c.session)).toHaveLength(1)
    await survey({ enabled: true, question: { zh: '服务满意吗？', en: 'How did we do?' }, language: 'zh' })
    const z = await customer()
    await setStatus(agentA, z.session, 'resolved')
    expect(await asked(z.session)).toEqual([{ body: ASK_ZH, origin: SendOrigin.autoReply }])
    await survey({ enabled: true, question: { zh: '服务满意吗？', en: 'How did we do?' }, language: 'en' })
  })

  it('asks nothing when the survey is off, on another status, or in a group', async () => {
    const pending = await customer()
    await setStatus(agentA, pending.session, 'pending')
    expect(await asked(pending.session)).toEqual([])
    const g = ctx.sim.network.createGroup('447769990001', 'Fans', [SHOP])
    ctx.sim.network.customerSendGroup('447769990001', g.id, { kind: 'text', text: 'hi' })
    await ctx.sim.settle(100)
    const group = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('tenant_id', '=', tenant)
      .where('type', '=', 'group')
      .executeTakeFirstOrThrow()
    await setStatus(boss, group.id, 'resolved')
    expect(await asked(group.id)).toEqual([])
    await survey({ enabled: false, question: { zh: '服务满意吗？', en: 'How did we do?' }, language: 'en' })
    const off = await customer()
    await setStatus(agentA, off.session, 'resolved')
    expect(await asked(off.session)).toEqual([])
    await survey({ enabled: true, question: { zh: '服务满意吗？', en: 'How did we do?' }, language: 'en' })
  })
})

describe('GET /damai/customer/satisfaction/report', () => {
  const today = () => localDay('Asia/Shanghai', Date.now())

  it('is the supervisor’s, and refuses a bad range', async () => {
    expect((await ctx.call('GET', REPORT, { query: { from: today(), to: today() } })).code).toBe(
      ErrorCode.unauthorized,
    )
    expect((await report(agentA, today(), today())).code).toBe(ErrorCode.forbidden)
    for (const [from, to] of [
      ['2025-01-02', '2025-01-01'],
      ['2025-01-01', '2025-04-03'],
      ['2025-02-30', '2025-03-01'],
    ]) {
      const r = await report(boss, from, to)
      expect([r.code, r.msg]).toEqual([
        ErrorCode.badRequest,
        expect.stringContaining('Choose a valid range of days (at most 92)'),
      ])
    }
    expect((await report(boss, '2025-01-01', '2025-04-02')).code).toBe(0)
    expect((await report(boss, '2025-01-02', '2025-01-01', 'zh')).msg).toContain(
      '请选择有效的日期范围（最多92天）',
    )
  })

  it('counts and averages the ratings per agent and day, for the caller’s tenant only', async () => {
    const c = await customer()
    await setStatus(agentA, c.session, 'resolved')
    await say(c.phone, '５')
    const r = await report(boss, today(), today())
    expect(r.code, r.msg).toBe(0)
    const data = r.data as SatisfactionReport
    expect(data.timeZone).toBe('Asia/Shanghai')
    // the first test's 4, the second's 5 and this 5
    expect(data.rows).toEqual([
      { agentUserId: agentA.userId, agentName: 'csat-agent-a', day: today(), count: 3, average: 4.67 },
    ])
    expect(((await report(rivalBoss, today(), today())).data as SatisfactionReport).rows).toEqual([])
  })
})

describe('parseRating', () => {
  it('takes a lone digit 1–5, full-width too, and nothing else', () => {
    expect(['1', ' 3 ', '5\n', '５', '１'].map(parseRating)).toEqual([1, 3, 5, 5, 1])
    expect(['0', '6', '10', '4.5', '4 stars', '', 'five', '-1'].map(parseRating)).toEqual(Array(8).fill(null))
  })
})

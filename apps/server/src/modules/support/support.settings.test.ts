import {
  type BusinessHoursBody,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_SATISFACTION,
  DEFAULT_SERVICE_LEVEL,
  ErrorCode,
  Role,
  type SatisfactionBody,
  type ServiceLevelBody,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { hoursBody } from './support.fixtures.js'

const P = {
  slaGet: '/damai/customer/serviceLevel/get',
  slaPut: '/damai/customer/serviceLevel/update',
  hoursGet: '/damai/customer/businessHours/get',
  hoursPut: '/damai/customer/businessHours/update',
  surveyGet: '/damai/customer/satisfaction/get',
  surveyPut: '/damai/customer/satisfaction/update',
}
const EN = { Language: 'en' }

let ctx: TestContext
let boss: Signed
let agent: Signed
let lead: Signed
let rivalBoss: Signed
let rivalAgent: Signed

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  const tenant = await ctx.tenant('support')
  const rival = await ctx.tenant('support-rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'sup-boss')
  agent = await ctx.as(tenant, Role.customerUser, 'sup-agent')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'sup-lead')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'sup-rival-boss')
  rivalAgent = await ctx.as(rival, Role.customerUser, 'sup-rival-agent')
})
afterAll(() => ctx.close())

const put = (who: Signed | null, url: string, body: unknown, headers: Record<string, string> = EN) =>
  ctx.call('PUT', url, { token: who?.token, body, headers })
const get = async <T>(who: Signed, url: string) => {
  const r = await ctx.call('GET', url, { token: who.token })
  expect(r.code, r.msg).toBe(0)
  return r.data as T
}

describe('who may read and save the service settings', () => {
  it('needs a sign-in; the supervisor saves; the supervisor and agents read; the team lead neither', async () => {
    for (const url of [P.slaGet, P.hoursGet, P.surveyGet]) {
      expect((await ctx.call('GET', url)).code).toBe(ErrorCode.unauthorized)
      expect((await ctx.call('GET', url, { token: lead.token })).code).toBe(ErrorCode.forbidden)
      expect((await ctx.call('GET', url, { token: agent.token })).code).toBe(0)
    }
    expect((await put(null, P.slaPut, DEFAULT_SERVICE_LEVEL)).code).toBe(ErrorCode.unauthorized)
    expect((await put(agent, P.slaPut, DEFAULT_SERVICE_LEVEL)).code).toBe(ErrorCode.forbidden)
    expect((await put(lead, P.hoursPut, DEFAULT_BUSINESS_HOURS)).code).toBe(ErrorCode.forbidden)
    expect((await put(agent, P.surveyPut, DEFAULT_SATISFACTION)).code).toBe(ErrorCode.forbidden)
  })

  it('a tenant that never saved reads the defaults', async () => {
    expect(await get(rivalAgent, P.slaGet)).toEqual({
      firstResponseMinutes: 5,
      nextResponseMinutes: 15,
      enabled: false,
      groups: [],
    })
    expect(await get(rivalAgent, P.hoursGet)).toEqual(DEFAULT_BUSINESS_HOURS)
    expect(await get(rivalAgent, P.surveyGet)).toEqual(DEFAULT_SATISFACTION)
  })
})

describe('validation answers in the user’s language', () => {
  it('refuses targets outside 1–1440 minutes', async () => {
    for (const body of [
      { ...DEFAULT_SERVICE_LEVEL, firstResponseMinutes: 0 },
      { ...DEFAULT_SERVICE_LEVEL, firstResponseMinutes: 1441 },
      { ...DEFAULT_SERVICE_LEVEL, firstResponseMinutes: 2.5 },
    ]) {
      const r = await put(boss, P.slaPut, body)
      expect([r.code, r.msg]).toEqual([
        ErrorCode.badRequest,
        expect.stringContaining('The first response target is a whole number of minutes from 1 to 1440'),
      ])
    }
    const zh = await put(
      boss,
      P.slaPut,
      { ...DEFAULT_SERVICE_LEVEL, nextResponseMinutes: 0 },
      { Language: 'zh' },
    )
    expect(zh.msg).toContain('后续响应时限为1-1440分钟的整数')
  })

  it('refuses a bad time zone, week, holiday or away message', async () => {
    const cases: [unknown, string][] = [
      [hoursBody({ timeZone: 'Mars/Olympus' }), 'Choose a valid time zone'],
      [
        hoursBody({ week: DEFAULT_BUSINESS_HOURS.week.slice(0, 6) }),
        'Set the hours of all seven days of the week',
      ],
      [hoursBody({ week: weekWith({ open: true, from: '9:00', to: '18:00' }) }), 'Enter a time as HH:mm'],
      [
        hoursBody({ week: weekWith({ open: true, from: '18:00', to: '09:00' }) }),
        'The closing time must be after the opening time',
      ],
      [hoursBody({ holidays: ['2024-02-30'] }), 'Choose a valid date'],
      [hoursBody({ holidays: Array.from({ length: 101 }, (_, i) => day(i)) }), 'At most 100 holidays'],
      [hoursBody({ awayMessage: 'x'.repeat(1001) }), 'The away message is at most 1000 characters'],
      [hoursBody({ awayEnabled: true, awayMessage: '  ' }), 'Enter the away message to turn it on'],
      [
        hoursBody({ awayOncePerHours: 169 }),
        'The interval per customer is a whole number of hours from 1 to 168',
      ],
    ]
    for (const [body, msg] of cases) {
      const r = await put(boss, P.hoursPut, body)
      expect([r.code, r.msg], msg).toEqual([ErrorCode.badRequest, expect.stringContaining(msg)])
    }
    const zh = await put(boss, P.hoursPut, hoursBody({ timeZone: 'Nowhere' }), { Language: 'zh' })
    expect(zh.msg).toContain('请选择有效的时区')
    // nothing was stored by the refusals
    expect(await get(boss, P.hoursGet)).toEqual(DEFAULT_BUSINESS_HOURS)
  })

  it('refuses a survey without its question in the language it is sent in', async () => {
    const on: SatisfactionBody = { enabled: true, question: { zh: '满意吗？', en: '' }, language: 'en' }
    const r = await put(boss, P.surveyPut, on)
    expect([r.code, r.msg]).toEqual([
      ErrorCode.badRequest,
      expect.stringContaining('Enter the question in the chosen language to turn the survey on'),
    ])
    const long = await put(boss, P.surveyPut, { ...on, question: { zh: 'x'.repeat(501), en: 'ok' } })
    expect(long.msg).toContain('The question is at most 500 characters')
    const lang = await put(boss, P.surveyPut, { ...on, language: 'fr' }, { Language: 'zh' })
    expect(lang.msg).toContain('请选择发送语言：中文或英文')
  })
})

describe('saving', () => {
  it('saves each part on its own, leaving the others as they were, for the caller’s tenant only', async () => {
    const sla: ServiceLevelBody = { firstResponseMinutes: 3, nextResponseMinutes: 30, enabled: true }
    // no agent group has targets of its own here
    expect(await saved(P.slaPut, sla)).toEqual({ ...sla, groups: [] })
    const hours = hoursBody({
      enabled: true,
      timeZone: 'Europe/Berlin',
      week: weekWith({ open: true, from: '08:30', to: '24:00' }),
      holidays: ['2024-12-25', '2024-01-01', '2024-12-25'],
      awayEnabled: true,
      awayMessage: '  We are closed  ',
      awayOncePerHours: 12,
    })
    const savedHours = await saved<BusinessHoursBody>(P.hoursPut, hours)
    // holidays once each, in date order; the message trimmed
    expect(savedHours).toEqual({
      ...hours,
      holidays: ['2024-01-01', '2024-12-25'],
      awayMessage: 'We are closed',
    })
    const survey: SatisfactionBody = {
      enabled: true,
      question: { zh: '满意吗？', en: 'Happy?' },
      language: 'en',
    }
    expect(await saved(P.surveyPut, survey)).toEqual(survey)
    // each save kept the other parts
    expect(await get(agent, P.slaGet)).toEqual({ ...sla, groups: [] })
    expect(await get(agent, P.hoursGet)).toEqual(savedHours)
    expect(await get(agent, P.surveyGet)).toEqual(survey)
    // the other tenant still has the defaults, and its save does not touch this tenant's
    expect(await get(rivalBoss, P.slaGet)).toEqual({ ...DEFAULT_SERVICE_LEVEL, groups: [] })
    expect((await put(rivalBoss, P.slaPut, { ...sla, firstResponseMinutes: 60 })).code).toBe(0)
    expect(await get(boss, P.slaGet)).toEqual({ ...sla, groups: [] })
    expect(await get(rivalAgent, P.hoursGet)).toEqual(DEFAULT_BUSINESS_HOURS)
  })
})

async function saved<T>(url: string, body: unknown): Promise<T> {
  const r = await put(boss, url, body)
  expect(r.code, r.msg).toBe(0)
  return r.data as T
}

/** Every day of the week with the same hours. */
function weekWith(d: { open: boolean; from: string; to: string }) {
  return Array.from({ length: 7 }, () => ({ ...d }))
}

/** The i-th day from 2025-01-01, 'YYYY-MM-DD'. */
function day(i: number): string {
  return new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10)
}

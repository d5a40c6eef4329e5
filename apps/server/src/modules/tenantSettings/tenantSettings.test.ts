import { ErrorCode, Role, type TenantDisplayView, type TenantSettingsView } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'
import { aiOnBody, settingsBody } from './tenantSettings.fixtures.js'

const GET = '/damai/customer/tenantSetting/get'
const PUT = '/damai/customer/tenantSetting/update'
const DISPLAY = '/damai/customer/tenantSetting/display'
const EN = { Language: 'en' }
/** a public address (port 9 answers nothing; no engine calls it here) */
const PUBLIC_AI = 'http://8.8.8.8:9/v1'

let ctx: TestContext
let boss: Signed
let agent: Signed
let lead: Signed
let otherBoss: Signed
let tenant: number
let other: number
const SHOP = '8613700000001'
const OTHER_SHOP = '8613700000002'

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  other = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  otherBoss = await ctx.as(other, Role.customerMaster, 'rival-boss')
  await ctx.linkAccount(tenant, SHOP)
  await ctx.linkAccount(other, OTHER_SHOP)
})
afterAll(() => ctx.close())

const save = (who: Signed, body: unknown) => ctx.call('PUT', PUT, { token: who.token, body, headers: EN })
const view = async (who: Signed) =>
  (await ctx.call('GET', GET, { token: who.token })).data as TenantSettingsView
const fanOf = (sessionId: number) =>
  ctx.db
    .selectFrom('sessions as s')
    .innerJoin('fans as f', 'f.id', 's.fan_id')
    .select(['f.mass_send_enabled', 'f.invalid as fanInvalid', 's.invalid'])
    .where('s.id', '=', sessionId)
    .executeTakeFirstOrThrow()
const say = async (customer: string, shop: string, text: string) => {
  ctx.sim.network.customerSend(customer, shop, { kind: 'text', text })
  await ctx.sim.settle(100)
}

describe('who may read and change the settings', () => {
  it('needs a sign-in, and only the supervisor reads or saves them', async () => {
    expect((await ctx.call('GET', GET)).code).toBe(ErrorCode.unauthorized)
    expect((await ctx.call('GET', GET, { token: agent.token })).code).toBe(ErrorCode.forbidden)
    expect((await save(agent, settingsBody())).code).toBe(ErrorCode.forbidden)
    expect((await save(lead, settingsBody())).code).toBe(ErrorCode.forbidden)
    expect((await ctx.call('GET', DISPLAY, { token: agent.token })).code).toBe(0)
  })

  it('a tenant that never saved has the defaults, with the platform opt-out words in force', async () => {
    const v = await view(otherBoss)
    expect(v).toMatchObject({
      pageTitle: '',
      optOutWords: null,
      platformOptOutWords: ['STOP', '退订', 'unsubscribe'],
      agentExport: true,
      notifySound: true,
      notifyDesktop: false,
      ai: { enabled: false, apiKeySet: false },
    })
  })
})

describe('validation answers in the user language', () => {
  it('names what is wrong', async () => {
    const cases: [unknown, string][] = [
      [settingsBody({ pageTitle: 'x'.repeat(51) }), 'The page title is at most 50 characters'],
      [settingsBody({ optOutWords: [] }), 'Enter at least one opt-out word, or use the platform default'],
      [settingsBody({ optOutWords: ['x'.repeat(31)] }), 'An opt-out word is at most 30 characters'],
      [
        settingsBody({}, { enabled: true, baseUrl: '', model: 'm', apiKey: 'k' }),
        'Enter the API address to turn AI reply on',
      ],
      [
        settingsBody({}, { enabled: true, baseUrl: 'http://x', model: '', apiKey: 'k' }),
        'Enter the model name to turn AI reply on',
      ],
      [
        settingsBody({}, { baseUrl: 'ftp://x' }),
        'Enter an API address starting with http:// or https:// (at most 500 characters)',
      ],
      [settingsBody({}, { replyDelay: 601 }), 'The reply delay is a whole number of seconds from 0 to 600'],
      [settingsBody({}, { contextMessages: 0 }), 'The context is a whole number of messages from 1 to 50'],
      [
        settingsBody({}, { dailyReplies: -1 }),
        'The daily reply limit is a whole number from 0 to 100,000 (0: no limit)',
      ],
    ]
    for (const [body, msg] of cases) {
      const r = await save(boss, body)
      expect(r.code, msg).toBe(ErrorCode.badRequest)
      expect(r.msg).toContain(msg)
    }
    const zh = await ctx.call('PUT', PUT, {
      token: boss.token,
      body: settingsBody({ pageTitle: 'x'.repeat(51) }),
      headers: { Language: 'zh' },
    })
    expect(zh.msg).toContain('页面标题最多50个字符')
  })

  it('an enabled provider needs a key; the key is kept when left out and never returned', async () => {
    const noKey = await save(boss, settingsBody({}, { enabled: true, baseUrl: PUBLIC_AI, model: 'm' }))
    expect(noKey.code).toBe(ErrorCode.aiKeyRequired)
    expect(noKey.msg).toBe('Enter the API key of the AI provider')
    expect((await save(boss, aiOnBody(`${PUBLIC_AI}/`))).code).toBe(0)
    const { apiKey: _, ...withoutKey } = aiOnBody(PUBLIC_AI, { model: 'other' }).ai
    expect((await save(boss, settingsBody({}, withoutKey))).code).toBe(0)
    const res = await ctx.call('GET', GET, { token: boss.token })
    expect(res.res.body).not.toContain('sk-test-0123456789')
    expect((res.data as TenantSettingsView).ai).toMatchObject({
      enabled: true,
      baseUrl: PUBLIC_AI,
      apiKeySet: true,
      apiKeyHint: '6789',
      model: 'other',
    })
    expect((await ctx.tenantSettings.service.aiProvider(tenant))?.apiKey).toBe('sk-test-0123456789')
    // another tenant's settings are untouched
    expect((await view(otherBoss)).ai.enabled).toBe(false)
    await save(boss, settingsBody())
  })
})

describe('the AI provider address', () => {
  const stored = () =>
    ctx.db
      .selectFrom('tenant_settings')
      .select(['page_title', 'ai_base_url'])
      .where('tenant_id', '=', tenant)
      .executeTakeFirst()

  it('is refused when it points to this machine or a private network, and nothing is stored', async () => {
    expect((await save(boss, settingsBody({ pageTitle: 'Before' }, aiOnBody(PUBLIC_AI).ai))).code).toBe(0)
    for (const baseUrl of [
      'http://127.0.0.1:11434/v1',
      'http://localhost:11434/v1',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/v1',
      'http://2130706433/v1',
      'http://0x7f.1/v1',
      'http://[::1]:8000/v1',
      'http://[::127.0.0.1]/v1',
      'http://[::ffff:7f00:1]/v1',
      'http://[fd00::1]/v1',
    ]) {
      const r = await save(boss, settingsBody({ pageTitle: 'After' }, aiOnBody(baseUrl).ai))
      expect([r.code, r.msg], baseUrl).toEqual([
        ErrorCode.outboundAddressPrivate,
        'This address points to this machine or a private network and cannot be used',
      ])
    }
    // a provider turned off still keeps its address: the same rule
    const off = await save(boss, settingsBody({}, { enabled: false, baseUrl: 'http://192.168.1.10/v1' }))
    expect(off.code).toBe(ErrorCode.outboundAddressPrivate)
    const zh = await ctx.call('PUT', PUT, {
      token: boss.token,
      body: aiOnBody('http://127.0.0.1:11434/v1'),
      headers: { Language: 'zh' },
    })
    expect(zh.msg).toBe('该地址指向本机或内网，不允许使用')
    expect(await stored()).toEqual({ page_title: 'Before', ai_base_url: PUBLIC_AI })
    await save(boss, settingsBody())
  })

  it('is refused with a user name or password in it', async () => {
    const r = await save(boss, aiOnBody('https://user:secret@ai.example/v1'))
    expect(r.code).toBe(ErrorCode.outboundAddressInvalid)
    expect(r.msg).toBe('Enter an address starting with http:// or https://, without a user name or password')
    expect((await stored())?.ai_base_url).not.toContain('secret')
  })
})

describe('each setting changes behaviour', () => {
  it('page title, notifications and auto-translate reach every person of the tenant', async () => {
    expect(
      (
        await save(
          boss,
          settingsBody({
            pageTitle: 'Acme Desk',
            notifySound: false,
            notifyDesktop: true,
            autoTranslate: true,
          }),
        )
      ).code,
    ).toBe(0)
    const d = (await ctx.call('GET', DISPLAY, { token: agent.token })).data as TenantDisplayView
    expect(d).toMatchObject({
      pageTitle: 'Acme Desk',
      notifySound: false,
      notifyDesktop: true,
      autoTranslate: true,
    })
    const rival = (await ctx.call('GET', DISPLAY, { token: otherBoss.token })).data as TenantDisplayView
    expect(rival.pageTitle).toBe('')
  })

  it('a new default target language is given to the supervisor and the agents', async () => {
    expect((await save(boss, settingsBody({ targetLanguage: 'es' }))).code).toBe(0)
    const target = async (who: Signed) =>
      (
        (await ctx.call('GET', '/damai/customer/user/targetLanguage', { token: who.token })).data as {
          targetLanguage: string
        }
      ).targetLanguage
    expect(await target(agent)).toBe('es')
    expect(await target(boss)).toBe('es')
    expect(await target(otherBoss)).toBe('zh-CN')
  })

  it('agents export only while the supervisor allows it; the supervisor always may', async () => {
    const exportLog = (who: Signed) =>
      ctx.call('POST', '/damai/customer/massSend/recipients/export', {
        token: who.token,
        body: { taskId: 999 },
        headers: EN,
      })
    const history = (who: Signed) =>
      ctx.call('POST', '/damai/chatHistory/message/export', { token: who.token, body: {}, headers: EN })
    expect((await exportLog(agent)).code).toBe(ErrorCode.notFound)
    expect((await history(lead)).code).not.toBe(ErrorCode.exportNotAllowed)
    expect((await save(boss, settingsBody({ agentExport: false }))).code).toBe(0)
    const refused = await exportLog(agent)
    expect(refused.code).toBe(ErrorCode.exportNotAllowed)
    expect(refused.msg).toBe('Export is not open to agents: ask your supervisor')
    expect((await history(lead)).code).toBe(ErrorCode.exportNotAllowed)
    expect((await exportLog(boss)).code).toBe(ErrorCode.notFound)
    expect((await history(boss)).code).not.toBe(ErrorCode.exportNotAllowed)
    // another tenant's agents are not affected
    const rivalAgent = await ctx.as(other, Role.customerUser, 'rival-agent')
    expect((await exportLog(rivalAgent)).code).toBe(ErrorCode.notFound)
    await save(boss, settingsBody())
    expect((await exportLog(agent)).code).toBe(ErrorCode.notFound)
  })
})

describe('opt-out words per tenant', () => {
  it("the tenant's own words replace the platform's for its customers only, matched like keywords", async () => {
    expect((await save(boss, settingsBody({ optOutWords: ['Basta', '不要了'] }))).code).toBe(0)
    const a = await customerSession(ctx, '447711000001', SHOP)
    const b = await customerSession(ctx, '447711000002', SHOP)
    const c = await customerSession(ctx, '447711000003', SHOP)
    await say('447711000001', SHOP, '  bASTA ')
    await say('447711000002', SHOP, 'STOP')
    await say('447711000003', SHOP, 'basta please')
    expect((await fanOf(a)).mass_send_enabled).toBe(0)
    expect((await fanOf(b)).mass_send_enabled).toBe(1)
    expect((await fanOf(c)).mass_send_enabled).toBe(1)
    // the other tenant keeps the platform's list
    const x = await customerSession(ctx, '447711000004', OTHER_SHOP)
    const y = await customerSession(ctx, '447711000005', OTHER_SHOP)
    await say('447711000004', OTHER_SHOP, 'stop')
    await say('447711000005', OTHER_SHOP, 'basta')
    expect((await fanOf(x)).mass_send_enabled).toBe(0)
    expect((await fanOf(y)).mass_send_enabled).toBe(1)
  })

  it('back to the platform list when the tenant clears its own, after a restart too', async () => {
    expect((await save(boss, settingsBody({ optOutWords: ['halt'] }))).code).toBe(0)
    await ctx.tenantSettings.optOut.refresh()
    const a = await customerSession(ctx, '447711000011', SHOP)
    await say('447711000011', SHOP, 'HALT')
    expect((await fanOf(a)).mass_send_enabled).toBe(0)
    expect((await save(boss, settingsBody({ optOutWords: null }))).code).toBe(0)
    const b = await customerSession(ctx, '447711000012', SHOP)
    const c = await customerSession(ctx, '447711000013', SHOP)
    await say('447711000012', SHOP, 'halt')
    await say('447711000013', SHOP, 'unsubscribe')
    expect((await fanOf(b)).mass_send_enabled).toBe(1)
    expect((await fanOf(c)).mass_send_enabled).toBe(0)
  })

  it('the invalid-customer rule: an opt-out also marks the customer invalid while it is on', async () => {
    const a = await customerSession(ctx, '447711000021', SHOP)
    await say('447711000021', SHOP, 'stop')
    expect(await fanOf(a)).toEqual({ mass_send_enabled: 0, fanInvalid: 0, invalid: 0 })
    expect((await save(boss, settingsBody({ optOutInvalid: true }))).code).toBe(0)
    const b = await customerSession(ctx, '447711000022', SHOP)
    await say('447711000022', SHOP, 'STOP')
    expect(await fanOf(b)).toEqual({ mass_send_enabled: 0, fanInvalid: 1, invalid: 1 })
    await save(boss, settingsBody())
  })
})

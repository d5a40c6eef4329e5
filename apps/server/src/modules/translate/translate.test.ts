import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ErrorCode, Role, TRANSLATE_LANGUAGES } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { LibreTranslateProvider, TranslateProviderError } from './translate.provider.js'

/** A loopback service speaking the LibreTranslate protocol: "[target] text"; key "k"; "boom" fails. */
interface Seen {
  q: string | string[]
  source: string
  target: string
  format: string
  api_key?: string
}
const seen: Seen[] = []
/** While set, the service takes requests and answers none of them until they are released. */
let silent = false
const held: (() => void)[] = []
const server = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (c) => {
    raw += c
  })
  req.on('end', () => {
    const body = JSON.parse(raw) as Seen
    seen.push(body)
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(json))
    }
    const answer = () => {
      if (req.url !== '/translate') return send(404, { error: 'not found' })
      if (body.api_key !== 'k') return send(403, { error: 'Invalid API key' })
      const list = Array.isArray(body.q) ? body.q : [body.q]
      if (list.includes('boom')) return send(500, { error: 'engine down' })
      const out = list.map((t) => `[${body.target}] ${t}`)
      send(200, { translatedText: Array.isArray(body.q) ? out : out[0] })
    }
    if (silent) held.push(answer)
    else answer()
  })
})

let url: string
let ctx: TestContext
let bare: TestContext
let tenant: number
let boss: Signed
let agent: Signed
let rivalAgent: Signed
const path = '/damai/customer/user/translate'
const langPath = '/damai/customer/user/targetLanguage'

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  ctx = await createTestContext({ TRANSLATE_URL: url, TRANSLATE_API_KEY: 'k' }, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  rivalAgent = await ctx.as(await ctx.tenant('rival'), Role.customerUser, 'rival-agent')
  bare = await createTestContext({}, { simRoutes: false })
})
afterAll(async () => {
  await ctx.close()
  await bare.close()
  await new Promise<void>((r) => server.close(() => r()))
})

describe('the target-language list', () => {
  it('holds the ~130 Google-style codes of the spec, from af to zu', () => {
    const codes = TRANSLATE_LANGUAGES.map((l) => l.code)
    expect(codes.length).toBeGreaterThanOrEqual(130)
    expect(codes[0]).toBe('af')
    expect(codes.at(-1)).toBe('zu')
    expect(codes).toEqual(expect.arrayContaining(['ak', 'zh-CN', 'zh-TW', 'en', 'es', 'ar']))
    expect(new Set(codes).size).toBe(codes.length)
  })
})

describe('POST /damai/customer/user/translate', () => {
  it('answers 401 without a token and 403 for platform roles', async () => {
    expect((await ctx.call('POST', path, { body: { text: 'hi', target: 'en' } })).code).toBe(401)
    const admin = await adminToken(ctx)
    expect((await ctx.call('POST', path, { token: admin, body: { text: 'hi', target: 'en' } })).code).toBe(
      403,
    )
  })

  it('translates one text through the provider protocol', async () => {
    const r = await ctx.call('POST', path, { token: agent.token, body: { text: 'Hola', target: 'en' } })
    expect(r).toMatchObject({ code: 0, data: { target: 'en', text: '[en] Hola' } })
    expect(seen.at(-1)).toEqual({ q: 'Hola', source: 'auto', target: 'en', format: 'text', api_key: 'k' })
  })

  it("uses the desk user's target language by default, in the provider's code", async () => {
    const r = await ctx.call('POST', path, { token: agent.token, body: { text: 'Hello' } })
    expect(r.data).toEqual({ target: 'zh-CN', text: '[zh] Hello' })
  })

  it('translates a list in one call and serves repeats from the cache', async () => {
    const before = seen.length
    const r = await ctx.call('POST', path, {
      token: agent.token,
      body: { texts: ['one', 'two', 'one'], target: 'fr' },
    })
    expect(r.data).toEqual({ target: 'fr', texts: ['[fr] one', '[fr] two', '[fr] one'] })
    expect(seen.slice(before).map((s) => s.q)).toEqual([['one', 'two']])
    const again = await ctx.call('POST', path, {
      token: boss.token,
      body: { texts: ['two', 'three'], target: 'fr' },
    })
    expect(again.data).toEqual({ target: 'fr', texts: ['[fr] two', '[fr] three'] })
    expect(seen.slice(before + 1).map((s) => s.q)).toEqual(['three'])
  })

  it.each([
    [{ text: 'hi', target: 'xx' }, '请选择支持的目标语言'],
    [{ target: 'en' }, '请输入要翻译的内容'],
    [{ text: 'a', texts: ['b'], target: 'en' }, '请输入要翻译的内容'],
    [{ text: '', target: 'en' }, '请输入要翻译的内容'],
    [{ text: 'x'.repeat(5001), target: 'en' }, '翻译内容最多5000个字符'],
  ])('refuses %j with a clear message', async (body, msg) => {
    const before = seen.length
    expect(await ctx.call('POST', path, { token: agent.token, body })).toMatchObject({ code: 400, msg })
    expect(seen.length).toBe(before)
  })

  it('answers "translation failed" when the provider fails, and caches nothing', async () => {
    const r = await ctx.call('POST', path, {
      token: agent.token,
      body: { texts: ['fine', 'boom'], target: 'de' },
      headers: { language: 'en' },
    })
    expect(r).toMatchObject({ code: ErrorCode.translateFailed, msg: 'Translation failed' })
    const before = seen.length
    await ctx.call('POST', path, { token: agent.token, body: { text: 'fine', target: 'de' } })
    expect(seen.length).toBe(before + 1)
  })

  it('answers "translation failed" with its reason when no provider is configured', async () => {
    const t = await bare.tenant('solo')
    const who = await bare.as(t, Role.customerUser, 'solo-agent')
    const r = await bare.call('POST', path, { token: who.token, body: { text: 'hi', target: 'en' } })
    expect(r).toMatchObject({ code: ErrorCode.translateNotConfigured, msg: '翻译失败：未配置翻译服务' })
  })
})

describe('the LibreTranslate adapter', () => {
  it('gives up after its timeout and on a wrong key', async () => {
    silent = true
    const slow = new LibreTranslateProvider({ url, apiKey: 'k', timeoutMs: 50 })
    await expect(slow.translate(['hi'], 'en')).rejects.toBeInstanceOf(TranslateProviderError)
    silent = false
    for (const answer of held.splice(0)) answer()
    const wrongKey = new LibreTranslateProvider({ url: `${url}/`, apiKey: 'nope' })
    await expect(wrongKey.translate(['hi'], 'en')).rejects.toThrow(/403/)
    const right = new LibreTranslateProvider({ url: `${url}/`, apiKey: 'k' })
    expect(await right.translate(['a', 'b'], 'iw')).toEqual(['[he] a', '[he] b'])
  })
})

describe('the desk target language', () => {
  it('reads and changes the caller own; refuses a code not on the list and changes nothing', async () => {
    const put = await ctx.call('PUT', langPath, { token: agent.token, body: { targetLanguage: 'es' } })
    expect(put.code).toBe(0)
    expect((await ctx.call('GET', langPath, { token: agent.token })).data).toEqual({ targetLanguage: 'es' })
    const bad = await ctx.call('PUT', langPath, { token: agent.token, body: { targetLanguage: 'klingon' } })
    expect(bad).toMatchObject({ code: 400, msg: '请选择支持的目标语言' })
    expect((await ctx.call('GET', langPath, { token: agent.token })).data).toEqual({ targetLanguage: 'es' })
    const r = await ctx.call('POST', path, { token: agent.token, body: { text: 'Hi' } })
    expect(r.data).toEqual({ target: 'es', text: '[es] Hi' })
  })

  it("a supervisor at the desk as an agent works on that agent's language, never another tenant's", async () => {
    const acting = { 'customer-user-id': String(agent.userId) }
    await ctx.call('PUT', langPath, { token: boss.token, body: { targetLanguage: 'ja' }, headers: acting })
    expect((await ctx.call('GET', langPath, { token: agent.token })).data).toEqual({ targetLanguage: 'ja' })
    expect((await ctx.call('GET', langPath, { token: boss.token })).data).toEqual({ targetLanguage: 'zh-CN' })
    const r = await ctx.call('POST', path, { token: boss.token, body: { text: 'Hi' }, headers: acting })
    expect(r.data).toEqual({ target: 'ja', text: '[ja] Hi' })

    const foreign = { 'customer-user-id': String(rivalAgent.userId) }
    const refused = await ctx.call('PUT', langPath, {
      token: boss.token,
      body: { targetLanguage: 'ko' },
      headers: foreign,
    })
    expect(refused.code).toBe(403)
    const rival = await ctx.db
      .selectFrom('users')
      .select('target_language')
      .where('id', '=', rivalAgent.userId)
      .executeTakeFirstOrThrow()
    expect(rival.target_language).toBe('zh-CN')
  })
})

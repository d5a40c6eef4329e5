import { ErrorCode, MerchantPath, Role } from '@app/core'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { humanTrack, puzzle } from '../modules/captcha/captcha.fixtures.js'
import { createTestContext, type TestContext } from '../test/harness.js'

/**
 * Behind proxies the client is the first address, read from the right of X-Forwarded-For, that
 * is not a trusted proxy. Whatever a client writes into the header itself sits on the left: it
 * must never make it loopback, nor a new client each time for the sign-in lock and rate limits.
 */

interface Form {
  name: string
  setting: string
  /** the address the server sees connect: the proxy next to it */
  proxy: string
  /** what the proxies between the client and the one next to the server add after the client */
  inner: string[]
}

const FORMS: Form[] = [
  { name: 'one hop', setting: '1', proxy: '127.0.0.1', inner: [] },
  { name: 'one hop, the older on/off form', setting: 'true', proxy: '127.0.0.1', inner: [] },
  { name: 'two hops', setting: '2', proxy: '127.0.0.1', inner: ['10.0.0.2'] },
  { name: 'an address list', setting: '127.0.0.1, 10.0.0.2', proxy: '127.0.0.1', inner: ['10.0.0.2'] },
  { name: 'a CIDR', setting: '10.0.0.0/8', proxy: '10.0.0.3', inner: ['10.0.0.2'] },
]

const FORGED_LOOPBACK = ['127.0.0.1', '::1', '127.0.0.1, ::1', 'for=127.0.0.1', 'localhost']

describe.each(FORMS)('TRUST_PROXY as $name', (form) => {
  let ctx: TestContext

  beforeAll(async () => {
    ctx = await createTestContext({
      TRUST_PROXY: form.setting,
      LOGIN_MAX_FAILURES: '3',
      LOGIN_RATE_PER_MINUTE: '6',
      DIVERSION_VISITS_PER_MINUTE: '3',
      MERCHANT_LOOKUPS_PER_MINUTE: '3',
    })
  })
  afterAll(() => ctx.close())

  /** A request through the proxies from `client`, which wrote `forged` into the header itself. */
  const through = (
    client: string,
    forged: string,
    req: { method: 'GET' | 'POST'; url: string; payload?: object },
  ) =>
    ctx.app.inject({
      ...req,
      remoteAddress: form.proxy,
      headers: {
        'x-forwarded-for': [forged, client, ...form.inner].filter(Boolean).join(', '),
        language: 'en',
      },
    })
  const code = async (r: Promise<LightMyRequestResponse>) => ((await r).json() as { code: number }).code
  /** Whether the answer is the rate limit's (a page that is not limited may answer a redirect) */
  const limited = async (r: Promise<LightMyRequestResponse>) => {
    const res = await r
    return (
      String(res.headers['content-type']).includes('json') && res.json().code === ErrorCode.tooManyRequests
    )
  }

  it('refuses /metrics to an outside client that writes a loopback address into the header', async () => {
    for (const forged of FORGED_LOOPBACK) {
      const r = await through('203.0.113.10', forged, { method: 'GET', url: '/metrics' })
      expect(r.statusCode, forged).toBe(403)
    }
  })

  it('still answers /metrics to a scrape from this machine that passes no proxy', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(r.statusCode).toBe(200)
  })

  it('counts sign-in failures and the sign-in rate against the real client, whatever comes first', async () => {
    const login = (client: string, i: number) =>
      code(
        through(client, `198.51.100.${i}`, {
          method: 'POST',
          url: '/damai/system/auth/login',
          payload: { username: 'nobody-here', password: `Wrong${i}234` },
        }),
      )
    const answers: number[] = []
    for (let i = 0; i < 7; i++) answers.push(await login('203.0.113.20', i))
    const { wrongCredentials: wrong, loginLocked: locked, tooManyRequests: tooMany } = ErrorCode
    expect(answers).toEqual([wrong, wrong, wrong, locked, locked, locked, tooMany])
    // another client behind the same proxies is neither locked nor limited
    expect(await login('203.0.113.21', 0)).toBe(wrong)
  })

  it('records the real client on the token a sign-in issues', async () => {
    const tenant = await ctx.tenant(`fwd${FORMS.indexOf(form)}`)
    await ctx.user(tenant, Role.customerMaster, 'fwd-user')
    const r = await through('203.0.113.30', '127.0.0.1', {
      method: 'POST',
      url: '/damai/system/auth/login',
      payload: { username: 'fwd-user', password: 'Passw0rd' },
    })
    expect(r.json()).toMatchObject({ code: 0 })
    const row = await ctx.db
      .selectFrom('auth_tokens')
      .select('ip')
      .where('user_id', '=', r.json().data.userId)
      .executeTakeFirstOrThrow()
    expect(row.ip).toBe('203.0.113.30')
  })

  it('counts captcha misses against the real client', async () => {
    const attempt = async (i: number, hit: boolean) => {
      const p = await puzzle(ctx)
      const x = hit ? p.gapX + 1 : (p.gapX + 100) % 250
      return code(
        through('203.0.113.40', `198.51.100.${i}`, {
          method: 'POST',
          url: '/damai/system/captcha/check',
          payload: { token: p.token, x, track: humanTrack(x) },
        }),
      )
    }
    for (let i = 0; i < 3; i++) expect(await attempt(i, false)).toBe(ErrorCode.captchaInvalid)
    expect(await attempt(3, true)).toBe(ErrorCode.captchaLocked)
  })

  it('gives the rate limits of the public pages the same client', async () => {
    const pages = [
      { method: 'GET', url: '/s?c=no-such-link' },
      { method: 'GET', url: `${MerchantPath.publicInfo}?c=no-such-code` },
      { method: 'POST', url: '/damai/system/captcha/get', payload: {} },
    ] as const
    for (const page of pages) {
      const allowed = page.url.startsWith('/damai/system') ? 6 : 3
      for (let i = 0; i < allowed; i++)
        expect(await limited(through('203.0.113.50', `198.51.100.${i}`, page)), page.url).toBe(false)
      expect(await limited(through('203.0.113.50', '198.51.100.99', page)), page.url).toBe(true)
      expect(await limited(through('203.0.113.51', '198.51.100.99', page)), page.url).toBe(false)
    }
  })
})

describe('the TRUST_PROXY setting', () => {
  const read = (v: string | undefined) => loadConfig({ TRUST_PROXY: v }).TRUST_PROXY

  it('is off unset or 0, one hop for 1 and the older true/yes, a count of hops, or a list of proxies', () => {
    for (const off of [undefined, '', '0', 'false', 'no']) expect(read(off)).toBe(false)
    for (const one of ['1', 'true', 'TRUE', 'yes']) expect(read(one)).toBe(1)
    expect(read('3')).toBe(3)
    expect(read(' 10.0.0.0/8, 127.0.0.1 ,::1 ')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1'])
    expect(read('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal'])
  })

  it('refuses at start a value that names neither hops nor proxies, naming the setting', () => {
    for (const bad of ['nginx', '10.0.0.0/99', '10.0.0.1,,10.0.0.2', '-1', '300.1.1.1'])
      expect(() => read(bad), bad).toThrow(/TRUST_PROXY/)
  })
})

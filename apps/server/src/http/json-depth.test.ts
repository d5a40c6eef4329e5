import { ErrorCode, JSON_DEPTH_MAX, MerchantPath, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../test/harness.js'
import { jsonTextTooDeep, valueTooDeep } from './json-depth.js'

let ctx: TestContext
let boss: Signed

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '1000' })
  const tenant = await ctx.tenant('deep')
  boss = await ctx.as(tenant, Role.customerMaster, 'deep-boss')
})
afterAll(() => ctx.close())

/** Under the 1 MB body limit, far past any depth a recursive walk of the value survives. */
const DEEP_OBJECTS = `${'{"a":'.repeat(80_000)}1${'}'.repeat(80_000)}`
const DEEP_ARRAYS = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
/** A body whose `field` holds arrays nested so that the body is `depth` levels deep in all. */
const nestedIn = (field: string, depth: number) =>
  `{"${field}":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`

const ROUTES = [
  { name: 'sign-in (public)', method: 'POST', url: '/damai/system/auth/login', signedIn: false },
  { name: 'captcha check (public)', method: 'POST', url: '/damai/system/captcha/check', signedIn: false },
  {
    name: "a merchant code's history (public)",
    method: 'POST',
    url: `${MerchantPath.publicChatHistory}?c=no-such-code`,
    signedIn: false,
  },
  { name: 'a new label', method: 'POST', url: '/damai/customer/label', signedIn: true },
  { name: 'the session list', method: 'POST', url: '/damai/customer/session/page', signedIn: true },
  {
    name: 'a password change',
    method: 'PUT',
    url: '/damai/system/user/profile/update-password',
    signedIn: true,
  },
] as const

const send = (route: (typeof ROUTES)[number], payload: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: route.method,
    url: route.url,
    payload,
    headers: {
      'content-type': 'application/json',
      ...(route.signedIn ? { authorization: `Bearer ${boss.token}` } : {}),
      ...headers,
    },
  })

describe('a JSON body nested too deeply', () => {
  it.each(ROUTES)('is a bad request with the reason on $name, objects or arrays', async (route) => {
    for (const body of [DEEP_OBJECTS, DEEP_ARRAYS]) {
      const zh = await send(route, body)
      expect(zh.statusCode).toBe(200)
      expect(zh.json()).toEqual({
        code: ErrorCode.badRequest,
        msg: '请求内容嵌套层级过深（最多 64 层）',
        data: null,
      })
      const en = await send(route, body, { language: 'en' })
      expect(en.json()).toMatchObject({ msg: 'The request is nested too deeply (at most 64 levels)' })
    }
  })

  it('is refused from the first level past the limit; the limit itself reaches validation', async () => {
    const route = ROUTES[3]
    const over = await send(route, nestedIn('name', JSON_DEPTH_MAX + 1), { language: 'en' })
    expect(over.json()).toMatchObject({
      code: ErrorCode.badRequest,
      msg: expect.stringMatching(/nested too deeply/),
    })
    const at = await send(route, nestedIn('name', JSON_DEPTH_MAX), { language: 'en' })
    expect(at.json()).toMatchObject({ code: ErrorCode.badRequest })
    expect(at.json().msg).not.toMatch(/nested/)
  })

  it('still answers 401 first on a route that needs a sign-in', async () => {
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/damai/customer/label',
      payload: DEEP_OBJECTS,
      headers: { 'content-type': 'application/json' },
    })
    expect(r.json()).toMatchObject({ code: ErrorCode.unauthorized })
  })

  it('leaves a normal body, and brackets inside its strings, to the route', async () => {
    const made = await send(ROUTES[3], JSON.stringify({ name: '[[{{VIP' }), {
      'content-type': 'application/json; charset=utf-8',
    })
    expect(made.json()).toMatchObject({ code: 0 })
    const page = await send(ROUTES[4], JSON.stringify({ pageSize: 10, keyword: '[[[[{{{{' }))
    expect(page.json()).toMatchObject({ code: 0 })
    const invalid = await send(ROUTES[0], '{"username":')
    expect(invalid.json()).toMatchObject({ code: ErrorCode.badRequest })
  })
})

describe('the depth of JSON text and of a decoded value', () => {
  const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`

  it('counts objects and arrays opened inside one another, not their neighbours', () => {
    expect(jsonTextTooDeep(arrays(3), 3)).toBe(false)
    expect(jsonTextTooDeep(arrays(4), 3)).toBe(true)
    expect(jsonTextTooDeep(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false)
    expect(jsonTextTooDeep('{"a":{"b":[1]}}', 2)).toBe(true)
  })

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(jsonTextTooDeep(JSON.stringify({ a: '[[[[{{{{', b: 'x\\"[[[["' }), 1)).toBe(false)
    expect(jsonTextTooDeep(`["\\\\",[[]]]`, 2)).toBe(true)
  })

  it('measures a decoded value the same way, binary data as a leaf', () => {
    expect(valueTooDeep(JSON.parse(arrays(3)), 3)).toBe(false)
    expect(valueTooDeep(JSON.parse(arrays(4)), 3)).toBe(true)
    expect(valueTooDeep({ a: { b: [1] } }, 2)).toBe(true)
    expect(valueTooDeep(['x', Buffer.alloc(100_000)], 1)).toBe(false)
    expect(valueTooDeep(JSON.parse(DEEP_ARRAYS))).toBe(true)
  })
})

import { ErrorCode, MerchantPath as M, type MerchantCodeView, Role } from '@app/core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let boss: string

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '2', MERCHANT_LOOKUPS_PER_MINUTE: '3' })
  const tenant = await ctx.tenant('acme')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
})
afterAll(() => ctx.close())

const issue = async (name: string) =>
  (await ctx.call('POST', M.create, { token: boss, body: { name, quota: 5, expiresAt: null } }))
    .data as MerchantCodeView
const link = (c: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${M.publicLink}?c=${c}`,
    payload: { phone: '12' },
    remoteAddress: ip,
  })

it('counts public links per code and address', async () => {
  const a = await issue('A')
  const b = await issue('B')
  // an invalid phone is refused while within the allowance
  expect((await link(a.code, '10.0.0.1')).json()).toMatchObject({ code: ErrorCode.invalidPhone })
  expect((await link(a.code, '10.0.0.1')).json()).toMatchObject({ code: ErrorCode.invalidPhone })
  expect((await link(a.code, '10.0.0.1')).json()).toMatchObject({ code: ErrorCode.tooManyRequests })
  // another code from the same address, and the same code from another address, still answer
  expect((await link(b.code, '10.0.0.1')).json()).toMatchObject({ code: ErrorCode.invalidPhone })
  expect((await link(a.code, '10.0.0.2')).json()).toMatchObject({ code: ErrorCode.invalidPhone })
  // the progress reads of a polling page have more room than links
  for (let i = 0; i < 5; i++) {
    const r = await ctx.app.inject({
      method: 'GET',
      url: `${M.publicStatus}?c=${a.code}&accountId=1`,
      remoteAddress: '10.0.0.1',
    })
    expect(r.json().code).not.toBe(ErrorCode.tooManyRequests)
  }
})

const lookUp = (path: string, c: string, ip: string) =>
  ctx.app.inject({
    method: path === M.publicInfo ? 'GET' : 'POST',
    url: `${path}?c=${c}`,
    ...(path === M.publicInfo ? {} : { payload: {} }),
    remoteAddress: ip,
    headers: { language: 'en' },
  })

it.each([M.publicInfo, M.publicChatHistory])(
  'counts lookups of %s per address, whatever the code',
  async (path) => {
    const live = await issue(`lookups ${path}`)
    // wrong codes, each tried once: the allowance is the address's, not the code's
    for (let i = 0; i < 3; i++)
      expect((await lookUp(path, `wrong${i}`, '10.0.1.1')).json()).toMatchObject({
        code: ErrorCode.merchantCodeInvalid,
      })
    const refused = (await lookUp(path, live.code, '10.0.1.1')).json()
    expect(refused).toMatchObject({
      code: ErrorCode.tooManyRequests,
      msg: 'Too many requests, please try again later',
    })
    // another address still looks up, the live code as a wrong one
    expect((await lookUp(path, live.code, '10.0.1.2')).json()).toMatchObject({ code: 0 })
    expect((await lookUp(path, 'wrong9', '10.0.1.2')).json()).toMatchObject({
      code: ErrorCode.merchantCodeInvalid,
    })
  },
)

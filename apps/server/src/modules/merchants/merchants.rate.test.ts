import { ErrorCode, MerchantPath as M, type MerchantCodeView, Role } from '@app/core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let boss: string

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '2' })
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
  // the reads of a polling page have more room than links
  for (let i = 0; i < 5; i++) {
    const r = await ctx.app.inject({
      method: 'GET',
      url: `${M.publicInfo}?c=${a.code}`,
      remoteAddress: '10.0.0.1',
    })
    expect(r.json()).toMatchObject({ code: 0 })
  }
})

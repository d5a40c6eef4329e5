import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartBody, pngFile } from '../modules/materials/materials.fixtures.js'
import { createTestContext, type Signed, type TestContext } from '../test/harness.js'
import { customerSession } from '../test/messaging.js'
import { holdsNul } from './text-input.js'

let ctx: TestContext
let boss: Signed
let session: number

beforeAll(async () => {
  ctx = await createTestContext()
  const tenant = await ctx.tenant('nul')
  boss = await ctx.as(tenant, Role.customerMaster, 'nul-boss')
  await ctx.linkAccount(tenant, '8613800000771')
  session = await customerSession(ctx, '447700900771', '8613800000771')
})
afterAll(() => ctx.close())

const NUL = 'a\u0000b'

describe('text holding a NUL character', () => {
  it('is found anywhere in a request value, keys included', () => {
    expect(holdsNul({ a: [{ b: NUL }] })).toBe(true)
    expect(holdsNul({ [NUL]: 1 })).toBe(true)
    expect(holdsNul({ a: ['b', 1, null, { c: 'd' }] })).toBe(false)
  })

  it('is a bad request in a JSON body, a query or a path, on every database', async () => {
    const token = boss.token
    const label = await ctx.call('POST', '/damai/customer/label', { token, body: { name: NUL } })
    expect(label.code).toBe(ErrorCode.badRequest)
    const page = await ctx.call('POST', '/damai/customer/session/page', { token, body: { keyword: NUL } })
    expect(page.code).toBe(ErrorCode.badRequest)
    const byName = await ctx.call('GET', '/damai/admin/user/getUserTenantIdByName', { query: { name: NUL } })
    expect(byName.code).toBe(ErrorCode.badRequest)
    const media = await ctx.call('GET', `/damai/customer/user/chatMedia/${encodeURIComponent(NUL)}`, {
      token,
    })
    expect(media.code).toBe(ErrorCode.badRequest)
  })

  it('still answers 401 before 400 without a token', async () => {
    const r = await ctx.call('POST', '/damai/customer/label', { body: { name: NUL } })
    expect(r.code).toBe(ErrorCode.unauthorized)
  })

  it('in a text field of an upload form is a bad request, not a fault', async () => {
    const form = multipartBody({ sessionId: String(session), chatType: '8', caption: NUL }, [
      { name: 'a.png', data: pngFile(20, 20) },
    ])
    const r = await ctx.call('POST', '/damai/customer/user/uploadThenSendChatMessageAsync', {
      token: boss.token,
      body: form.body,
      headers: { 'content-type': form.contentType },
    })
    expect(r.res.statusCode).toBe(200)
    expect(r.code).toBe(ErrorCode.badRequest)
  })
})

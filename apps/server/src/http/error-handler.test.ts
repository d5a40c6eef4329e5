import { ErrorCode, errorMessage, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pngFile } from '../modules/materials/materials.fixtures.js'
import { createTestContext, type Signed, type TestContext } from '../test/harness.js'

/** Malformed request bodies answer a clear code-400 envelope in the request language, never HTTP 5xx. */
let ctx: TestContext
let agent: Signed

const UPLOADS = ['/damai/customer/material/upload', '/damai/customer/user/uploadThenSendChatMessageAsync']

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  agent = await ctx.as(await ctx.tenant('acme'), Role.customerUser, 'agent')
})
afterAll(() => ctx.close())

const post = async (url: string, contentType: string, payload: string | Buffer, language = 'en') => {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${agent.token}`, language },
  })
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string }) }
}

const head = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`

const MALFORMED: [string, string, string | Buffer][] = [
  ['no boundary', 'multipart/form-data', 'abc'],
  ['an empty boundary', 'multipart/form-data; boundary=', 'abc'],
  [
    'a file cut off before its end',
    'multipart/form-data; boundary=XX',
    Buffer.concat([Buffer.from(head('XX')), pngFile(8, 8)]),
  ],
  [
    'a field cut off before its end',
    'multipart/form-data; boundary=XX',
    '--XX\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage',
  ],
  ['no part at all', 'multipart/form-data; boundary=XX', 'garbage without a boundary'],
]

describe('malformed multipart on the upload routes', () => {
  for (const url of UPLOADS) {
    it.each(MALFORMED)(`${url.split('/').pop()}: %s`, async (_what, contentType, body) => {
      const en = await post(url, contentType, body)
      expect(en).toEqual({
        status: 200,
        code: ErrorCode.badRequest,
        msg: errorMessage(ErrorCode.uploadMalformed, 'en'),
        data: null,
      })
      const zh = await post(url, contentType, body, 'zh')
      expect(zh.msg).toBe(errorMessage(ErrorCode.uploadMalformed, 'zh'))
    })
  }
})

describe('a body of the wrong kind', () => {
  it.each(UPLOADS)('%s: a content type the server does not take', async (url) => {
    for (const contentType of ['application/xml', 'multipart/mixed; boundary=XX']) {
      expect(await post(url, contentType, '<a/>')).toMatchObject({
        status: 200,
        code: ErrorCode.badRequest,
        msg: errorMessage(ErrorCode.contentTypeUnsupported, 'en'),
      })
    }
  })

  it('a multipart form sent to a JSON route', async () => {
    const form = '--XX\r\nContent-Disposition: form-data; name="username"\r\n\r\nalice\r\n--XX--\r\n'
    for (const language of ['en', 'zh'] as const) {
      const r = await post('/damai/system/auth/login', 'multipart/form-data; boundary=XX', form, language)
      expect(r).toMatchObject({
        status: 200,
        code: ErrorCode.badRequest,
        msg: errorMessage(ErrorCode.contentTypeUnsupported, language),
      })
    }
  })

  it('still names the field of a JSON body that breaks a rule', async () => {
    const r = await post('/damai/system/auth/login', 'application/json', '{"username":"alice"}')
    expect(r).toMatchObject({ code: ErrorCode.badRequest, msg: 'Password cannot be empty' })
  })
})

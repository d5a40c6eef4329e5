import { Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../test/harness.js'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ BODY_LIMIT_BYTES: '2048' })
})
afterAll(() => ctx.close())

describe('route → roles', () => {
  it('declares who can reach every API route', () => {
    const table = [...ctx.routes].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`))
    expect(table.map((r) => `${r.method.padEnd(6)} ${r.url} → ${r.access}`).join('\n')).toMatchSnapshot()
  })
})

describe('transport', () => {
  it('sets security headers and answers unknown API paths with the envelope', async () => {
    const r = await ctx.call('GET', '/damai/nothing/here')
    expect(r.res.statusCode).toBe(404)
    expect(r.code).toBe(404)
    expect(r.res.headers['x-content-type-options']).toBe('nosniff')
    expect(r.res.headers['x-frame-options']).toBe('DENY')
  })

  it('refuses a body over the limit with a clear code', async () => {
    const r = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'x'.repeat(5000), password: 'abcd1234' },
    })
    expect(r.code).toBe(413)
  })

  it('answers a malformed JSON body with code 400', async () => {
    const r = await ctx.res('POST', '/damai/system/auth/login', '{"username":')
    expect(r.json()).toMatchObject({ code: 400 })
  })

  it('hides the details of an unexpected fault behind a request id', async () => {
    const t = await ctx.tenant('acme')
    const s = await ctx.as(t, Role.customerMaster, 'boss')
    await ctx.db.schema.dropTable('announcements').execute()
    const r = await ctx.call('GET', '/damai/notice/announcement/enable', { token: s.token })
    expect(r.res.statusCode).toBe(500)
    expect(r.code).toBe(500)
    expect(r.msg).toMatch(/^系统繁忙，请稍后再试 \(\w+\)$/)
    expect(r.res.body).not.toMatch(/announcements|stack|at /i)
  })

  it('serves the version file with the client version, uncached', async () => {
    const r = await ctx.res('GET', '/version.json')
    expect(r.headers['cache-control']).toBe('no-store')
    expect(r.json()[0]).toMatchObject({
      version: '2.4.33',
      newFunction: expect.any(Array),
      bugFix: expect.any(Array),
    })
  })

  it('tells the browser, without a sign-in, the map tile server it is configured with', async () => {
    const r = await ctx.call('GET', '/damai/public/config')
    expect(r).toMatchObject({
      code: 0,
      data: { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
    })
  })

  it('publishes the OpenAPI document', async () => {
    const r = await ctx.res('GET', '/docs/json')
    expect(r.json().paths).toHaveProperty('/damai/system/auth/login')
  })

  it('documents the answer of every operation: its success data and the refusal envelope', async () => {
    const doc = (await ctx.res('GET', '/docs/json')).json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
      >
    }
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })),
    )
    expect(operations.length).toBeGreaterThan(200)
    const undocumented = operations
      .filter(({ op }) => !op.responses?.['200']?.content?.['application/json'])
      .map(({ at }) => at)
    expect(undocumented).toEqual([])
  })
})

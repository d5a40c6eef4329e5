import { Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let admin: string
let master: string

beforeAll(async () => {
  ctx = await createTestContext()
  admin = await adminToken(ctx)
  const t = await ctx.tenant('acme')
  master = (await ctx.as(t, Role.customerMaster, 'boss')).token
})
afterAll(() => ctx.close())

const url = '/damai/notice/announcement'

describe('announcement management', () => {
  it('answers 401 without a token and 403 for a tenant user', async () => {
    expect((await ctx.call('POST', url, { body: { title: 'x', content: 'y' } })).code).toBe(401)
    expect((await ctx.call('POST', url, { token: master, body: { title: 'x', content: 'y' } })).code).toBe(
      403,
    )
    expect((await ctx.call('POST', `${url}/page`, { token: master, body: {} })).code).toBe(403)
    expect((await ctx.call('DELETE', url, { token: master, query: { id: '1' } })).code).toBe(403)
  })

  it('refuses an empty title or an over-long one, and stores nothing', async () => {
    const empty = await ctx.call('POST', url, { token: admin, body: { title: '  ', content: 'body' } })
    expect(empty.code).toBe(400)
    expect(empty.msg).toBe('请输入标题（最多100个字符）')
    const long = await ctx.call('POST', url, {
      token: admin,
      body: { title: 'x'.repeat(101), content: 'body' },
    })
    expect(long.code).toBe(400)
    const page = await ctx.call('POST', `${url}/page`, { token: admin, body: {} })
    expect(page.data).toEqual({ list: [], total: 0 })
  })

  it('answers not found when changing or deleting an id that does not exist', async () => {
    expect(
      (await ctx.call('PUT', url, { token: admin, body: { id: 9999, title: 't', content: 'c', status: 0 } }))
        .code,
    ).toBe(404)
    expect((await ctx.call('DELETE', url, { token: admin, query: { id: '9999' } })).code).toBe(404)
  })

  it('creates, pages, filters, edits, disables and deletes', async () => {
    const a = await ctx.call('POST', url, {
      token: admin,
      body: { title: 'Maintenance tonight', content: 'From 23:00', status: 0 },
    })
    const b = await ctx.call('POST', url, {
      token: admin,
      body: { title: 'New feature', content: 'Labels', status: 1 },
    })
    const idA = (a.data as { id: number }).id
    const idB = (b.data as { id: number }).id

    const all = await ctx.call('POST', `${url}/page`, { token: admin, body: { pageNo: 1, pageSize: 10 } })
    expect(all.data).toMatchObject({ total: 2, list: [{ id: idB, creatorName: 'admin' }, { id: idA }] })
    const filtered = await ctx.call('POST', `${url}/page`, { token: admin, body: { title: 'maint' } })
    expect((filtered.data as { total: number }).total).toBe(1)
    const byStatus = await ctx.call('POST', `${url}/page`, { token: admin, body: { status: 1 } })
    expect((byStatus.data as { list: { id: number }[] }).list.map((x) => x.id)).toEqual([idB])

    const enabled = await ctx.call('GET', `${url}/enable`, { token: master })
    expect((enabled.data as { id: number }[]).map((x) => x.id)).toEqual([idA])

    expect(
      (
        await ctx.call('PUT', url, {
          token: admin,
          body: { id: idA, title: 'Maintenance', content: 'Moved', status: 1 },
        })
      ).code,
    ).toBe(0)
    expect((await ctx.call('GET', `${url}/enable`, { token: master })).data).toEqual([])

    expect((await ctx.call('DELETE', url, { token: admin, query: { id: String(idB) } })).code).toBe(0)
    const rest = await ctx.call('POST', `${url}/page`, { token: admin, body: {} })
    expect(rest.data).toMatchObject({
      total: 1,
      list: [{ id: idA, title: 'Maintenance', content: 'Moved', status: 1 }],
    })
  })

  it('pages with pageNo and pageSize', async () => {
    for (let i = 0; i < 12; i++)
      await ctx.call('POST', url, { token: admin, body: { title: `N${i}`, content: 'c' } })
    const p2 = await ctx.call('POST', `${url}/page`, { token: admin, body: { pageNo: 2, pageSize: 5 } })
    expect((p2.data as { list: unknown[] }).list).toHaveLength(5)
    expect((p2.data as { total: number }).total).toBe(13)
  })
})

import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let other: number
let boss: string
let agent: string
let otherBoss: string
let mine: number
let theirs: number

const base = '/damai/customer/wsAccount'

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  other = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  agent = (await ctx.as(tenant, Role.customerUser, 'agent')).token
  otherBoss = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
  mine = await ctx.linkAccount(tenant, '8613800000001')
  theirs = await ctx.linkAccount(other, '8613800000009')
})
afterAll(() => ctx.close())

const rowOf = (id: number) =>
  ctx.db.selectFrom('ws_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('who may manage WS accounts', () => {
  const calls: [string, string, Record<string, unknown> | undefined, Record<string, string> | undefined][] = [
    ['POST', `${base}/page`, {}, undefined],
    ['POST', `${base}/loginQr`, {}, undefined],
    ['POST', `${base}/loginCode`, { phone: '8613800000002' }, undefined],
    ['GET', `${base}/loginStatus`, undefined, { accountId: '1' }],
    ['POST', `${base}/relogin`, { ids: [1] }, undefined],
    ['POST', `${base}/logout`, { ids: [1] }, undefined],
    ['DELETE', base, undefined, { ids: '1' }],
    ['PUT', `${base}/remark`, { ids: [1], remark: 'x' }, undefined],
    ['PUT', `${base}/group`, { ids: [1], groupId: null }, undefined],
    ['PUT', `${base}/proxy`, { ids: [1], proxy: '' }, undefined],
    ['POST', `${base}/import`, { lines: '8613800000003' }, undefined],
  ]

  it.each(calls)(
    '%s %s answers 401 without a token and 403 for an agent or the platform admin',
    async (method, url, body, query) => {
      const m = method as 'GET' | 'POST' | 'PUT' | 'DELETE'
      expect((await ctx.call(m, url, { body, query })).code).toBe(401)
      expect((await ctx.call(m, url, { token: agent, body, query })).code).toBe(403)
      expect((await ctx.call(m, url, { token: await adminToken(ctx), body, query })).code).toBe(403)
    },
  )

  it('answers 400 for malformed bodies', async () => {
    expect((await ctx.call('POST', `${base}/page`, { token: boss, body: { pageSize: 1000 } })).code).toBe(400)
    expect((await ctx.call('POST', `${base}/page`, { token: boss, body: { status: 'sleeping' } })).code).toBe(
      400,
    )
    expect((await ctx.call('POST', `${base}/logout`, { token: boss, body: { ids: [] } })).code).toBe(400)
    expect(
      (
        await ctx.call('PUT', `${base}/remark`, {
          token: boss,
          body: { ids: [mine], remark: 'x'.repeat(101) },
        })
      ).code,
    ).toBe(400)
    expect((await ctx.call('DELETE', base, { token: boss, query: { ids: '1,abc' } })).code).toBe(400)
    expect(
      (await ctx.call('GET', `${base}/loginStatus`, { token: boss, query: { accountId: 'x' } })).code,
    ).toBe(400)
  })
})

describe('tenant isolation', () => {
  it("answers not found for another tenant's account on every action, and changes nothing", async () => {
    const before = await rowOf(theirs)
    const attempts = [
      ctx.call('PUT', `${base}/remark`, { token: boss, body: { ids: [theirs], remark: 'mine now' } }),
      ctx.call('PUT', `${base}/remark`, { token: boss, body: { ids: [mine, theirs], remark: 'both' } }),
      ctx.call('PUT', `${base}/proxy`, { token: boss, body: { ids: [theirs], proxy: '' } }),
      ctx.call('PUT', `${base}/group`, { token: boss, body: { ids: [theirs], groupId: null } }),
      ctx.call('POST', `${base}/logout`, { token: boss, body: { ids: [theirs] } }),
      ctx.call('POST', `${base}/relogin`, { token: boss, body: { ids: [theirs] } }),
      ctx.call('DELETE', base, { token: boss, query: { ids: String(theirs) } }),
      ctx.call('GET', `${base}/loginStatus`, { token: boss, query: { accountId: String(theirs) } }),
      ctx.call('POST', `${base}/loginQr`, { token: boss, body: { accountId: theirs } }),
    ]
    for (const r of await Promise.all(attempts)) expect(r.code).toBe(404)
    expect(await rowOf(theirs)).toEqual(before)
    expect((await rowOf(mine)).remark).toBe('')
    expect(ctx.sim.gateway.getStatus(String(theirs))?.state).toBe('open')
  })

  it("lists only the tenant's own accounts", async () => {
    const r = await ctx.call('POST', `${base}/page`, { token: otherBoss, body: {} })
    expect((r.data as { list: { id: number }[] }).list.map((a) => a.id)).toEqual([theirs])
  })
})

describe('POST /damai/customer/wsAccount/page', () => {
  it('shows phone, status, counts and a masked proxy, with filters', async () => {
    await ctx.call('PUT', `${base}/proxy`, {
      token: boss,
      body: { ids: [mine], proxy: '1.2.3.4:8080:user:s3cr:et' },
    })
    ctx.sim.network.customerSend('447700900001', '8613800000001', { kind: 'text', text: 'hi' })
    await ctx.sim.settle(1_000)
    const r = await ctx.call('POST', `${base}/page`, { token: boss, body: { phone: '0000001' } })
    expect(r.data).toMatchObject({
      total: 1,
      list: [
        {
          id: mine,
          phone: '8613800000001',
          status: 'online',
          type: 'personal',
          customerCount: 1,
          sessionCount: 1,
          proxy: '1.2.3.4:8080:user:******',
          linked: true,
        },
      ],
    })
    expect(JSON.stringify(r.data)).not.toContain('s3cr')
    expect(
      (await ctx.call('POST', `${base}/page`, { token: boss, body: { status: 'banned' } })).data,
    ).toEqual({ list: [], total: 0 })
    expect((await ctx.call('POST', `${base}/page`, { token: boss, body: { phone: '999' } })).data).toEqual({
      list: [],
      total: 0,
    })
  })
})

describe('batch edits', () => {
  it('sets the remark and the group of several accounts', async () => {
    const second = await ctx.linkAccount(tenant, '8613800000002')
    const g = await ctx.call('POST', '/damai/customer/wsAccountGroup', {
      token: boss,
      body: { name: 'Sales' },
    })
    const groupId = (g.data as { id: number }).id
    expect(
      (
        await ctx.call('PUT', `${base}/remark`, {
          token: boss,
          body: { ids: [mine, second], remark: 'VIP line' },
        })
      ).code,
    ).toBe(0)
    expect(
      (await ctx.call('PUT', `${base}/group`, { token: boss, body: { ids: [mine, second], groupId } })).code,
    ).toBe(0)
    const r = await ctx.call('POST', `${base}/page`, { token: boss, body: { groupId } })
    expect((r.data as { list: unknown[] }).list).toEqual([
      expect.objectContaining({ id: second, remark: 'VIP line', groupName: 'Sales' }),
      expect.objectContaining({ id: mine, remark: 'VIP line', groupName: 'Sales' }),
    ])
    expect(
      (await ctx.call('PUT', `${base}/group`, { token: boss, body: { ids: [mine], groupId: null } })).code,
    ).toBe(0)
    expect((await rowOf(mine)).group_id).toBeNull()
  })

  it('refuses a group of another tenant', async () => {
    const g = await ctx.call('POST', '/damai/customer/wsAccountGroup', {
      token: otherBoss,
      body: { name: 'Theirs' },
    })
    const r = await ctx.call('PUT', `${base}/group`, {
      token: boss,
      body: { ids: [mine], groupId: (g.data as { id: number }).id },
    })
    expect(r.code).toBe(404)
    expect((await rowOf(mine)).group_id).toBeNull()
  })

  it.each(['10.0.0.1', '10.0.0.1:99999', '999.1.1.1:80', '10.0.0.1:80:user', 'ftp://10.0.0.1:21'])(
    'refuses the proxy %j with a clear code and keeps the old one',
    async (proxy) => {
      const before = (await rowOf(mine)).proxy
      const r = await ctx.call('PUT', `${base}/proxy`, {
        token: boss,
        body: { ids: [mine], proxy },
        headers: { language: 'en' },
      })
      expect(r.code).toBe(ErrorCode.invalidProxy)
      expect(r.msg).toBe('Invalid proxy: write it as ip:port:account:password')
      expect((await rowOf(mine)).proxy).toBe(before)
    },
  )

  it('clears the proxy with an empty value', async () => {
    expect(
      (await ctx.call('PUT', `${base}/proxy`, { token: boss, body: { ids: [mine], proxy: '' } })).code,
    ).toBe(0)
    expect((await rowOf(mine)).proxy).toBeNull()
  })
})

describe('logout and delete', () => {
  it('logs an account out: offline, port released, device unlinked', async () => {
    const id = await ctx.linkAccount(tenant, '8613800000005')
    expect((await ctx.call('POST', `${base}/logout`, { token: boss, body: { ids: [id] } })).code).toBe(0)
    await ctx.sim.settle()
    expect(await rowOf(id)).toMatchObject({ status: 'offline', linked: 0 })
    expect(await ctx.db.selectFrom('ports').select('id').where('account_id', '=', id).execute()).toEqual([])
    expect(ctx.sim.network.listPhones().find((p) => p.number === '8613800000005')?.devices).toEqual([])
  })

  it('deletes softly, logs out, and frees the number for another link', async () => {
    const id = await ctx.linkAccount(tenant, '8613800000006')
    expect((await ctx.call('DELETE', base, { token: boss, query: { ids: String(id) } })).code).toBe(0)
    await ctx.sim.settle()
    expect((await rowOf(id)).deleted_at).not.toBeNull()
    const list = await ctx.call('POST', `${base}/page`, { token: boss, body: { phone: '8613800000006' } })
    expect(list.data).toEqual({ list: [], total: 0 })
    const again = await ctx.linkAccount(other, '8613800000006')
    expect(again).not.toBe(id)
  })
})

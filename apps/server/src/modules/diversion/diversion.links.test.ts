import { DiversionPath as P, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: string
let otherBoss: string
let a: number
let b: number
let theirs: number
let agentId: number

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  const other = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  otherBoss = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
  a = await ctx.linkAccount(tenant, '8613800000001')
  b = await ctx.linkAccount(tenant, '8613800000002')
  theirs = await ctx.linkAccount(other, '8613800000009')
  agentId = await ctx.user(tenant, Role.customerUser, 'agent-amy')
  await ctx.db.updateTable('ws_accounts').set({ agent_user_id: agentId }).where('id', '=', b).execute()
})
afterAll(() => ctx.close())

const create = (body: unknown, token = boss, lang = 'en') =>
  ctx.call('POST', P.create, { token, body, headers: { language: lang } })

describe('diversion links: refusals', () => {
  it('answers 401 without a token and 403 to an agent', async () => {
    expect(
      (await ctx.call('POST', P.create, { body: { name: 'x', accounts: [{ accountId: a }] } })).code,
    ).toBe(401)
    const agent = (await ctx.as(tenant, Role.customerUser, 'agent-x')).token
    expect((await create({ name: 'x', accounts: [{ accountId: a }] }, agent)).code).toBe(403)
  })

  it('says what is wrong with a bad body, in the caller’s language', async () => {
    expect(await create({ name: '  ', accounts: [{ accountId: a }] })).toMatchObject({
      code: 400,
      msg: 'Enter the link name',
    })
    expect(await create({ name: 'x'.repeat(51), accounts: [{ accountId: a }] })).toMatchObject({
      code: 400,
      msg: 'The link name is at most 50 characters',
    })
    expect(await create({ name: 'ads' })).toMatchObject({ code: 400, msg: 'Choose accounts or agents' })
    expect(await create({ name: 'ads', accounts: [{ accountId: a, dailyCap: -1 }] })).toMatchObject({
      code: 400,
      msg: 'The daily cap is a whole number from 0 to 100,000 (0 = no cap)',
    })
    expect(
      await create({ name: 'ads', accounts: [{ accountId: a }], greeting: 'g'.repeat(501) }, boss, 'zh'),
    ).toMatchObject({ code: 400, msg: '问候语最多500个字符' })
  })

  it("refuses another tenant's account, and an agent without accounts", async () => {
    expect((await create({ name: 'ads', accounts: [{ accountId: a }, { accountId: theirs }] })).code).toBe(
      3131,
    )
    const idle = await ctx.user(tenant, Role.customerUser, 'agent-idle')
    expect(await create({ name: 'ads', agentIds: [idle] })).toMatchObject({
      code: 3132,
      msg: 'A chosen agent has no accounts assigned',
    })
    expect((await ctx.db.selectFrom('diversion_links').select('id').execute()).length).toBe(0)
  })
})

describe('diversion links', () => {
  it('creates a link from accounts and an agent’s accounts, lists, edits, disables and deletes it', async () => {
    const made = await create({
      name: 'Facebook ads',
      greeting: 'Hello',
      accounts: [{ accountId: a, dailyCap: 5 }],
      agentIds: [agentId],
    })
    expect(made.code).toBe(0)
    const link = made.data as { id: number; code: string; accounts: unknown[]; enabled: boolean }
    expect(link).toMatchObject({
      name: 'Facebook ads',
      greeting: 'Hello',
      enabled: true,
      visits: 0,
      newFans: 0,
      accounts: [
        { accountId: a, phone: '8613800000001', dailyCap: 5 },
        { accountId: b, phone: '8613800000002', dailyCap: 0 },
      ],
    })
    expect(link.code).toMatch(/^[\w-]{8}$/)

    const page = await ctx.call('POST', P.page, { token: boss, body: {} })
    expect(page.data).toMatchObject({ total: 1, list: [{ id: link.id, name: 'Facebook ads' }] })
    expect((await ctx.call('POST', P.page, { token: otherBoss, body: {} })).data).toEqual({
      list: [],
      total: 0,
    })

    const edited = await ctx.call('PUT', P.update, {
      token: boss,
      body: { id: link.id, name: 'FB', accounts: [{ accountId: b, dailyCap: 3 }] },
    })
    expect(edited.data).toMatchObject({
      name: 'FB',
      greeting: '',
      accounts: [{ accountId: b, dailyCap: 3 }],
      code: link.code,
    })
    expect(
      (
        await ctx.call('PUT', P.update, {
          token: otherBoss,
          body: { id: link.id, name: 'x', accounts: [{ accountId: theirs }] },
        })
      ).code,
    ).toBe(404)

    expect(
      (await ctx.call('PUT', P.enable, { token: otherBoss, body: { id: link.id, enabled: false } })).code,
    ).toBe(404)
    expect(
      (await ctx.call('PUT', P.enable, { token: boss, body: { id: link.id, enabled: false } })).code,
    ).toBe(0)
    expect((await ctx.call('POST', P.page, { token: boss, body: {} })).data).toMatchObject({
      list: [{ enabled: false }],
    })

    const qr = await ctx.call('GET', P.qr, { token: boss, query: { id: String(link.id) } })
    expect((qr.data as { dataUrl: string }).dataUrl).toMatch(/^data:image\/png;base64,/)
    expect((await ctx.call('GET', P.qr, { token: otherBoss, query: { id: String(link.id) } })).code).toBe(404)
    expect((await ctx.call('GET', P.stats, { token: otherBoss, query: { id: String(link.id) } })).code).toBe(
      404,
    )

    expect(
      (await ctx.call('DELETE', P.remove, { token: otherBoss, query: { id: String(link.id) } })).code,
    ).toBe(404)
    expect((await ctx.call('DELETE', P.remove, { token: boss, query: { id: String(link.id) } })).code).toBe(0)
    expect((await ctx.call('POST', P.page, { token: boss, body: {} })).data).toEqual({ list: [], total: 0 })
  })
})

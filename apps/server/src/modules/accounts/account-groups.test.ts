import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let boss: string
let agent: string
let otherBoss: string
let tenant: number
const base = '/damai/customer/wsAccountGroup'

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  const other = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  agent = (await ctx.as(tenant, Role.customerUser, 'agent')).token
  otherBoss = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
})
afterAll(() => ctx.close())

const create = async (token: string, name: string) =>
  (await ctx.call('POST', base, { token, body: { name } })).data as { id: number }

describe('account groups', () => {
  it('answers 401 without a token and 403 for an agent', async () => {
    expect((await ctx.call('GET', `${base}/list`)).code).toBe(401)
    expect((await ctx.call('POST', base, { token: agent, body: { name: 'x' } })).code).toBe(403)
    expect((await ctx.call('DELETE', base, { token: agent, query: { id: '1' } })).code).toBe(403)
  })

  it.each([
    ['', '请输入分组名称'],
    ['has space', '分组名称不能包含空格'],
    ['x'.repeat(21), '分组名称最多20个字符'],
  ])('refuses the name %j with the shared rule', async (name, msg) => {
    const r = await ctx.call('POST', base, { token: boss, body: { name } })
    expect(r).toMatchObject({ code: 400, msg })
    expect((await ctx.call('GET', `${base}/list`, { token: boss })).data).toEqual({ list: [] })
  })

  it("answers not found for another tenant's group", async () => {
    const theirs = await create(otherBoss, 'Theirs')
    expect((await ctx.call('PUT', base, { token: boss, body: { id: theirs.id, name: 'Mine' } })).code).toBe(
      404,
    )
    expect((await ctx.call('DELETE', base, { token: boss, query: { id: String(theirs.id) } })).code).toBe(404)
    const list = (await ctx.call('GET', `${base}/list`, { token: otherBoss })).data as {
      list: { name: string }[]
    }
    expect(list.list.map((g) => g.name)).toEqual(['Theirs'])
  })

  it('keeps names unique within a tenant (not across tenants)', async () => {
    await create(boss, 'Theirs')
    const dup = await ctx.call('POST', base, { token: boss, body: { name: 'Theirs' } })
    expect(dup.code).toBe(ErrorCode.accountGroupNameTaken)
    const other = await create(boss, 'Other')
    expect((await ctx.call('PUT', base, { token: boss, body: { id: other.id, name: 'Theirs' } })).code).toBe(
      ErrorCode.accountGroupNameTaken,
    )
  })

  it('creates, renames, counts accounts, refuses to delete a non-empty group, deletes an empty one', async () => {
    const g = await create(boss, 'Sales')
    expect((await ctx.call('PUT', base, { token: boss, body: { id: g.id, name: 'Sales-EU' } })).code).toBe(0)
    const acc = await ctx.linkAccount(tenant, '8613800000001')
    await ctx.call('PUT', '/damai/customer/wsAccount/group', {
      token: boss,
      body: { ids: [acc], groupId: g.id },
    })
    const list = (await ctx.call('GET', `${base}/list`, { token: boss })).data as {
      list: { id: number; name: string; accountCount: number }[]
    }
    expect(list.list.find((x) => x.id === g.id)).toMatchObject({ name: 'Sales-EU', accountCount: 1 })

    const refused = await ctx.call('DELETE', base, {
      token: boss,
      query: { id: String(g.id) },
      headers: { language: 'en' },
    })
    expect(refused).toMatchObject({
      code: ErrorCode.accountGroupHasAccounts,
      msg: 'This group still has accounts and cannot be deleted',
    })

    await ctx.call('PUT', '/damai/customer/wsAccount/group', {
      token: boss,
      body: { ids: [acc], groupId: null },
    })
    expect((await ctx.call('DELETE', base, { token: boss, query: { id: String(g.id) } })).code).toBe(0)
    const after = (await ctx.call('GET', `${base}/list`, { token: boss })).data as { list: { id: number }[] }
    expect(after.list.some((x) => x.id === g.id)).toBe(false)
  })

  it('lets a group go when its only accounts were deleted', async () => {
    const g = await create(boss, 'Temp')
    const acc = await ctx.linkAccount(tenant, '8613800000002')
    await ctx.call('PUT', '/damai/customer/wsAccount/group', {
      token: boss,
      body: { ids: [acc], groupId: g.id },
    })
    await ctx.call('DELETE', '/damai/customer/wsAccount', { token: boss, query: { ids: String(acc) } })
    expect((await ctx.call('DELETE', base, { token: boss, query: { id: String(g.id) } })).code).toBe(0)
  })
})

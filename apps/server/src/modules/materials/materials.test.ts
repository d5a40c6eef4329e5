import { ErrorCode, type MaterialView, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agentA: Signed
let agentB: Signed
let lead: Signed
let rivalBoss: Signed
let rivalAgent: Signed
const base = '/damai/customer/material'
const groups = '/damai/customer/materialGroup'

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'agent-a')
  agentB = await ctx.as(tenant, Role.customerUser, 'agent-b')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
  rivalAgent = await ctx.as(rival, Role.customerUser, 'rival-agent')
})
afterAll(() => ctx.close())

type Body = Record<string, unknown>
const text = (name: string, t = 'hello', extra: Body = {}) => ({
  name,
  content: { type: 'text', text: t },
  ...extra,
})
const as = (who: Signed, actingAs?: number) => ({
  token: who.token,
  headers: actingAs ? { 'customer-user-id': String(actingAs) } : undefined,
})
async function create(who: Signed, ownerType: 1 | 2, body: Body, actingAs?: number): Promise<number> {
  const r = await ctx.call('POST', base, { ...as(who, actingAs), body: { ownerType, ...body } })
  if (r.code !== 0) throw new Error(`material: ${r.code} ${r.msg}`)
  return (r.data as { id: number }).id
}
async function page(who: Signed, body: Body, actingAs?: number) {
  const r = await ctx.call('POST', `${base}/page`, { ...as(who, actingAs), body })
  return r as { code: number; msg: string; data: { list: MaterialView[]; total: number } }
}
const names = async (who: Signed, body: Body, actingAs?: number) =>
  (await page(who, body, actingAs)).data.list.map((m) => m.name)

describe('material access', () => {
  it('answers 401 without a token and 403 for platform roles', async () => {
    expect((await ctx.call('POST', `${base}/page`, { body: { ownerType: 1 } })).code).toBe(401)
    const admin = await adminToken(ctx)
    expect((await ctx.call('POST', `${base}/page`, { token: admin, body: { ownerType: 1 } })).code).toBe(403)
    expect((await ctx.call('GET', `${groups}/list`, { token: admin, query: { ownerType: '1' } })).code).toBe(
      403,
    )
  })

  it('lets only the supervisor change the public library', async () => {
    const r = await ctx.call('POST', base, { token: agentA.token, body: { ownerType: 1, ...text('Hi') } })
    expect(r).toMatchObject({ code: 403, msg: '只有主管可以管理公共素材' })
    const g = await ctx.call('POST', groups, { token: lead.token, body: { ownerType: 1, name: 'Team' } })
    expect(g.code).toBe(403)
    // the team lead keeps no library at all: it reads the chat history and home only
    const own = await ctx.call('POST', groups, { token: lead.token, body: { ownerType: 2, name: 'Mine' } })
    expect(own.code).toBe(403)
    expect((await page(lead, { ownerType: 2 })).code).toBe(403)
    expect((await page(boss, { ownerType: 1 })).data.total).toBe(0)
  })
})

describe('material limits (spec §5)', () => {
  const content = (c: Body) => ({ name: 'M', content: c })
  it.each([
    ['name over 20', { name: 'x'.repeat(21), content: { type: 'text', text: 'a' } }, '素材名称最多20个字符'],
    ['empty name', { name: ' ', content: { type: 'text', text: 'a' } }, '请输入素材名称'],
    ['text over 1000', content({ type: 'text', text: 'x'.repeat(1001) }), '文本内容最多1000个字符'],
    ['empty text', content({ type: 'text', text: '' }), '请输入文本内容'],
    [
      'title over 100',
      content({ type: 'link', title: 'x'.repeat(101), link: 'https://a.io' }),
      '标题最多100个字符',
    ],
    [
      'link over 500',
      content({ type: 'link', title: 't', link: `https://a.io/${'x'.repeat(490)}` }),
      '链接最多500个字符',
    ],
    [
      'link not http',
      content({ type: 'link', title: 't', link: 'javascript:alert(1)' }),
      '请输入以 http:// 或 https:// 开头的链接',
    ],
    [
      'contact name over 20',
      content({ type: 'card', contactName: 'x'.repeat(21), contactPhone: '8613800138000' }),
      '联系人名称最多20个字符',
    ],
    [
      'contact phone of 7 digits',
      content({ type: 'card', contactName: 'Ann', contactPhone: '1234567' }),
      '联系人号码至少8位数字',
    ],
    [
      'contact phone with letters',
      content({ type: 'card', contactName: 'Ann', contactPhone: '12345678a' }),
      '联系人号码至少8位数字',
    ],
    ['latitude out of range', content({ type: 'location', latitude: 91, longitude: 0 }), '请选择有效的位置'],
    [
      'a nickname that is not a text',
      { usage: 'nickname', ...content({ type: 'location', latitude: 1, longitude: 1 }) },
      '昵称素材只能是文本，头像素材只能是图片',
    ],
    [
      'a nickname over 25',
      { usage: 'nickname', ...content({ type: 'text', text: 'x'.repeat(26) }) },
      '昵称最多25个字符',
    ],
  ])('refuses %s and stores nothing', async (_case, body, msg) => {
    const r = await ctx.call('POST', base, { token: boss.token, body: { ownerType: 2, ...body } })
    expect(r).toMatchObject({ code: 400, msg })
    expect((await page(boss, { ownerType: 2 })).data.total).toBe(0)
  })

  it('accepts every limit exactly', async () => {
    await create(boss, 2, { name: 'x'.repeat(20), content: { type: 'text', text: 'y'.repeat(1000) } })
    await create(boss, 2, {
      name: 'link',
      content: {
        type: 'link',
        title: 't'.repeat(100),
        link: `https://a.io/${'x'.repeat(487)}`,
        text: 'desc',
      },
    })
    await create(boss, 2, {
      name: 'card',
      content: { type: 'card', contactName: 'n'.repeat(20), contactPhone: '+86 1380013' },
    })
    await create(boss, 2, {
      name: 'nick',
      usage: 'nickname',
      content: { type: 'text', text: 'n'.repeat(25) },
    })
    expect((await page(boss, { ownerType: 2 })).data.total).toBe(4)
  })
})

describe('libraries', () => {
  it('keeps personal libraries apart: another agent gets not found and nothing changes', async () => {
    const mine = await create(agentA, 2, text('A-note'))
    expect(await names(agentA, { ownerType: 2 })).toEqual(['A-note'])
    expect(await names(agentB, { ownerType: 2 })).toEqual([])
    expect(
      (await ctx.call('GET', `${base}/get`, { token: agentB.token, query: { id: String(mine) } })).code,
    ).toBe(404)
    const put = await ctx.call('PUT', base, { token: agentB.token, body: { id: mine, ...text('Stolen') } })
    expect(put.code).toBe(404)
    expect(
      (
        await ctx.call('PUT', `${base}/enabled`, {
          token: agentB.token,
          body: { ids: [mine], enabled: false },
        })
      ).code,
    ).toBe(404)
    expect((await ctx.call('DELETE', base, { token: agentB.token, query: { ids: String(mine) } })).code).toBe(
      404,
    )
    const still = await ctx.call('GET', `${base}/get`, { token: agentA.token, query: { id: String(mine) } })
    expect(still.data).toMatchObject({
      name: 'A-note',
      enabled: true,
      ownerType: 2,
      ownerUserId: agentA.userId,
    })
  })

  it('shows agents only enabled public materials; the supervisor sees and changes all', async () => {
    const on = await create(boss, 1, text('Greeting'))
    const off = await create(boss, 1, text('Draft', 'wip', { enabled: false }))
    expect(await names(agentA, { ownerType: 1 })).toEqual(['Greeting'])
    expect((await names(boss, { ownerType: 1 })).sort()).toEqual(['Draft', 'Greeting'])
    const agentView = (await page(agentA, { ownerType: 1 })).data.list[0]
    expect(agentView.can).toEqual({ edit: false, delete: false })
    const r = await ctx.call('PUT', base, { token: agentA.token, body: { id: on, ...text('Changed') } })
    expect(r.code).toBe(403)
    const del = await ctx.call('DELETE', base, { token: agentA.token, query: { ids: `${on}` } })
    expect(del.code).toBe(403)
    expect(
      (await ctx.call('PUT', `${base}/enabled`, { token: boss.token, body: { ids: [off], enabled: true } }))
        .code,
    ).toBe(0)
    expect((await names(agentA, { ownerType: 1 })).sort()).toEqual(['Draft', 'Greeting'])
  })

  it('a batch with one id the caller may not touch changes nothing', async () => {
    const a1 = await create(agentA, 2, text('A-1'))
    const b1 = await create(agentB, 2, text('B-1'))
    const r = await ctx.call('DELETE', base, { token: agentA.token, query: { ids: `${a1},${b1}` } })
    expect(r.code).toBe(404)
    expect(await names(agentA, { ownerType: 2 })).toContain('A-1')
    expect((await ctx.call('DELETE', base, { token: agentA.token, query: { ids: `${a1}` } })).code).toBe(0)
    expect(await names(agentA, { ownerType: 2 })).not.toContain('A-1')
  })

  it('filters a page by usage, type, group, enabled and name (ignoring case)', async () => {
    const g = (await ctx.call('POST', groups, { token: agentB.token, body: { ownerType: 2, name: 'Promo' } }))
      .data as {
      id: number
    }
    await create(agentB, 2, text('Price-list', 'p', { groupId: g.id }))
    await create(agentB, 2, {
      name: 'Office',
      content: { type: 'location', latitude: 31.2, longitude: 121.5 },
    })
    await create(agentB, 2, text('old-price', 'o', { enabled: false }))
    await create(agentB, 2, { name: 'Me', usage: 'nickname', content: { type: 'text', text: 'Mia' } })
    expect(await names(agentB, { ownerType: 2, type: 'location' })).toEqual(['Office'])
    expect(await names(agentB, { ownerType: 2, groupId: g.id })).toEqual(['Price-list'])
    expect(await names(agentB, { ownerType: 2, enabled: false })).toEqual(['old-price'])
    expect(await names(agentB, { ownerType: 2, name: 'PRICE' })).toEqual(['old-price', 'Price-list'])
    expect(await names(agentB, { ownerType: 2, usage: 'nickname' })).toEqual(['Me'])
    const counts = await ctx.call('GET', `${base}/typeCounts`, {
      token: agentB.token,
      query: { ownerType: '2', usage: 'message' },
    })
    const byType = Object.fromEntries(
      (counts.data as { list: { type: string; count: number }[] }).list.map((c) => [c.type, c.count]),
    )
    expect(byType).toMatchObject({ text: 3, location: 1, image: 0, card: 0 })
    const view = (await page(agentB, { ownerType: 2, groupId: g.id })).data.list[0]
    expect(view).toMatchObject({
      groupId: g.id,
      groupName: 'Promo',
      content: { type: 'text', text: 'p' },
      can: { edit: true },
    })
  })
})

describe('a supervisor at the desk as an agent (customer-user-id)', () => {
  it("reads and writes that agent's personal library", async () => {
    await create(agentA, 2, text('A-own'))
    expect(await names(boss, { ownerType: 2 }, agentA.userId)).toContain('A-own')
    expect(await names(boss, { ownerType: 2 })).not.toContain('A-own')
    await create(boss, 2, text('By-boss'), agentA.userId)
    expect(await names(agentA, { ownerType: 2 })).toContain('By-boss')
    const g = await ctx.call('GET', `${groups}/list`, {
      ...as(boss, agentB.userId),
      query: { ownerType: '2' },
    })
    expect((g.data as { list: { name: string }[] }).list.map((x) => x.name)).toEqual(['Promo'])
  })

  it('refuses a header naming no agent of the tenant', async () => {
    for (const id of [rivalAgent.userId, lead.userId, rivalBoss.userId, 999_999]) {
      const r = await page(boss, { ownerType: 2 }, id)
      expect(r.code).toBe(403)
    }
    const r = await ctx.call('POST', `${base}/page`, {
      token: boss.token,
      headers: { 'customer-user-id': 'abc', language: 'en' },
      body: { ownerType: 2 },
    })
    expect(r).toMatchObject({
      code: 403,
      msg: 'You can act only as a customer-service agent of your company',
    })
  })

  it('ignores the header from an agent: they keep their own library', async () => {
    expect(await names(agentB, { ownerType: 2 }, agentA.userId)).not.toContain('A-own')
  })
})

describe('material groups', () => {
  it('names are unique per library ignoring case, with the shared group-name rule', async () => {
    const mk = (who: Signed, ownerType: number, name: string) =>
      ctx.call('POST', groups, { token: who.token, body: { ownerType, name } })
    expect((await mk(boss, 1, 'Welcome')).code).toBe(0)
    expect((await mk(boss, 1, 'welcome')).code).toBe(ErrorCode.materialGroupNameTaken)
    expect((await mk(agentA, 2, 'Welcome')).code).toBe(0)
    expect((await mk(rivalBoss, 1, 'Welcome')).code).toBe(0)
    expect(await mk(boss, 1, 'two words')).toMatchObject({ code: 400, msg: '分组名称不能包含空格' })
    expect(await mk(boss, 1, 'x'.repeat(21))).toMatchObject({ code: 400, msg: '分组名称最多20个字符' })
  })

  it("refuses a group of another library, and another tenant's group", async () => {
    const list = await ctx.call('GET', `${groups}/list`, { token: agentA.token, query: { ownerType: '2' } })
    const personal = (list.data as { list: { id: number }[] }).list[0].id
    const r = await ctx.call('POST', base, {
      token: boss.token,
      body: { ownerType: 1, ...text('X', 'x', { groupId: personal }) },
    })
    expect(r.code).toBe(ErrorCode.materialGroupMismatch)
    const theirs = (
      await ctx.call('GET', `${groups}/list`, { token: rivalBoss.token, query: { ownerType: '1' } })
    ).data as {
      list: { id: number }[]
    }
    const r2 = await ctx.call('POST', base, {
      token: boss.token,
      body: { ownerType: 1, ...text('X', 'x', { groupId: theirs.list[0].id }) },
    })
    expect(r2.code).toBe(404)
    expect(
      (await ctx.call('PUT', groups, { token: boss.token, body: { id: theirs.list[0].id, name: 'Mine' } }))
        .code,
    ).toBe(404)
    expect(
      (await ctx.call('DELETE', groups, { token: boss.token, query: { id: String(theirs.list[0].id) } }))
        .code,
    ).toBe(404)
    expect(
      (await ctx.call('DELETE', groups, { token: agentB.token, query: { id: String(personal) } })).code,
    ).toBe(404)
  })

  it('a group with materials cannot be deleted; an empty one can', async () => {
    const g = (await ctx.call('POST', groups, { token: boss.token, body: { ownerType: 1, name: 'Temp' } }))
      .data as { id: number }
    const m = await create(boss, 1, text('In-temp', 't', { groupId: g.id }))
    const listed = await ctx.call('GET', `${groups}/list`, { token: boss.token, query: { ownerType: '1' } })
    expect(
      (listed.data as { list: { id: number; materialCount: number }[] }).list.find((x) => x.id === g.id)
        ?.materialCount,
    ).toBe(1)
    const refused = await ctx.call('DELETE', groups, {
      token: boss.token,
      query: { id: String(g.id) },
      headers: { language: 'en' },
    })
    expect(refused).toMatchObject({
      code: ErrorCode.materialGroupHasMaterials,
      msg: 'This group still has materials and cannot be deleted',
    })
    await ctx.call('PUT', base, {
      token: boss.token,
      body: { id: m, ...text('In-temp', 't', { groupId: null }) },
    })
    expect((await ctx.call('DELETE', groups, { token: boss.token, query: { id: String(g.id) } })).code).toBe(
      0,
    )
  })
})

describe('tenant isolation', () => {
  it("answers not found for another tenant's material on every route and leaves it", async () => {
    const theirs = await create(rivalBoss, 1, text('Theirs'))
    const q = { id: String(theirs) }
    expect((await ctx.call('GET', `${base}/get`, { token: boss.token, query: q })).code).toBe(404)
    expect((await ctx.call('GET', `${base}/file`, { token: boss.token, query: q })).code).toBe(404)
    expect(
      (await ctx.call('PUT', base, { token: boss.token, body: { id: theirs, ...text('Mine') } })).code,
    ).toBe(404)
    expect(
      (
        await ctx.call('PUT', `${base}/enabled`, {
          token: boss.token,
          body: { ids: [theirs], enabled: false },
        })
      ).code,
    ).toBe(404)
    expect((await ctx.call('DELETE', base, { token: boss.token, query: { ids: String(theirs) } })).code).toBe(
      404,
    )
    expect(await names(boss, { ownerType: 1 })).not.toContain('Theirs')
    const still = await ctx.call('GET', `${base}/get`, { token: rivalBoss.token, query: q })
    expect(still.data).toMatchObject({ name: 'Theirs', enabled: true })
  })
})

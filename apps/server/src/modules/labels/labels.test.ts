import { ErrorCode, type LabelView, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type TestContext } from '../../test/harness.js'
import { seedAccount, seedFan } from './labels.fixtures.js'

let ctx: TestContext
let tenant: number
let boss: string
let lead: string
let rivalBoss: string
const base = '/damai/customer/label'

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  lead = (await ctx.as(tenant, Role.customerUserLeader, 'lead')).token
  rivalBoss = (await ctx.as(rival, Role.customerMaster, 'rival-boss')).token
})
afterAll(() => ctx.close())

const create = async (token: string, name: string) => {
  const r = await ctx.call('POST', base, { token, body: { name } })
  if (r.code !== 0) throw new Error(`label ${name}: ${r.code} ${r.msg}`)
  return (r.data as { id: number }).id
}
const all = async (token: string) =>
  ((await ctx.call('GET', `${base}/list`, { token })).data as { list: LabelView[] }).list
const fanLabels = async (token: string, fanId: number) =>
  (await ctx.call('GET', `${base}/fan`, { token, query: { fanId: String(fanId) } })) as {
    code: number
    data: { list: { id: number; name: string }[] } | null
  }
const links = () => ctx.db.selectFrom('fan_labels').select(['fan_id', 'label_id']).orderBy('fan_id').execute()

describe('label access', () => {
  it('answers 401 without a token and 403 to roles without the desk, the team lead too', async () => {
    expect((await ctx.call('GET', `${base}/list`)).code).toBe(401)
    expect((await ctx.call('POST', base, { token: lead, body: { name: 'vip' } })).code).toBe(403)
    expect(
      (await ctx.call('POST', `${base}/fan/add`, { token: lead, body: { fanIds: [1], labelIds: [1] } })).code,
    ).toBe(403)
    const admin = await adminToken(ctx)
    expect((await ctx.call('GET', `${base}/list`, { token: admin })).code).toBe(403)
    expect((await ctx.call('GET', `${base}/list`, { token: lead })).code).toBe(403)
  })
})

describe('label names', () => {
  it.each([
    ['', '请输入标签名称'],
    ['has space', '标签名称不能包含空格'],
    ['tab\tname', '标签名称不能包含空格'],
    ['x', '标签名称长度为2-20个字符'],
    ['x'.repeat(21), '标签名称长度为2-20个字符'],
  ])('refuses %j with the shared rule and creates nothing', async (name, msg) => {
    const r = await ctx.call('POST', base, { token: boss, body: { name } })
    expect(r).toMatchObject({ code: 400, msg })
    expect(await all(boss)).toEqual([])
  })

  it('answers in English when asked', async () => {
    const r = await ctx.call('POST', base, {
      token: boss,
      body: { name: 'a b' },
      headers: { language: 'en' },
    })
    expect(r).toMatchObject({ code: 400, msg: 'The label name must not contain spaces' })
  })

  it('keeps names unique per tenant ignoring case, on create and rename', async () => {
    const vip = await create(boss, 'VIP')
    expect((await ctx.call('POST', base, { token: boss, body: { name: 'vip' } })).code).toBe(
      ErrorCode.labelNameTaken,
    )
    const other = await create(boss, 'Lead-2024')
    const clash = await ctx.call('PUT', base, { token: boss, body: { id: other, name: 'Vip' } })
    expect(clash.code).toBe(ErrorCode.labelNameTaken)
    // a label may change the case of its own name
    expect((await ctx.call('PUT', base, { token: boss, body: { id: vip, name: 'vip' } })).code).toBe(0)
    // another tenant may use the same name
    expect((await ctx.call('POST', base, { token: rivalBoss, body: { name: 'VIP' } })).code).toBe(0)
    const names = (await all(boss)).map((l) => l.name).sort()
    expect(names).toEqual(['Lead-2024', 'vip'])
  })

  it('pages newest first with a case-insensitive search and a literal %', async () => {
    await create(boss, 'Hot_100%')
    await create(boss, 'hotline')
    const page = await ctx.call('POST', `${base}/page`, {
      token: boss,
      body: { pageNo: 1, pageSize: 10, name: 'HOT' },
    })
    expect(page.data).toMatchObject({ total: 2, list: [{ name: 'hotline' }, { name: 'Hot_100%' }] })
    const pct = await ctx.call('POST', `${base}/page`, { token: boss, body: { name: '0%' } })
    expect((pct.data as { list: LabelView[] }).list.map((l) => l.name)).toEqual(['Hot_100%'])
    const second = await ctx.call('POST', `${base}/page`, { token: boss, body: { pageNo: 2, pageSize: 1 } })
    expect(second.data).toMatchObject({ total: 4, list: [{ name: 'Hot_100%' }] })
  })
})

describe('labels on fans', () => {
  let account: number
  let fans: number[]
  let rivalFan: number
  let a: number
  let b: number

  beforeAll(async () => {
    account = await seedAccount(ctx.db, tenant)
    fans = []
    for (let i = 0; i < 3; i++) fans.push((await seedFan(ctx.db, tenant, account)).fanId)
    const rival = (
      await ctx.db.selectFrom('tenants').select('id').where('account', '=', 'rival').executeTakeFirstOrThrow()
    ).id
    rivalFan = (await seedFan(ctx.db, rival, await seedAccount(ctx.db, rival))).fanId
    a = await create(boss, 'Alpha')
    b = await create(boss, 'Beta')
  })

  it('labels fans in a batch, counts them, and adding twice changes nothing', async () => {
    const r = await ctx.call('POST', `${base}/fan/add`, {
      token: boss,
      body: { fanIds: fans, labelIds: [a, b] },
    })
    expect(r).toMatchObject({ code: 0, data: { changed: 6 } })
    const again = await ctx.call('POST', `${base}/fan/add`, {
      token: boss,
      body: { fanIds: [fans[0]], labelIds: [a] },
    })
    expect(again.data).toEqual({ changed: 0 })
    const counts = Object.fromEntries((await all(boss)).map((l) => [l.name, l.fanCount]))
    expect(counts).toMatchObject({ Alpha: 3, Beta: 3, vip: 0 })
    expect((await fanLabels(boss, fans[0])).data?.list.map((l) => l.name).sort()).toEqual(['Alpha', 'Beta'])
    expect((await fanLabels(lead, fans[0])).code).toBe(403)
  })

  it('removes labels from fans and sets one fan exactly', async () => {
    const off = await ctx.call('POST', `${base}/fan/remove`, {
      token: boss,
      body: { fanIds: [fans[1]], labelIds: [b] },
    })
    expect(off.data).toEqual({ changed: 1 })
    const set = await ctx.call('PUT', `${base}/fan`, { token: boss, body: { fanId: fans[2], labelIds: [b] } })
    expect(set.data).toEqual({ changed: 1 })
    expect((await fanLabels(boss, fans[2])).data?.list.map((l) => l.name)).toEqual(['Beta'])
    const clear = await ctx.call('PUT', `${base}/fan`, {
      token: boss,
      body: { fanId: fans[2], labelIds: [] },
    })
    expect(clear.data).toEqual({ changed: 1 })
    expect((await fanLabels(boss, fans[2])).data?.list).toEqual([])
  })

  it("refuses a batch holding another tenant's fan or label, and changes nothing", async () => {
    const before = await links()
    const withRivalFan = await ctx.call('POST', `${base}/fan/add`, {
      token: boss,
      body: { fanIds: [fans[2], rivalFan], labelIds: [a] },
    })
    expect(withRivalFan.code).toBe(404)
    const rivalLabel = await create(rivalBoss, 'Theirs')
    const withRivalLabel = await ctx.call('POST', `${base}/fan/add`, {
      token: boss,
      body: { fanIds: [fans[2]], labelIds: [a, rivalLabel] },
    })
    expect(withRivalLabel.code).toBe(404)
    expect(
      (await ctx.call('PUT', `${base}/fan`, { token: boss, body: { fanId: rivalFan, labelIds: [] } })).code,
    ).toBe(404)
    expect((await fanLabels(boss, rivalFan)).code).toBe(404)
    const rivalAdd = await ctx.call('POST', `${base}/fan/add`, {
      token: rivalBoss,
      body: { fanIds: [fans[0]], labelIds: [rivalLabel] },
    })
    expect(rivalAdd.code).toBe(404)
    expect(await links()).toEqual(before)
  })

  it('refuses a batch over the limit with a clear message', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => i + 1)
    const r = await ctx.call('POST', `${base}/fan/add`, { token: boss, body: { fanIds: ids, labelIds: [a] } })
    expect(r).toMatchObject({ code: 400, msg: '内容过长' })
  })

  it('deleting a label takes it off every fan', async () => {
    const r = await ctx.call('DELETE', base, { token: boss, query: { id: String(a) } })
    expect(r).toMatchObject({ code: 0, data: { unlinkedFans: 2 } })
    expect((await links()).some((l) => l.label_id === a)).toBe(false)
    expect((await all(boss)).some((l) => l.id === a)).toBe(false)
    expect((await fanLabels(boss, fans[0])).data?.list.map((l) => l.name)).toEqual(['Beta'])
  })

  it("answers not found for another tenant's label on rename and delete, and leaves it", async () => {
    const theirs = (await all(rivalBoss)).find((l) => l.name === 'VIP')
    expect(theirs).toBeDefined()
    const id = theirs?.id as number
    expect((await ctx.call('PUT', base, { token: boss, body: { id, name: 'Mine' } })).code).toBe(404)
    expect((await ctx.call('DELETE', base, { token: boss, query: { id: String(id) } })).code).toBe(404)
    expect((await all(rivalBoss)).find((l) => l.id === id)?.name).toBe('VIP')
    expect((await all(boss)).some((l) => l.id === id)).toBe(false)
  })
})

describe('an agent labels only fans of their sessions', () => {
  it('allows their sessions, refuses others whole, follows migration and account assignment', async () => {
    const agent = await ctx.as(tenant, Role.customerUser, 'agent-1')
    const other = await ctx.as(tenant, Role.customerUser, 'agent-2')
    const theirs = await seedAccount(ctx.db, tenant, agent.userId)
    const notTheirs = await seedAccount(ctx.db, tenant, other.userId)
    const own = (await seedFan(ctx.db, tenant, theirs)).fanId
    const migratedAway = (await seedFan(ctx.db, tenant, theirs, { sessionAgent: other.userId })).fanId
    const migratedIn = (await seedFan(ctx.db, tenant, notTheirs, { sessionAgent: agent.userId })).fanId
    const foreign = (await seedFan(ctx.db, tenant, notTheirs)).fanId
    const noSession = (await seedFan(ctx.db, tenant, theirs, { session: false })).fanId
    const label = await create(agent.token, 'Agent-made')

    const ok = await ctx.call('POST', `${base}/fan/add`, {
      token: agent.token,
      body: { fanIds: [own, migratedIn, noSession], labelIds: [label] },
    })
    expect(ok).toMatchObject({ code: 0, data: { changed: 3 } })

    for (const fanId of [migratedAway, foreign]) {
      const r = await ctx.call('POST', `${base}/fan/add`, {
        token: agent.token,
        body: { fanIds: [own, fanId], labelIds: [label] },
        headers: { language: 'en' },
      })
      expect(r).toMatchObject({
        code: ErrorCode.fanNotAccessible,
        msg: 'You can only label customers of your own sessions',
      })
      expect((await fanLabels(agent.token, fanId)).code).toBe(ErrorCode.fanNotAccessible)
    }
    const count = (await all(boss)).find((l) => l.id === label)?.fanCount
    expect(count).toBe(3)
    // the supervisor may label any fan of the tenant
    const byBoss = await ctx.call('POST', `${base}/fan/add`, {
      token: boss,
      body: { fanIds: [foreign], labelIds: [label] },
    })
    expect(byBoss.data).toEqual({ changed: 1 })
  })
})

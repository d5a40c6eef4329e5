import { type HistorySearchPage, ChatHistoryPath as P, Role } from '@app/core'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import {
  customerWrites,
  type HistoryTenant,
  historyTenant,
  sessionOf,
  storeMessages,
} from './history.fixtures.js'

let ctx: TestContext
let a: HistoryTenant
let b: HistoryTenant
/** customers of the first tenant, and the other tenant's */
const ALICE = '447700100001'
const WANG = '447700100002'
const CAROL = '447700100003'
const BOB = '447700200001'
let agent2: Signed
const T0 = Date.now() - 10 * 86_400_000
const stored: Record<string, number> = {}

const search = (who: Signed | null, body: Record<string, unknown> = {}) =>
  ctx.call('POST', P.search, { token: who?.token, body })
const hitsOf = (r: { data: unknown }) => (r.data as HistorySearchPage).list
const bodies = (r: { data: unknown }) => hitsOf(r).map((h) => h.body)

beforeAll(async () => {
  ctx = await createTestContext()
  a = await historyTenant(ctx, 'acme', 1)
  b = await historyTenant(ctx, 'other', 2)
  agent2 = await ctx.as(a.tenantId, Role.customerUser, 'acme-agent2')
  const alice = await customerWrites(ctx, a, ALICE, 'Alice Zhang', 0, 'Hello, is the Blue Widget available?')
  const wang = await customerWrites(ctx, a, WANG, '王小明', 1, '价格多少？我想买蓝色的小部件')
  ctx.sim.network.addPhone(CAROL, { name: 'Carol' })
  ctx.sim.network.customerSend(CAROL, a.shops[0], {
    kind: 'document',
    data: Buffer.from('%PDF-1.4\ninvoice\n%%EOF\n'),
    mimetype: 'application/pdf',
    fileName: 'Invoice-7781.pdf',
  })
  await ctx.sim.settle(100)
  const carol = await sessionOf(ctx, CAROL)
  a.sessions.set(CAROL, carol)
  // Carol's chat was migrated to the second agent: the first agent no longer serves it
  await ctx.db.updateTable('sessions').set({ agent_user_id: agent2.userId }).where('id', '=', carol).execute()
  await customerWrites(ctx, b, BOB, 'Bob Other', 0, 'Blue Widget from the other tenant 价格多少')

  const [reply, stock, photo, percent, reaction] = await storeMessages(ctx, [
    {
      tenantId: a.tenantId,
      accountId: a.accounts[0],
      sessionId: alice,
      body: 'Yes, the BLUE widget ships tomorrow',
      timestamp: T0 + 1_000,
      fromMe: true,
      requestedBy: a.agent.userId,
    },
    {
      tenantId: a.tenantId,
      accountId: a.accounts[1],
      sessionId: wang,
      body: '蓝色小部件现在有货',
      timestamp: T0 + 2_000,
      fromMe: true,
      requestedBy: a.boss.userId,
    },
    {
      tenantId: a.tenantId,
      accountId: a.accounts[1],
      sessionId: wang,
      body: 'widget photo',
      type: 'image',
      meta: { width: 10, height: 10 },
      timestamp: T0 + 3_000,
    },
    {
      tenantId: a.tenantId,
      accountId: a.accounts[0],
      sessionId: alice,
      body: '50% off_today',
      timestamp: T0 + 4_000,
      fromMe: true,
    },
    {
      tenantId: a.tenantId,
      accountId: a.accounts[0],
      sessionId: alice,
      body: 'widget 👍',
      type: 'reaction',
      timestamp: T0 + 5_000,
    },
  ])
  Object.assign(stored, { reply, stock, photo, percent, reaction })
})
afterAll(() => ctx.close())

describe('who may search', () => {
  it('answers 401 without a token, refuses an agent (403) and a bad body (400)', async () => {
    expect((await search(null)).code).toBe(401)
    expect((await search(a.agent)).code).toBe(403)
    expect((await ctx.call('POST', P.export, { token: a.agent.token, body: {} })).code).toBe(403)
    expect((await ctx.call('GET', P.options, { token: a.agent.token })).code).toBe(403)
    const conv = { messageId: stored.reply as number }
    expect((await ctx.call('POST', P.conversation, { token: a.agent.token, body: conv })).code).toBe(403)
    for (const body of [
      { pageSize: 0 },
      { pageSize: 101 },
      { keyword: 'two\nlines' },
      { keyword: 'x'.repeat(101) },
      { cursor: 'abc' },
      { types: ['reaction'] },
      { direction: 'sideways' },
      { accountIds: [0] },
    ])
      expect((await search(a.boss, body)).code, JSON.stringify(body)).toBe(400)
  })

  it('refuses a range that ends before it starts', async () => {
    const r = await search(a.boss, { from: T0 + 10, to: T0 })
    expect(r.code).toBe(2751)
    expect(r.msg).toBe('开始时间不能晚于结束时间')
  })

  it('lets the supervisor and the team lead read the whole tenant, never another tenant', async () => {
    for (const who of [a.boss, a.lead]) {
      const r = await search(who, { pageSize: 100 })
      expect(r.code).toBe(0)
      const list = hitsOf(r)
      expect(list.length).toBe(7)
      expect(list.map((h) => h.body)).not.toContain('Blue Widget from the other tenant 价格多少')
      // never a reaction: it belongs to the message it reacts to
      expect(list.map((h) => h.id)).not.toContain(stored.reaction)
    }
    expect(bodies(await search(b.boss, { pageSize: 100 }))).toEqual([
      'Blue Widget from the other tenant 价格多少',
    ])
  })

  it("gives nothing for another tenant's accounts, sessions and agents as filters", async () => {
    for (const body of [
      { accountIds: [b.accounts[0]] },
      { sessionId: b.sessions.get(BOB) },
      { agentId: b.agent.userId },
      { accountIds: [b.accounts[0]], keyword: 'widget' },
      { sessionId: b.sessions.get(BOB), keyword: '价格' },
    ]) {
      const r = await search(a.boss, body)
      expect(r.code, JSON.stringify(body)).toBe(0)
      expect(hitsOf(r), JSON.stringify(body)).toEqual([])
    }
    const foreign = b.sessions.get(BOB) as number
    const bobMessage = await ctx.db
      .selectFrom('messages')
      .select('id')
      .where('session_id', '=', foreign)
      .executeTakeFirstOrThrow()
    const r = await ctx.call('POST', P.conversation, {
      token: a.boss.token,
      body: { messageId: bobMessage.id },
    })
    expect(r.code).toBe(404)
    const reaction = await ctx.call('POST', P.conversation, {
      token: a.boss.token,
      body: { messageId: stored.reaction },
    })
    expect(reaction.code).toBe(404)
  })
})

describe('filters', () => {
  it('by WS account, conversation and direction', async () => {
    const second = await search(a.boss, { accountIds: [a.accounts[1]] })
    expect(bodies(second)).toEqual(['价格多少？我想买蓝色的小部件', 'widget photo', '蓝色小部件现在有货'])
    const alice = await search(a.boss, { sessionId: a.sessions.get(ALICE), direction: 'out' })
    expect(bodies(alice)).toEqual(['50% off_today', 'Yes, the BLUE widget ships tomorrow'])
    const incoming = await search(a.boss, { direction: 'in', accountIds: a.accounts })
    expect(hitsOf(incoming).every((h) => !h.fromMe)).toBe(true)
    expect(hitsOf(incoming).length).toBe(4)
  })

  it('by customer: part of the phone, the name, or the number typed with its signs', async () => {
    const byPhone = await search(a.boss, { customer: '0100002' })
    expect(new Set(hitsOf(byPhone).map((h) => h.customer.phone))).toEqual(new Set([WANG]))
    const byName = await search(a.boss, { customer: 'alice zh' })
    expect(bodies(byName)).toContain('Hello, is the Blue Widget available?')
    expect(new Set(hitsOf(byName).map((h) => h.customer.name))).toEqual(new Set(['Alice Zhang']))
    const typed = await search(a.boss, { customer: '+44 7700-100001' })
    expect(hitsOf(typed).length).toBe(3)
    expect((await search(a.boss, { customer: 'nobody at all' })).data).toMatchObject({ list: [] })
  })

  it('by agent: the conversations they serve (their account unless migrated away, or migrated to them)', async () => {
    const first = await search(a.boss, { agentId: a.agent.userId })
    expect(new Set(hitsOf(first).map((h) => h.customer.phone))).toEqual(new Set([ALICE]))
    expect(hitsOf(first).every((h) => h.agent?.id === a.agent.userId)).toBe(true)
    const second = await search(a.boss, { agentId: agent2.userId })
    expect(hitsOf(second).map((h) => h.fileName)).toEqual(['Invoice-7781.pdf'])
  })

  it('by message type and time range [from, to)', async () => {
    expect(bodies(await search(a.boss, { types: ['image'] }))).toEqual(['widget photo'])
    expect(hitsOf(await search(a.boss, { types: ['document'] }))[0]).toMatchObject({
      type: 'document',
      fileName: 'Invoice-7781.pdf',
      customer: { phone: CAROL, name: 'Carol' },
    })
    const range = await search(a.boss, { from: T0 + 1_000, to: T0 + 3_000 })
    expect(bodies(range)).toEqual(['蓝色小部件现在有货', 'Yes, the BLUE widget ships tomorrow'])
  })

  it('names each hit with its session, account, customer, agent and sender', async () => {
    const [hit] = hitsOf(await search(a.boss, { keyword: 'ships tomorrow' }))
    expect(hit).toMatchObject({
      id: stored.reply,
      sessionId: a.sessions.get(ALICE),
      sessionType: 'personal',
      account: { id: a.accounts[0], phone: a.shops[0], deleted: false },
      customer: { phone: ALICE, name: 'Alice Zhang' },
      agent: { id: a.agent.userId, name: 'acme-agent' },
      fromMe: true,
      sentBy: { id: a.agent.userId, name: 'acme-agent' },
      status: 'sent',
      timestamp: T0 + 1_000,
    })
  })
})

describe('keyword', () => {
  it('matches Latin text ignoring case, a word inside a longer one, and file names', async () => {
    expect(bodies(await search(a.boss, { keyword: 'blue WIDGET' })).sort()).toEqual([
      'Hello, is the Blue Widget available?',
      'Yes, the BLUE widget ships tomorrow',
    ])
    expect(bodies(await search(a.boss, { keyword: 'idge' })).length).toBe(3)
    expect(hitsOf(await search(a.boss, { keyword: 'invoice-77' })).map((h) => h.fileName)).toEqual([
      'Invoice-7781.pdf',
    ])
    expect(hitsOf(await search(a.boss, { keyword: 'no such words here' }))).toEqual([])
  })

  it('matches Chinese, three characters and more through the index', async () => {
    expect(bodies(await search(a.boss, { keyword: '价格多少' }))).toEqual(['价格多少？我想买蓝色的小部件'])
    expect(bodies(await search(a.boss, { keyword: '小部件' }))).toEqual([
      '价格多少？我想买蓝色的小部件',
      '蓝色小部件现在有货',
    ])
  })

  it('finds a keyword of one or two characters by a bounded scan, within the other filters', async () => {
    const r = await search(a.boss, { keyword: '蓝色' })
    expect(bodies(r)).toEqual(['价格多少？我想买蓝色的小部件', '蓝色小部件现在有货'])
    expect(r.data).toMatchObject({ scanLimited: false, scannedUntil: null, nextCursor: null })
    expect(bodies(await search(a.boss, { keyword: '货', accountIds: [a.accounts[1]] }))).toEqual([
      '蓝色小部件现在有货',
    ])
    expect(bodies(await search(a.boss, { keyword: '%' }))).toEqual(['50% off_today'])
  })

  it('ignores case beyond ASCII, with long and short keywords', async () => {
    await storeMessages(ctx, [
      {
        tenantId: a.tenantId,
        accountId: a.accounts[1],
        sessionId: a.sessions.get(WANG) as number,
        body: 'ÄPFEL und Birnen',
        timestamp: T0 - 5_000,
      },
      {
        tenantId: a.tenantId,
        accountId: a.accounts[1],
        sessionId: a.sessions.get(WANG) as number,
        body: 'ПРИВЕТ, мир',
        timestamp: T0 - 6_000,
      },
    ])
    // SQLite folds as Unicode does (the index, or the scan here); PostgreSQL lowers by the
    // database's locale, and one whose character type is C folds ASCII letters only
    const folded = await sql<{ l: string }>`select lower('ÄД') as l`.execute(ctx.db)
    const foldsAll = process.env.TEST_DIALECT !== 'postgres' || folded.rows[0]?.l === 'äд'
    for (const keyword of foldsAll ? ['äpfel', 'Äp', 'äP'] : ['ÄPFEL', 'ÄP'])
      expect(bodies(await search(a.boss, { keyword })), keyword).toEqual(['ÄPFEL und Birnen'])
    for (const keyword of foldsAll ? ['привет', 'пр', 'МИР'] : ['ПРИВЕТ', 'ПР', 'мир'])
      expect(bodies(await search(a.boss, { keyword })), keyword).toEqual(['ПРИВЕТ, мир'])
  })

  it('takes LIKE and full-text operators literally', async () => {
    expect(bodies(await search(a.boss, { keyword: '0% off_' }))).toEqual(['50% off_today'])
    expect(hitsOf(await search(a.boss, { keyword: 'off%today' }))).toEqual([])
    expect(hitsOf(await search(a.boss, { keyword: '"blue" OR widget*' }))).toEqual([])
  })

  it('follows changes of the text and deletions', async () => {
    const [id] = await storeMessages(ctx, [
      {
        tenantId: a.tenantId,
        accountId: a.accounts[0],
        sessionId: a.sessions.get(ALICE) as number,
        body: 'draft quokka',
        timestamp: T0 - 1_000,
      },
    ])
    expect(bodies(await search(a.boss, { keyword: 'quokka' }))).toEqual(['draft quokka'])
    await ctx.db
      .updateTable('messages')
      .set({ body: 'edited wombat' })
      .where('id', '=', id as number)
      .execute()
    expect(hitsOf(await search(a.boss, { keyword: 'quokka' }))).toEqual([])
    expect(bodies(await search(a.boss, { keyword: 'wombat' }))).toEqual(['edited wombat'])
    await ctx.db
      .updateTable('messages')
      .set({ status: 'withdrawn' })
      .where('id', '=', id as number)
      .execute()
    expect(hitsOf(await search(a.boss, { keyword: 'wombat' }))[0]?.status).toBe('withdrawn')
    await ctx.db
      .deleteFrom('messages')
      .where('id', '=', id as number)
      .execute()
    expect(hitsOf(await search(a.boss, { keyword: 'wombat' }))).toEqual([])
  })
})

describe('filter options', () => {
  it("offers the tenant's own accounts and agents", async () => {
    const r = await ctx.call('GET', P.options, { token: a.lead.token })
    expect(r.code).toBe(0)
    const data = r.data as { accounts: { id: number }[]; agents: { id: number }[] }
    expect(data.accounts.map((x) => x.id).sort()).toEqual([...a.accounts].sort())
    expect(data.agents.map((x) => x.id).sort()).toEqual([a.agent.userId, agent2.userId].sort())
  })
})

describe('export', () => {
  const load = async (raw: Buffer) => {
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(raw as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]
    const rows: string[][] = []
    ws?.eachRow((row) => {
      const values = row.values as unknown[]
      rows.push(Array.from({ length: 12 }, (_, i) => String(values[i + 1] ?? '')))
    })
    return { name: ws?.name, rows }
  }

  it('writes the matching messages, newest first, in the chosen language', async () => {
    const r = await ctx.call('POST', P.export, {
      token: a.lead.token,
      body: { keyword: 'widget', utcOffsetMinutes: 0 },
    })
    expect(r.res.headers['content-type']).toContain('spreadsheetml')
    const { name, rows } = await load(r.res.rawPayload)
    expect(name).toBe('聊天记录')
    expect(rows[0]).toEqual([
      '时间',
      'WS账号',
      '客户',
      '客户手机号',
      '会话类型',
      '负责客服',
      '方向',
      '发送人',
      '消息类型',
      '内容',
      '文件名',
      '状态',
    ])
    const found = hitsOf(await search(a.lead, { keyword: 'widget' }))
    expect(rows.slice(1).map((row) => row[9])).toEqual(found.map((h) => h.body))
    const reply = rows.find((row) => row[9] === 'Yes, the BLUE widget ships tomorrow')
    expect(reply).toEqual([
      new Date(T0 + 1_000).toISOString().slice(0, 19).replace('T', ' '),
      a.shops[0],
      'Alice Zhang',
      ALICE,
      '单聊',
      'acme-agent',
      '我方发送',
      'acme-agent',
      '文本',
      'Yes, the BLUE widget ships tomorrow',
      '',
      '已发送',
    ])
    const en = await ctx.call('POST', P.export, {
      token: a.boss.token,
      body: { types: ['document'], language: 'en' },
    })
    const doc = await load(en.res.rawPayload)
    expect(doc.rows[0]?.[0]).toBe('Time')
    expect(doc.rows[1]?.slice(6, 12)).toEqual([
      'From customer',
      'Carol',
      'File',
      '',
      'Invoice-7781.pdf',
      'Received',
    ])
  })

  it('says "no data to export" when nothing matches, and never exports another tenant', async () => {
    const r = await ctx.call('POST', P.export, { token: a.boss.token, body: { accountIds: [b.accounts[0]] } })
    expect(r.code).toBe(2516)
    const none = await ctx.call('POST', P.export, { token: a.boss.token, body: { keyword: 'other tenant' } })
    expect(none.code).toBe(2516)
  })
})

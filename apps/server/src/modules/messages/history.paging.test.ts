import {
  HISTORY_SHORT_SCAN_MAX,
  type HistoryConversationView,
  type HistorySearchPage,
  ChatHistoryPath as P,
} from '@app/core'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgSearchText } from '../../db/migrations/0014_message_search.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import {
  customerWrites,
  type HistoryTenant,
  historyTenant,
  type StoredMessage,
  storeMessages,
} from './history.fixtures.js'

let ctx: TestContext
let t: HistoryTenant
let chat: number
let chatIds: number[]
const T0 = Date.now() - 100 * 86_400_000

const search = async (body: Record<string, unknown>) => {
  const r = await ctx.call('POST', P.search, { token: t.boss.token, body })
  expect(r.code, r.msg).toBe(0)
  return r.data as HistorySearchPage
}
const conversation = async (body: Record<string, unknown>) => {
  const r = await ctx.call('POST', P.conversation, { token: t.lead.token, body })
  expect(r.code, r.msg).toBe(0)
  return r.data as HistoryConversationView
}

/** Every page of a search, by its cursors. */
async function allPages(body: Record<string, unknown>) {
  const pages: HistorySearchPage[] = []
  let cursor: string | undefined
  do {
    const page = await search({ ...body, cursor })
    pages.push(page)
    cursor = page.nextCursor ?? undefined
  } while (cursor && pages.length < 50)
  return pages
}

beforeAll(async () => {
  ctx = await createTestContext()
  t = await historyTenant(ctx, 'pager', 3)
  chat = await customerWrites(ctx, t, '447700300001', 'Paula', 0, 'first hello')
  const other = await customerWrites(ctx, t, '447700300002', 'Quinn', 1, 'another hello')
  const at = (i: number) => T0 + Math.floor(i / 3) * 1_000
  // a conversation of 45 messages (three share each second: the id breaks the tie), every fifth with "kiwi"
  const messages: StoredMessage[] = Array.from({ length: 45 }, (_, i) => ({
    tenantId: t.tenantId,
    accountId: t.accounts[0],
    sessionId: chat,
    body: i % 5 === 0 ? `line ${i} Kiwi` : `line ${i}`,
    timestamp: at(i),
    fromMe: i % 2 === 1,
  }))
  chatIds = await storeMessages(ctx, messages)
  // a reaction to line 20 and a quote of line 10: the conversation shows them as the desk does
  await storeMessages(ctx, [
    {
      tenantId: t.tenantId,
      accountId: t.accounts[0],
      sessionId: chat,
      body: '❤️',
      type: 'reaction',
      timestamp: at(21),
    },
  ])
  const waIds = await ctx.db
    .selectFrom('messages')
    .select(['id', 'wa_message_id'])
    .where('id', 'in', [chatIds[10] as number, chatIds[20] as number])
    .execute()
  const wa = new Map(waIds.map((r) => [r.id, r.wa_message_id]))
  await ctx.db
    .updateTable('messages')
    .set({ quoted_wa_id: wa.get(chatIds[20] as number) as string })
    .where('type', '=', 'reaction')
    .where('session_id', '=', chat)
    .execute()
  await ctx.db
    .updateTable('messages')
    .set({ quoted_wa_id: wa.get(chatIds[10] as number) as string, quoted_preview: 'line 10' })
    .where('id', '=', chatIds[12] as number)
    .execute()
  // the other conversation: older messages with "kiwi"
  await storeMessages(
    ctx,
    Array.from({ length: 10 }, (_, i) => ({
      tenantId: t.tenantId,
      accountId: t.accounts[1],
      sessionId: other,
      body: `old kiwi ${i}`,
      timestamp: T0 - 60_000 + i,
    })),
  )
})
afterAll(() => ctx.close())

describe('keyset paging', () => {
  it('pages newest first by (timestamp, id), each message once, whatever the page size', async () => {
    for (const pageSize of [7, 20, 100]) {
      const pages = await allPages({ sessionId: chat, pageSize })
      const ids = pages.flatMap((p) => p.list.map((h) => h.id))
      // the 45 stored and the customer's first message (newest: it came in through the network now)
      expect(ids.length).toBe(46)
      expect(ids.slice(1)).toEqual([...chatIds].reverse())
      expect(pages.at(-1)?.nextCursor).toBeNull()
    }
  })

  it('pages a keyword the same way, across conversations', async () => {
    const pages = await allPages({ keyword: 'KIWI', pageSize: 4 })
    const bodies = pages.flatMap((p) => p.list.map((h) => h.body))
    expect(bodies).toEqual([
      ...Array.from({ length: 9 }, (_, k) => `line ${40 - k * 5} Kiwi`),
      ...Array.from({ length: 10 }, (_, k) => `old kiwi ${9 - k}`),
    ])
    expect(pages.length).toBe(5)
  })
})

describe('a conversation around a hit', () => {
  it('opens at the hit with the messages before and after it', async () => {
    const hit = chatIds[20] as number
    const c = await conversation({ messageId: hit, pageSize: 10 })
    expect(c.list.map((m) => m.id)).toEqual(chatIds.slice(15, 25))
    expect(c).toMatchObject({ sessionId: chat, sessionType: 'personal', hasOlder: true, hasNewer: true })
    expect(c.customer).toMatchObject({ name: 'Paula', phone: '447700300001' })
    expect(c.agent?.id).toBe(t.agent.userId)
    // the desk's presentation: the reaction is folded onto line 20, the quote resolved
    expect(c.list.find((m) => m.id === hit)?.reactions.map((r) => r.emoji)).toEqual(['❤️'])
    expect(c.list.some((m) => m.type === 'reaction')).toBe(false)
  })

  it('pages older and newer from the ends it holds, to both ends of the chat', async () => {
    const older = await conversation({ messageId: chatIds[15], direction: 'older', pageSize: 10 })
    expect(older.list.map((m) => m.id)).toEqual(chatIds.slice(5, 15))
    expect(older.hasOlder).toBe(true)
    const top = await conversation({ messageId: chatIds[5], direction: 'older', pageSize: 10 })
    expect(top.list.map((m) => m.id)).toEqual(chatIds.slice(0, 5))
    expect(top.hasOlder).toBe(false)
    const quoted = (await conversation({ messageId: chatIds[12], pageSize: 1 })).list[0]
    expect(quoted?.quotedMessage).toMatchObject({ id: chatIds[10], message: 'line 10 Kiwi' })

    const newer = await conversation({ messageId: chatIds[24], direction: 'newer', pageSize: 10 })
    expect(newer.list.map((m) => m.id)).toEqual(chatIds.slice(25, 35))
    expect(newer.hasNewer).toBe(true)
    const bottom = await conversation({ messageId: chatIds[40], direction: 'newer', pageSize: 10 })
    // the last stored ones and the customer's message that came in through the network
    expect(bottom.list.map((m) => m.id).slice(0, 4)).toEqual(chatIds.slice(41, 45))
    expect(bottom.list.at(-1)?.body).toBe('first hello')
    expect(bottom.hasNewer).toBe(false)
  })

  it('opens at the newest and the oldest message too', async () => {
    const first = await conversation({ messageId: chatIds[0], pageSize: 6 })
    expect(first.list.map((m) => m.id)).toEqual(chatIds.slice(0, 3))
    expect(first).toMatchObject({ hasOlder: false, hasNewer: true })
    const one = await conversation({ messageId: chatIds[30], pageSize: 1 })
    expect(one.list.map((m) => m.id)).toEqual([chatIds[30]])
    expect(one).toMatchObject({ hasOlder: true, hasNewer: true })
  })
})

describe('at scale', () => {
  let bulk: number
  beforeAll(async () => {
    bulk = await customerWrites(ctx, t, '447700300009', 'Bulk', 1, 'bulk hello')
    const base = { tenantId: t.tenantId, accountId: t.accounts[1], sessionId: bulk }
    // 4,200 old "mango" messages (more than a keyword served by looking each match up), one old
    // "价格" message, then HISTORY_SHORT_SCAN_MAX newer messages without either
    await storeMessages(ctx, [
      ...Array.from({ length: 4_200 }, (_, i) => ({
        ...base,
        body: `mango ${i}`,
        timestamp: T0 - 900_000 + i,
      })),
      { ...base, body: '这个价格可以', timestamp: T0 - 950_000 },
      ...Array.from({ length: HISTORY_SHORT_SCAN_MAX + 50 }, (_, i) => ({
        ...base,
        body: `filler ${i}`,
        timestamp: T0 + 3_600_000 + i,
      })),
    ])
  }, 120_000)

  it('finds a common keyword past many newer messages without it, page after page', async () => {
    const first = await search({ keyword: 'mango', pageSize: 50 })
    expect(first.list.map((h) => h.body)).toEqual(Array.from({ length: 50 }, (_, i) => `mango ${4_199 - i}`))
    const second = await search({ keyword: 'mango', pageSize: 50, cursor: first.nextCursor })
    expect(second.list[0]?.body).toBe('mango 4149')
    expect(first.scanLimited).toBe(false)
  })

  it('looks at most HISTORY_SHORT_SCAN_MAX messages for a short keyword, and says how far it looked', async () => {
    const first = await search({ keyword: '价格', accountIds: [t.accounts[1]] })
    expect(first.list).toEqual([])
    expect(first.scanLimited).toBe(true)
    // the account's two newest messages (the customers' hellos), then the newest 19,998 fillers
    expect(first.scannedUntil).toBe(T0 + 3_600_000 + 52)
    expect(first.nextCursor).toMatch(/^\d+_\d+$/)
    const next = await search({ keyword: '价格', accountIds: [t.accounts[1]], cursor: first.nextCursor })
    expect(next.list.map((h) => h.body)).toEqual(['这个价格可以'])
    expect(next.scanLimited).toBe(false)
    expect(next.nextCursor).toBeNull()
  })

  it('exports a short keyword past the bound of one request', async () => {
    const r = await ctx.call('POST', P.export, { token: t.boss.token, body: { keyword: '价格' } })
    expect(r.res.headers['content-type']).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer)
    const contents: string[] = []
    wb.worksheets[0]?.eachRow((row) => {
      contents.push(String(row.getCell(10).value))
    })
    expect(contents).toEqual(['内容', '这个价格可以'])
  })

  it.runIf(process.env.TEST_DIALECT === 'postgres')(
    'serves a keyword through the trigram index on PostgreSQL',
    async () => {
      await sql`analyze messages`.execute(ctx.db)
      // the repository's expression, as the index was built on it
      const plan = await ctx.db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx)
        return sql<{ 'QUERY PLAN': string }>`explain select m.id from messages m
        where m.tenant_id = ${t.tenantId} and ${sql.raw(pgSearchText('m'))} like lower(${'%MANGO 41%'})`.execute(
          tx,
        )
      })
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('messages_search_trgm')
    },
  )
})

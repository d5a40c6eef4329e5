// Messages of the chat-history benchmark, written straight into a migrated SQLite file (the
// full-text index follows through its triggers) in large transactions: chat-like text in English
// and Chinese with a long tail of words, order numbers that occur once or twice, over the tenant's
// sessions, in the order they would arrive.
import SQLite from 'better-sqlite3'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../apps/server/src/db/index.js'

export interface HistorySeed {
  messages: number
  /** time of the first and the last message */
  from: number
  to: number
  /** order numbers written, for a keyword with very few matches */
  orderNumbers: string[]
}

/** A small deterministic generator, so two runs measure the same data. */
function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const ENGLISH = `hello hi thanks thank you please price how much is the available stock today tomorrow
ship shipping delivery address order payment paid invoice discount offer size color red blue black
white green small medium large photo picture send me can i could we would like want need buy sell
cheap expensive quality original warranty return refund exchange broken damaged package tracking
number week month morning evening call later sorry wait ok okay sure great good nice perfect fine
problem question answer help support contact whatsapp catalogue catalog model version new old
product item items quantity piece pieces box carton wholesale retail customer service agent shop
store online link website bank transfer cash card account received sent confirm confirmed cancel
cancelled arrive arrived when where what why which who yes no maybe really very much more less
free fast slow express standard weight kilo gram meter inch battery charger cable phone case screen
shoes shirt dress bag watch glasses perfume cream oil coffee tea rice sugar water juice milk bread
widget gadget device machine spare part parts motor engine pump valve filter sensor switch lamp`
  .split(/\s+/)
  .filter(Boolean)

const CHINESE = `你好 您好 谢谢 请问 价格 多少钱 有货吗 现货 发货 什么时候 到货 快递 物流 单号 地址 电话 付款
已付款 转账 优惠 折扣 包邮 运费 退款 退货 换货 质量 正品 保修 尺寸 颜色 红色 蓝色 黑色 白色 大号
中号 小号 图片 视频 链接 目录 批发 零售 数量 库存 订单 确认 取消 明天 今天 下周 马上 稍等 好的 可以
不可以 没问题 麻烦 客服 老板 朋友 便宜 贵 便宜点 能便宜吗 再便宜一点 最低价 样品 定制 工厂 产地 包装
纸箱 重量 电池 充电器 手机壳 屏幕 鞋子 衬衫 裙子 包包 手表 眼镜 香水 面霜 咖啡 茶叶 大米 果汁 牛奶`
  .split(/\s+/)
  .filter(Boolean)

/** The next word: a few words are common, most are rare (as in chats). */
const zipf = (rnd: () => number, n: number) => Math.min(n - 1, Math.floor(rnd() ** 2.5 * n))

export function seedHistory(file: string, tenantId: number, messages: number): HistorySeed {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  const rnd = prng(11)
  const sessions = db
    .prepare(
      `select s.id, s.account_id, f.jid, a.agent_user_id from sessions s
       left join fans f on f.id = s.fan_id join ws_accounts a on a.id = s.account_id
       where s.tenant_id = ? order by s.id`,
    )
    .all(tenantId) as { id: number; account_id: number; jid: string | null; agent_user_id: number | null }[]
  if (sessions.length === 0) throw new Error('no sessions to write messages in')
  const add = db.prepare(
    `insert into messages (tenant_id, account_id, session_id, wa_message_id, from_me, sender_jid, type, body,
       meta, status, delivery, requested_by, origin, timestamp, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'sent', ?, ?, ?, ?, ?)`,
  )
  const to = Date.now()
  const from = to - 90 * 86_400_000
  const step = (to - from) / messages
  const orderNumbers: string[] = []

  const text = (chinese: boolean) => {
    const n = 2 + Math.floor(rnd() * 10)
    const words: string[] = []
    for (let k = 0; k < n; k++)
      words.push(
        chinese
          ? (CHINESE[zipf(rnd, CHINESE.length)] as string)
          : (ENGLISH[zipf(rnd, ENGLISH.length)] as string),
      )
    if (rnd() < 0.01) {
      const order = `ORD${String(Math.floor(rnd() * 10_000_000)).padStart(7, '0')}`
      if (orderNumbers.length < 1_000) orderNumbers.push(order)
      words.push(order)
    }
    const s = words.join(chinese ? '' : ' ')
    return chinese ? s : s.charAt(0).toUpperCase() + s.slice(1)
  }

  const batch = db.transaction((start: number, end: number) => {
    for (let i = start; i < end; i++) {
      const s = sessions[Math.floor(rnd() * sessions.length)] as (typeof sessions)[number]
      const fromMe = rnd() < 0.4
      const at = Math.floor(from + i * step)
      const document = rnd() < 0.01
      add.run(
        tenantId,
        s.account_id,
        s.id,
        `H${i}`,
        fromMe ? 1 : 0,
        fromMe ? '' : (s.jid ?? ''),
        document ? 'document' : 'text',
        document ? '' : text(rnd() < 0.4),
        document ? JSON.stringify({ fileName: `quote-${i}.pdf`, mime: 'application/pdf' }) : '{}',
        fromMe ? 'read' : 'none',
        fromMe ? s.agent_user_id : null,
        fromMe ? 'manual' : null,
        at,
        at,
      )
    }
  })
  for (let start = 0; start < messages; start += 10_000) batch(start, Math.min(messages, start + 10_000))
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { messages, from, to, orderNumbers }
}

/**
 * The same messages on PostgreSQL, generated by the database itself (random() after setseed, so
 * two runs write the same text), in slices of 100,000; the trigram index follows as they are
 * written. The order numbers are read back from the messages written.
 */
export async function seedHistoryPg(
  db: Kysely<Database>,
  tenantId: number,
  messages: number,
): Promise<HistorySeed> {
  const to = Date.now()
  const from = to - 90 * 86_400_000
  const step = (to - from) / messages
  const en = ENGLISH.length
  const zh = CHINESE.length
  await db.connection().execute(async (c) => {
    await sql`select setseed(0.11)`.execute(c)
    await sql`create temp table hs as select s.id, s.account_id, f.jid, a.agent_user_id,
        (row_number() over (order by s.id) - 1)::int as k
      from sessions s left join fans f on f.id = s.fan_id join ws_accounts a on a.id = s.account_id
      where s.tenant_id = ${tenantId}`.execute(c)
    await sql`create index on hs (k)`.execute(c)
    const count = Number(
      (await sql<{ n: number }>`select count(*)::int as n from hs`.execute(c)).rows[0]?.n ?? 0,
    )
    if (count === 0) throw new Error('no sessions to write messages in')
    for (let lo = 0; lo < messages; lo += 100_000) {
      const hi = Math.min(messages, lo + 100_000) - 1
      await sql`insert into messages (tenant_id, account_id, session_id, wa_message_id, from_me, sender_jid, type,
          body, meta, status, delivery, requested_by, origin, timestamp, created_at)
        select ${tenantId}, hs.account_id, hs.id, 'H' || r.i, r.from_me::int,
          case when r.from_me then '' else coalesce(hs.jid, '') end,
          case when r.doc then 'document' else 'text' end,
          case when r.doc then '' when r.zh then w.words else upper(left(w.words, 1)) || substr(w.words, 2) end,
          case when r.doc then '{"fileName":"quote-' || r.i || '.pdf","mime":"application/pdf"}' else '{}' end,
          'sent', case when r.from_me then 'read' else 'none' end,
          case when r.from_me then hs.agent_user_id end, case when r.from_me then 'manual' end,
          floor(${from}::float8 + r.i * ${step}::float8)::bigint, floor(${from}::float8 + r.i * ${step}::float8)::bigint
        from (
          select i, floor(random() * ${count})::int as k, random() < 0.4 as from_me, random() < 0.01 as doc,
            random() < 0.4 as zh, 2 + floor(random() * 10)::int as n, random() < 0.01 as ord,
            floor(random() * 10000000)::int as ord_no
          from generate_series(${lo}::int, ${hi}::int) i
        ) r
        join hs on hs.k = r.k
        cross join lateral (
          select string_agg(
              case when r.zh and gs.k > 0 then (${CHINESE}::text[])[1 + least(${zh - 1}, floor(random() ^ 2.5 * ${zh}))::int]
                else (${ENGLISH}::text[])[1 + least(${en - 1}, floor(random() ^ 2.5 * ${en}))::int] end,
              case when r.zh then '' else ' ' end)
            || case when r.ord then (case when r.zh then '' else ' ' end) || 'ORD' || lpad(r.ord_no::text, 7, '0')
              else '' end as words
          from generate_series(1, r.n) as gs(k)
        ) w
        order by r.i`.execute(c)
    }
    await sql`drop table hs`.execute(c)
  })
  await sql`analyze messages`.execute(db)
  const orders = await sql<{
    o: string
  }>`select distinct substring(body from 'ORD[0-9]{7}') as o from messages
      where tenant_id = ${tenantId} and body like '%ORD%' limit 1000`.execute(db)
  return { messages, from, to, orderNumbers: orders.rows.map((r) => r.o).filter(Boolean) }
}

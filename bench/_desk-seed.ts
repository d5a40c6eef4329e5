// Data of the desk benchmark, written straight into a migrated SQLite file with prepared
// statements in large transactions: sessions with their fans (or groups) and messages, spread over
// the tenant's accounts, with the flags the desk filters on.
import SQLite from 'better-sqlite3'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../apps/server/src/db/index.js'

export interface DeskSeed {
  tenantId: number
  accountIds: number[]
  /** one agent per two accounts */
  agentIds: number[]
  sessions: number
  messages: number
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

/**
 * Where the sessions stand, by id: 60 % open, 10 % pending, 5 % snoozed for a day, 25 % resolved;
 * an open session whose customer wrote last waits on us since its last inbound message. `?` is the
 * tenant. The status goes by runs of 20 ids (`id / 20`), as the account goes by `id % 20`: every
 * account, so every agent, has sessions of each status.
 */
const statusSpread = (now: number) => [
  `update sessions set
     status = case when (id / 20) % 20 < 12 then 'open' when (id / 20) % 20 < 14 then 'pending'
       when (id / 20) % 20 = 14 then 'snoozed' else 'resolved' end,
     snoozed_until = case when (id / 20) % 20 = 14 then ${now + 86_400_000} end
   where tenant_id = ?`,
  `update sessions set waiting_since = last_inbound_at
   where tenant_id = ? and status = 'open' and awaiting_reply_since is null and type = 'personal'`,
]

export function seedDesk(
  file: string,
  tenantId: number,
  accountIds: number[],
  sessions: number,
  perSession: number,
): DeskSeed {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  const rnd = prng(7)
  const now = Date.now()
  const month = 30 * 86_400_000

  const agentIds: number[] = []
  const addUser = db.prepare(
    `insert into users (tenant_id, username, password_hash, nickname, avatar, role_id, status,
       target_language, created_at, updated_at) values (?, ?, 'x', ?, '', 5, 0, 'zh-CN', ?, ?)`,
  )
  const assign = db.prepare('update ws_accounts set agent_user_id = ? where id = ?')
  for (let i = 0; i < Math.ceil(accountIds.length / 2); i++) {
    const id = Number(addUser.run(tenantId, `agent-${i}`, `Agent ${i}`, now, now).lastInsertRowid)
    agentIds.push(id)
    for (const a of accountIds.slice(i * 2, i * 2 + 2)) assign.run(id, a)
  }

  const addFan = db.prepare(
    `insert into fans (tenant_id, account_id, jid, phone, push_name, nickname, remark, source, country,
       created_at, updated_at) values (?, ?, ?, ?, ?, '', ?, 'passive_add', 'GB', ?, ?)`,
  )
  const addGroup = db.prepare(
    `insert into group_chats (tenant_id, account_id, jid, subject, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?)`,
  )
  const addSession = db.prepare(
    `insert into sessions (tenant_id, account_id, type, fan_id, group_chat_id, last_activity_at, last_message,
       last_inbound_at, awaiting_reply_since, unread_count, pinned, ai_reply, invalid, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const addMessage = db.prepare(
    `insert into messages (tenant_id, account_id, session_id, wa_message_id, from_me, sender_jid, type, body,
       status, delivery, timestamp, created_at) values (?, ?, ?, ?, ?, ?, 'text', ?, 'sent', ?, ?, ?)`,
  )

  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const account = accountIds[i % accountIds.length]
      const phone = `44${String(7_000_000_000 + i)}`
      const group = rnd() < 0.02
      const last = now - Math.floor(rnd() * month)
      let fanId: number | null = null
      let groupId: number | null = null
      if (group) {
        groupId = Number(
          addGroup.run(tenantId, account, `1203630${i}@g.us`, `Group ${i}`, now, now).lastInsertRowid,
        )
      } else {
        fanId = Number(
          addFan.run(
            tenantId,
            account,
            `${phone}@s.whatsapp.net`,
            phone,
            `Customer ${i}`,
            rnd() < 0.1 ? `vip ${i}` : '',
            now,
            now,
          ).lastInsertRowid,
        )
      }
      const ourLast = rnd() < 0.2
      const sessionId = Number(
        addSession.run(
          tenantId,
          account,
          group ? 'group' : 'personal',
          fanId,
          groupId,
          last,
          `message ${perSession - 1}`,
          last,
          ourLast ? last : null,
          Math.floor(rnd() * 4),
          rnd() < 0.01 ? 1 : 0,
          rnd() < 0.1 ? 1 : 0,
          rnd() < 0.02 ? 1 : 0,
          now,
        ).lastInsertRowid,
      )
      for (let m = 0; m < perSession; m++) {
        const fromMe = m % 3 === 2 ? 1 : 0
        const at = last - (perSession - 1 - m) * 60_000
        addMessage.run(
          tenantId,
          account,
          sessionId,
          `B${sessionId}_${m}`,
          fromMe,
          fromMe ? '' : `${phone}@s.whatsapp.net`,
          `message ${m} of session ${sessionId}`,
          fromMe ? 'read' : 'none',
          at,
          at,
        )
      }
    }
  })
  const step = 2_000
  for (let from = 0; from < sessions; from += step) batch(from, Math.min(sessions, from + step))
  for (const statement of statusSpread(now)) db.prepare(statement).run(tenantId)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { tenantId, accountIds, agentIds, sessions, messages: sessions * perSession }
}

/**
 * The same data on PostgreSQL, generated by the database itself (generate_series, random() after
 * setseed, so two runs measure the same data): the same shares of groups, flags and unread counts.
 */
export async function seedDeskPg(
  db: Kysely<Database>,
  tenantId: number,
  accountIds: number[],
  sessions: number,
  perSession: number,
): Promise<DeskSeed> {
  const now = Date.now()
  const month = 30 * 86_400_000
  const agentIds: number[] = []
  for (let i = 0; i < Math.ceil(accountIds.length / 2); i++) {
    const u = await db
      .insertInto('users')
      .values({
        tenant_id: tenantId,
        username: `agent-${i}`,
        password_hash: 'x',
        nickname: `Agent ${i}`,
        avatar: '',
        role_id: 5,
        status: 0,
        target_language: 'zh-CN',
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    agentIds.push(u.id)
    await db
      .updateTable('ws_accounts')
      .set({ agent_user_id: u.id })
      .where('id', 'in', accountIds.slice(i * 2, i * 2 + 2))
      .execute()
  }
  const accounts = sql.raw(`array[${accountIds.join(',')}]::bigint[]`)
  const n = accountIds.length
  // one connection: the seed and the temp table are the session's
  await db.connection().execute(async (c) => {
    await sql`select setseed(0.7)`.execute(c)
    await sql`create temp table seed_rows as select i, (${accounts})[1 + i % ${n}] as account_id,
      random() < 0.02 as grp, ${now} - floor(random() * ${month})::bigint as last, random() < 0.1 as vip,
      random() < 0.2 as our_last, floor(random() * 4)::int as unread, (random() < 0.01)::int as pinned,
      (random() < 0.1)::int as ai, (random() < 0.02)::int as invalid
    from generate_series(0, ${sessions - 1}) i`.execute(c)
    await sql`insert into fans (tenant_id, account_id, jid, phone, push_name, nickname, remark, source, country,
      created_at, updated_at)
    select ${tenantId}, account_id, '44' || (7000000000 + i) || '@s.whatsapp.net', '44' || (7000000000 + i),
      'Customer ' || i, '', case when vip then 'vip ' || i else '' end, 'passive_add', 'GB', ${now}, ${now}
    from seed_rows where not grp order by i`.execute(c)
    await sql`insert into group_chats (tenant_id, account_id, jid, subject, created_at, updated_at)
    select ${tenantId}, account_id, '1203630' || i || '@g.us', 'Group ' || i, ${now}, ${now}
    from seed_rows where grp order by i`.execute(c)
    await sql`insert into sessions (tenant_id, account_id, type, fan_id, group_chat_id, last_activity_at,
      last_message, last_inbound_at, awaiting_reply_since, unread_count, pinned, ai_reply, invalid, created_at)
    select ${tenantId}, r.account_id, case when r.grp then 'group' else 'personal' end, f.id, g.id, r.last,
      ${`message ${perSession - 1}`}, r.last, case when r.our_last then r.last end, r.unread, r.pinned, r.ai,
      r.invalid, ${now}
    from seed_rows r
    left join fans f on not r.grp and f.account_id = r.account_id and f.jid = '44' || (7000000000 + r.i) || '@s.whatsapp.net'
    left join group_chats g on r.grp and g.account_id = r.account_id and g.jid = '1203630' || r.i || '@g.us'
    order by r.i`.execute(c)
    await sql`drop table seed_rows`.execute(c)
  })
  if (perSession > 0) {
    // in slices of sessions, so no one statement holds millions of rows
    const ids = await db
      .selectFrom('sessions')
      .select(({ fn }) => [fn.min('id').as('lo'), fn.max('id').as('hi')])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
    for (let lo = Number(ids.lo); lo <= Number(ids.hi); lo += 10_000)
      await sql`insert into messages (tenant_id, account_id, session_id, wa_message_id, from_me, sender_jid, type,
          body, status, delivery, timestamp, created_at)
        select s.tenant_id, s.account_id, s.id, 'B' || s.id || '_' || m, (m % 3 = 2)::int,
          case when m % 3 = 2 then '' else coalesce(f.jid, '') end, 'text',
          'message ' || m || ' of session ' || s.id, 'sent', case when m % 3 = 2 then 'read' else 'none' end,
          s.last_activity_at - (${perSession - 1} - m) * 60000, s.last_activity_at - (${perSession - 1} - m) * 60000
        from sessions s left join fans f on f.id = s.fan_id
        cross join generate_series(0, ${perSession - 1}) m
        where s.tenant_id = ${tenantId} and s.id between ${lo} and ${lo + 9_999}
        order by s.id, m`.execute(db)
  }
  for (const statement of statusSpread(now))
    await sql.raw(statement.replace('?', String(tenantId))).execute(db)
  await sql`analyze`.execute(db)
  return { tenantId, accountIds, agentIds, sessions, messages: sessions * perSession }
}

// Data of the desk benchmark, written straight into a migrated SQLite file with prepared
// statements in large transactions: sessions with their fans (or groups) and messages, spread over
// the tenant's accounts, with the flags the desk filters on.
import SQLite from 'better-sqlite3'

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
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { tenantId, accountIds, agentIds, sessions, messages: sessions * perSession }
}

// Data of the customers-list benchmark, written straight into a migrated SQLite file with prepared
// statements in large transactions: fans spread over the tenant's accounts and a year of add
// times, with every field the list filters on, most with a session, some with labels.
import SQLite from 'better-sqlite3'

export interface FansSeed {
  fans: number
  sessions: number
  labelIds: number[]
  groupIds: number[]
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

const SOURCES = ['passive_add', 'passive_add', 'passive_add', 'stranger_mass_send', 'scan_sync', 'active_add']
const COUNTRIES = [
  ['44', 'GB'],
  ['1', 'US'],
  ['55', 'BR'],
  ['91', 'IN'],
  ['86', 'CN'],
  ['49', 'DE'],
] as const

export function seedFans(
  file: string,
  tenantId: number,
  ownerId: number,
  accountIds: number[],
  fans: number,
): FansSeed {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  const rnd = prng(11)
  const now = Date.now()
  const year = 365 * 86_400_000

  // four account groups over the accounts, ten labels
  const addGroup = db.prepare('insert into account_groups (tenant_id, name, created_at) values (?, ?, ?)')
  const groupIds = Array.from({ length: 4 }, (_, i) =>
    Number(addGroup.run(tenantId, `Group ${i}`, now).lastInsertRowid),
  )
  const setGroup = db.prepare('update ws_accounts set group_id = ? where id = ?')
  for (const [i, a] of accountIds.entries()) setGroup.run(groupIds[i % groupIds.length], a)
  const addLabel = db.prepare(
    `insert into labels (tenant_id, name, name_key, created_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?)`,
  )
  const labelIds = Array.from({ length: 10 }, (_, i) =>
    Number(addLabel.run(tenantId, `Label${i}`, `label${i}`, ownerId, now + i, now + i).lastInsertRowid),
  )

  const addFan = db.prepare(
    `insert into fans (tenant_id, account_id, jid, phone, push_name, nickname, remark, source, repeat_flag,
       invalid, mass_send_enabled, country, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const addSession = db.prepare(
    `insert into sessions (tenant_id, account_id, type, fan_id, last_activity_at, last_message, invalid, created_at)
       values (?, ?, 'personal', ?, ?, 'hello', ?, ?)`,
  )
  const addLink = db.prepare(
    'insert into fan_labels (tenant_id, fan_id, label_id, created_at) values (?, ?, ?, ?)',
  )

  let sessions = 0
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const account = accountIds[i % accountIds.length] as number
      const [code, country] = COUNTRIES[Math.floor(rnd() * COUNTRIES.length)] as (typeof COUNTRIES)[number]
      const phone = `${code}${String(7_000_000_000 + i)}`
      const created = now - year + Math.floor((i / fans) * year)
      const invalid = rnd() < 0.03 ? 1 : 0
      const fanId = Number(
        addFan.run(
          tenantId,
          account,
          `${phone}@s.whatsapp.net`,
          phone,
          `Customer ${i}`,
          rnd() < 0.2 ? `Nick ${i}` : '',
          rnd() < 0.1 ? `vip order ${i}` : '',
          SOURCES[Math.floor(rnd() * SOURCES.length)],
          rnd() < 0.05 ? 1 : 0,
          invalid,
          rnd() < 0.1 ? 0 : 1,
          country,
          created,
          created,
        ).lastInsertRowid,
      )
      if (rnd() < 0.9) {
        addSession.run(
          tenantId,
          account,
          fanId,
          created + Math.floor(rnd() * (now - created)),
          invalid,
          created,
        )
        sessions++
      }
      for (const label of labelIds) if (rnd() < 0.03) addLink.run(tenantId, fanId, label, created)
    }
  })
  const step = 5_000
  for (let from = 0; from < fans; from += step) batch(from, Math.min(fans, from + step))
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { fans, sessions, labelIds, groupIds }
}

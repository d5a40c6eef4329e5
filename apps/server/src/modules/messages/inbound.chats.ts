import { FanSource, SessionType } from '@app/core'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Fan, Session } from '../../db/schema.js'
import type { InboundMessage } from '../../gateway/port.js'
import { countryOfPhone } from '../fans/country.js'
import type { FanIdentity } from '../fans/fans.repository.js'
import { fanIdentity } from './inbound.content.js'
import { contactKey, type InboundStore, type ResolvedChat } from './inbound.store.js'

type Q = Kysely<Database>

/** A message whose chat is not remembered. */
export interface Unresolved {
  tenantId: number
  accountId: number
  m: InboundMessage
}

interface Direct extends Unresolved {
  at: number
  who: FanIdentity
  fan?: Fan
  created: boolean
  session?: Session
}

/**
 * The chats of several messages, found or created with multi-row statements (PostgreSQL): the
 * fans of personal chats (a new one flagged repeat like `FansRepository.upsert` does) and their
 * sessions. Whatever does not fit (a group, a second message of one chat, a fan found only by its
 * lid, a fan whose details changed, a lost race) goes through `InboundStore.resolve`, one by one
 * and in order, after the rest.
 */
export async function resolveMany(
  store: InboundStore,
  q: Q,
  items: Unresolved[],
  now: number,
): Promise<ResolvedChat[]> {
  const out: ResolvedChat[] = new Array(items.length)
  const alone: number[] = []
  const direct = new Map<number, Direct>()
  const keys = new Set<string>()
  for (const [i, it] of items.entries()) {
    const key = contactKey(it.accountId, it.m)
    if (it.m.chatType !== 'direct' || keys.has(key)) alone.push(i)
    else direct.set(i, { ...it, at: it.m.timestamp, who: fanIdentity(it.m), created: false })
    keys.add(key)
  }

  await systemFindFans(q, direct, alone)
  await insertFans(q, direct, now)
  await systemFindSessions(q, direct)

  for (const [i, d] of direct) {
    if (!d.fan) {
      alone.push(i)
      continue
    }
    const f = d.fan
    // a session made meanwhile by another writer: found the single way
    d.session ??= (await store.sessions.ensurePersonal(q, d.tenantId, d.accountId, f.id, d.at)).session
    out[i] = {
      contact: {
        key: contactKey(d.accountId, d.m),
        fanId: f.id,
        sessionId: d.session.id,
        peer: { jid: f.jid, title: f.nickname || f.push_name || f.phone || f.jid },
        pushName: f.push_name,
      },
      newFan: d.created,
    }
  }
  for (const i of alone.sort((a, b) => a - b)) {
    const it = items[i]
    out[i] = await store.resolve(q, it.tenantId, it.accountId, it.m, now)
  }
  return out
}

/** Fans by their key jid (or lid key); one found with details to update goes the single way. */
async function systemFindFans(q: Q, direct: Map<number, Direct>, alone: number[]): Promise<void> {
  if (direct.size === 0) return
  const pairs = [...direct.values()].flatMap((d) =>
    [d.who.jid, ...(d.who.lid && d.who.lid !== d.who.jid ? [d.who.lid] : [])].map(
      (jid) => sql`(${d.accountId}::bigint, ${jid}::text)`,
    ),
  )
  const { rows } = await sql<Fan>`select * from fans where (account_id, jid) in (${sql.join(pairs)})`.execute(
    q,
  )
  for (const [i, d] of direct) {
    const { who } = d
    const found = rows
      .filter(
        (f) =>
          f.tenant_id === d.tenantId &&
          f.account_id === d.accountId &&
          (f.jid === who.jid || (!!who.lid && f.jid === who.lid)),
      )
      .sort((a, b) => a.id - b.id)[0]
    const changed =
      found &&
      ((who.pushName && who.pushName !== found.push_name) ||
        (who.lid && !found.lid) ||
        (who.phone && !found.phone))
    // a lid-only contact may hide behind a phone-keyed fan: the single way looks it up by lid
    if (changed || (!found && who.lid && !who.phone)) {
      direct.delete(i)
      alone.push(i)
      continue
    }
    d.fan = found
  }
}

/**
 * New fans and their sessions in one statement. A new phone already a fan of another account of
 * the tenant (or of another new fan here) is flagged repeat, with the others, as
 * `FansRepository.upsert` does; the session starts at the message's time.
 */
async function insertFans(q: Q, direct: Map<number, Direct>, now: number): Promise<void> {
  const missing = [...direct.values()].filter((d) => !d.fan)
  if (missing.length === 0) return
  const values = sql.join(
    missing.map((d) => {
      const source = d.m.ref.fromMe
        ? FanSource.activeAdd
        : d.m.live
          ? FanSource.passiveAdd
          : FanSource.scanSync
      const country = d.who.phone ? countryOfPhone(d.who.phone) : ''
      return sql`(${d.tenantId}::bigint, ${d.accountId}::bigint, ${d.who.jid}::text, ${d.who.phone}::text,
        ${d.who.lid}::text, ${d.who.pushName}::text, ${source}::text, ${country}::text, ${d.at}::bigint)`
    }),
  )
  const { rows } = await sql<{ kind: 'f' | 's'; row: Fan & Session }>`
    with v(tenant_id, account_id, jid, phone, lid, push_name, source, country, at) as (values ${values}),
    ins as (
      insert into fans (tenant_id, account_id, jid, phone, lid, push_name, source, country, created_at, updated_at, repeat_flag)
      select v.tenant_id, v.account_id, v.jid, v.phone, v.lid, v.push_name, v.source, v.country, ${now}, ${now},
        case when v.phone is not null and (
          exists (select 1 from fans f where f.tenant_id = v.tenant_id and f.phone = v.phone and f.account_id <> v.account_id)
          or exists (select 1 from v w where w.tenant_id = v.tenant_id and w.phone = v.phone and w.account_id <> v.account_id)
        ) then 1 else 0 end
      from v
      on conflict (account_id, jid) do nothing
      returning *
    ),
    others as (
      update fans f set repeat_flag = 1 from ins
      where ins.phone is not null and f.tenant_id = ins.tenant_id and f.phone = ins.phone
        and f.account_id <> ins.account_id and f.repeat_flag <> 1
    ),
    sess as (
      insert into sessions (tenant_id, account_id, type, fan_id, last_activity_at, created_at)
      select ins.tenant_id, ins.account_id, ${SessionType.personal}, ins.id, v.at, ${Date.now()}
      from ins join v on v.account_id = ins.account_id and v.jid = ins.jid
      on conflict (account_id, fan_id) do nothing
      returning *
    )
    select 'f' as kind, to_jsonb(ins) as row from ins
    union all select 's' as kind, to_jsonb(sess) as row from sess`.execute(q)
  const fans = new Map<string, Fan>()
  const sessions = new Map<string, Session>()
  for (const { kind, row } of rows) {
    if (kind === 'f') fans.set(`${row.account_id}|${row.jid}`, row)
    else sessions.set(`${row.account_id}|${row.fan_id}`, row)
  }
  for (const d of missing) {
    const f = fans.get(`${d.accountId}|${d.who.jid}`)
    // not inserted: another writer made it meanwhile (the single way finds it)
    if (!f) continue
    d.fan = f
    d.created = true
    d.session = sessions.get(`${d.accountId}|${f.id}`)
  }
}

/** The sessions of fans found (a new fan has none yet). */
async function systemFindSessions(q: Q, direct: Map<number, Direct>): Promise<void> {
  const old = [...direct.values()].filter((d) => d.fan && !d.created)
  if (old.length === 0) return
  const pairs = old.map((d) => sql`(${d.accountId}::bigint, ${d.fan?.id}::bigint)`)
  const { rows } = await sql<Session>`
    select * from sessions where (account_id, fan_id) in (${sql.join(pairs)})`.execute(q)
  const byKey = new Map(rows.map((s) => [`${s.tenant_id}|${s.account_id}|${s.fan_id}`, s]))
  for (const d of old) d.session = byKey.get(`${d.tenantId}|${d.accountId}|${d.fan?.id}`)
}

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

  await findOrCreateFans(q, direct, alone, now)

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

/**
 * The fans of the chats, found by their key jid (or lid key), and the ones missing created with
 * their sessions, in one statement: a new phone already a fan of another account of the tenant (or
 * of another new fan here) is flagged repeat, with the others, as `FansRepository.upsert` does; a
 * session starts at the message's time. A fan found with details to update, and a lid-only contact
 * that may hide behind a phone-keyed fan, go the single way.
 */
async function findOrCreateFans(
  q: Q,
  direct: Map<number, Direct>,
  alone: number[],
  now: number,
): Promise<void> {
  if (direct.size === 0) return
  const all = [...direct.values()]
  const keys = all.flatMap((d) =>
    [d.who.jid, ...(d.who.lid && d.who.lid !== d.who.jid ? [d.who.lid] : [])].map(
      (jid) => sql`(${d.accountId}::bigint, ${jid}::text)`,
    ),
  )
  const values = sql.join(
    all.map((d) => {
      const source = d.m.ref.fromMe
        ? FanSource.activeAdd
        : d.m.live
          ? FanSource.passiveAdd
          : FanSource.scanSync
      const country = d.who.phone ? countryOfPhone(d.who.phone) : ''
      // a lid-only contact is created by the single way, which looks it up by lid first
      const creatable = !!d.who.phone || !d.who.lid
      return sql`(${d.tenantId}::bigint, ${d.accountId}::bigint, ${d.who.jid}::text, ${d.who.phone}::text,
        ${d.who.lid}::text, ${d.who.pushName}::text, ${source}::text, ${country}::text, ${d.at}::bigint, ${creatable}::boolean)`
    }),
  )
  const { rows } = await sql<{ kind: 'found' | 'f' | 's' | 'fs'; row: Fan & Session }>`
    with v(tenant_id, account_id, jid, phone, lid, push_name, source, country, at, creatable) as (values ${values}),
    found as (select * from fans where (account_id, jid) in (${sql.join(keys)})),
    found_sessions as (
      select s.* from sessions s join found f on s.account_id = f.account_id and s.fan_id = f.id
    ),
    ins as (
      insert into fans (tenant_id, account_id, jid, phone, lid, push_name, source, country, created_at, updated_at, repeat_flag)
      select v.tenant_id, v.account_id, v.jid, v.phone, v.lid, v.push_name, v.source, v.country, ${now}, ${now},
        case when v.phone is not null and (
          exists (select 1 from fans f where f.tenant_id = v.tenant_id and f.phone = v.phone and f.account_id <> v.account_id)
          or exists (select 1 from v w where w.tenant_id = v.tenant_id and w.phone = v.phone and w.account_id <> v.account_id)
        ) then 1 else 0 end
      from v
      where v.creatable
        and not exists (select 1 from found f where f.account_id = v.account_id and (f.jid = v.jid or f.jid = v.lid))
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
    select 'found' as kind, to_jsonb(found) as row from found
    union all select 'fs' as kind, to_jsonb(found_sessions) as row from found_sessions
    union all select 'f' as kind, to_jsonb(ins) as row from ins
    union all select 's' as kind, to_jsonb(sess) as row from sess`.execute(q)
  const found: Fan[] = []
  const created = new Map<string, Fan>()
  const sessions = new Map<string, Session>()
  for (const { kind, row } of rows) {
    if (kind === 'found') found.push(row)
    else if (kind === 'f') created.set(`${row.account_id}|${row.jid}`, row)
    else sessions.set(`${row.tenant_id}|${row.account_id}|${row.fan_id}`, row)
  }
  found.sort((a, b) => a.id - b.id)
  for (const [i, d] of direct) {
    const { who } = d
    const f = found.find(
      (f) =>
        f.tenant_id === d.tenantId &&
        f.account_id === d.accountId &&
        (f.jid === who.jid || (!!who.lid && f.jid === who.lid)),
    )
    const changed =
      f && ((who.pushName && who.pushName !== f.push_name) || (who.lid && !f.lid) || (who.phone && !f.phone))
    if (changed || (!f && who.lid && !who.phone)) {
      direct.delete(i)
      alone.push(i)
      continue
    }
    // not found and not inserted: another writer made it meanwhile (the single way finds it)
    const fan = f ?? created.get(`${d.accountId}|${who.jid}`)
    if (!fan) continue
    d.fan = fan
    d.created = !f
    d.session = sessions.get(`${d.tenantId}|${d.accountId}|${fan.id}`)
  }
}

import { customerTitle, FanSource } from '@app/core'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Fan, Session } from '../../db/schema.js'
import type { InboundMessage } from '../../gateway/messaging-gateway.js'
import { type FanIdentity, fansBatchCtes } from '../fans/index.js'
import { personalSessionsBatchCtes } from '../sessions/index.js'
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
 * fans of personal chats and their sessions, by their owners' batch expressions. Whatever does not fit (a group, a second message of one chat, a fan found only by its
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
    d.session ??= (await store.sessions.openPersonal(q, d.tenantId, d.accountId, f.id, d.at)).session
    out[i] = {
      contact: {
        key: contactKey(d.accountId, d.m),
        fanId: f.id,
        sessionId: d.session.id,
        peer: {
          jid: f.jid,
          title: customerTitle({ nickname: f.nickname, pushName: f.push_name, phone: f.phone, jid: f.jid }),
        },
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
 * their sessions, in one statement made of the owners' expressions (`fansBatchCtes`,
 * `personalSessionsBatchCtes`). A fan found with details to update, and a lid-only contact that
 * may hide behind a phone-keyed fan, go the single way.
 */
async function findOrCreateFans(
  q: Q,
  direct: Map<number, Direct>,
  alone: number[],
  now: number,
): Promise<void> {
  if (direct.size === 0) return
  const contacts = [...direct.values()].map((d) => ({
    tenantId: d.tenantId,
    accountId: d.accountId,
    who: d.who,
    source: d.m.ref.fromMe ? FanSource.activeAdd : d.m.live ? FanSource.passiveAdd : FanSource.scanSync,
    at: d.at,
  }))
  // one statement: the fans' owner finds and creates the fans, the sessions' owner their sessions
  const { rows } = await sql<{ kind: 'found' | 'f' | 's' | 'fs'; row: Fan & Session }>`
    with ${fansBatchCtes(contacts, now)}, ${personalSessionsBatchCtes()}
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

import { responseBucket, SessionType, STATS_DEFAULT_TIME_ZONE, statsDayOf } from '@app/core'
import type { Db } from '../../db/index.js'
import { parseBuckets } from './rollup.fold.js'

/** A small deterministic random source (mulberry32), so a failing run can be replayed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface TrafficSpec {
  tenantId: number
  accountIds: number[]
  /** people who may send our messages (null: sent from the phone) */
  senders: (number | null)[]
  customers: number
  /** the traffic falls in [start, start + spanMs) */
  start: number
  spanMs: number
  seed: number
  /** a group session with this many messages on the first account */
  groupMessages?: number
}

let serial = 0

/**
 * A day of generated traffic written straight into the raw tables: per customer a fan, a personal
 * session and a conversation of customer bursts and our answers (some never answered), plus an
 * optional group chat. Messages are inserted in time order across sessions, as they arrive.
 */
export async function seedTraffic(db: Db, spec: TrafficSpec): Promise<{ messages: number }> {
  const r = rng(spec.seed)
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)] as T
  const rows: {
    tenant_id: number
    account_id: number
    session_id: number
    wa_message_id: string
    from_me: number
    type: string
    status: string
    timestamp: number
    created_at: number
    requested_by: number | null
  }[] = []
  const end = spec.start + spec.spanMs
  for (let c = 0; c < spec.customers; c++) {
    const accountId = pick(spec.accountIds)
    let t = spec.start + Math.floor(r() * spec.spanMs * 0.8)
    const phone = `8613${String(spec.seed).padStart(4, '0')}${String(++serial).padStart(5, '0')}`
    const fan = await db
      .insertInto('fans')
      .values({
        tenant_id: spec.tenantId,
        account_id: accountId,
        jid: `${phone}@s.whatsapp.net`,
        phone,
        source: r() < 0.7 ? 'passive_add' : 'active_add',
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const session = await db
      .insertInto('sessions')
      .values({
        tenant_id: spec.tenantId,
        account_id: accountId,
        type: SessionType.personal,
        fan_id: fan.id,
        last_activity_at: t,
        created_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const exchanges = 1 + Math.floor(r() * 4)
    for (let e = 0; e < exchanges && t < end; e++) {
      for (let k = 1 + Math.floor(r() * 3); k > 0 && t < end; k--) {
        rows.push(message(spec.tenantId, accountId, session.id, 0, t, null))
        t += 1 + Math.floor(r() * 20_000)
      }
      if (r() < 0.2) break
      // a response between a fraction of a second and about three hours
      t += Math.floor(2 ** (r() * 23.4))
      for (let k = 1 + Math.floor(r() * 2); k > 0 && t < end; k--) {
        rows.push(message(spec.tenantId, accountId, session.id, 1, t, pick(spec.senders)))
        t += 1 + Math.floor(r() * 30_000)
      }
    }
  }
  if (spec.groupMessages) {
    const accountId = spec.accountIds[0] as number
    const group = await db
      .insertInto('group_chats')
      .values({
        tenant_id: spec.tenantId,
        account_id: accountId,
        jid: `g${++serial}@g.us`,
        created_at: spec.start,
        updated_at: spec.start,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const session = await db
      .insertInto('sessions')
      .values({
        tenant_id: spec.tenantId,
        account_id: accountId,
        type: SessionType.group,
        group_chat_id: group.id,
        last_activity_at: spec.start,
        created_at: spec.start,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (let i = 0; i < spec.groupMessages; i++)
      rows.push(
        message(
          spec.tenantId,
          accountId,
          session.id,
          r() < 0.5 ? 1 : 0,
          spec.start + Math.floor(r() * spec.spanMs),
          null,
        ),
      )
  }
  rows.sort((a, b) => a.timestamp - b.timestamp)
  for (let i = 0; i < rows.length; i += 300)
    await db
      .insertInto('messages')
      .values(rows.slice(i, i + 300))
      .execute()
  return { messages: rows.length }
}

function message(
  tenantId: number,
  accountId: number,
  sessionId: number,
  fromMe: number,
  t: number,
  by: number | null,
) {
  return {
    tenant_id: tenantId,
    account_id: accountId,
    session_id: sessionId,
    wa_message_id: `gen-${++serial}`,
    from_me: fromMe,
    type: 'text',
    status: 'sent',
    timestamp: t,
    created_at: t,
    requested_by: fromMe ? by : null,
  }
}

export interface Recount {
  /** key tenant|day|account|agent → [in, out, sessionsOpened, turns, answered] */
  daily: Map<string, number[]>
  /** key tenant|day|account|agent|bucket → n */
  responses: Map<string, number>
  /** key tenant|day|account|agent|source|link → n */
  fans: Map<string, number>
  /** per tenant: every response time, for exact percentiles */
  times: Map<number, number[]>
  /** sessions whose customer still waits for our answer, with the turn's start */
  open: Map<number, number>
}

/**
 * The rollups' figures counted again from the raw tables in one pass, as a check: every message,
 * session and customer, and the turns walked session by session in arrival order.
 */
export async function recount(db: Db): Promise<Recount> {
  const out: Recount = {
    daily: new Map(),
    responses: new Map(),
    fans: new Map(),
    times: new Map(),
    open: new Map(),
  }
  const bump = (key: string, i: number) => {
    const v = out.daily.get(key) ?? [0, 0, 0, 0, 0]
    v[i] += 1
    out.daily.set(key, v)
  }
  const accounts = new Map(
    (await db.selectFrom('ws_accounts').select(['id', 'agent_user_id']).execute()).map((a) => [
      a.id,
      a.agent_user_id,
    ]),
  )
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'tenant_id', 'account_id', 'type', 'agent_user_id', 'created_at'])
    .execute()
  const byId = new Map(sessions.map((s) => [s.id, s]))
  const owner = (s: { account_id: number; agent_user_id: number | null }) =>
    s.agent_user_id ?? accounts.get(s.account_id) ?? 0
  for (const s of sessions)
    bump(
      `${s.tenant_id}|${statsDayOf(Number(s.created_at), STATS_DEFAULT_TIME_ZONE)}|${s.account_id}|${owner(s)}`,
      2,
    )
  const messages = await db
    .selectFrom('messages')
    .select(['id', 'tenant_id', 'account_id', 'session_id', 'from_me', 'timestamp', 'requested_by'])
    .orderBy('id')
    .execute()
  const waiting = new Map<number, { since: number; key: string }>()
  for (const m of messages) {
    const s = byId.get(m.session_id)
    if (!s) continue
    const ts = Number(m.timestamp)
    const day = statsDayOf(ts, STATS_DEFAULT_TIME_ZONE)
    const agent = owner(s)
    const sender = m.from_me ? (m.requested_by ?? agent) : agent
    bump(`${m.tenant_id}|${day}|${m.account_id}|${sender}`, m.from_me ? 1 : 0)
    if (s.type !== SessionType.personal) continue
    const open = waiting.get(s.id)
    if (!m.from_me && !open) {
      const key = `${m.tenant_id}|${day}|${m.account_id}|${agent}`
      waiting.set(s.id, { since: ts, key })
      bump(key, 3)
    } else if (m.from_me && open) {
      const ms = Math.max(0, ts - open.since)
      const k = `${m.tenant_id}|${day}|${m.account_id}|${sender}|${responseBucket(ms)}`
      out.responses.set(k, (out.responses.get(k) ?? 0) + 1)
      const list = out.times.get(m.tenant_id) ?? []
      list.push(ms)
      out.times.set(m.tenant_id, list)
      bump(open.key, 4)
      waiting.delete(s.id)
    }
  }
  for (const [id, w] of waiting) out.open.set(id, w.since)
  const fans = await db
    .selectFrom('fans')
    .select(['tenant_id', 'account_id', 'source', 'created_at'])
    .execute()
  for (const f of fans) {
    const k = `${f.tenant_id}|${statsDayOf(Number(f.created_at), STATS_DEFAULT_TIME_ZONE)}|${f.account_id}|${accounts.get(f.account_id) ?? 0}|${f.source}|0`
    out.fans.set(k, (out.fans.get(k) ?? 0) + 1)
  }
  return out
}

/** The rollup tables in the recount's shape. */
export async function rolledUp(db: Db): Promise<Omit<Recount, 'times'>> {
  const open = new Map<number, number>()
  for (const t of await db.selectFrom('stat_turns').select(['session_id', 'since']).execute())
    open.set(Number(t.session_id), Number(t.since))
  const daily = new Map<string, number[]>()
  const responses = new Map<string, number>()
  for (const d of await db.selectFrom('stat_daily').selectAll().execute()) {
    const key = `${d.tenant_id}|${d.day}|${d.account_id}|${d.agent_id}`
    const v = [d.messages_in, d.messages_out, d.sessions_opened, d.turns, d.turns_answered].map(Number)
    if (v.some((n) => n !== 0)) daily.set(key, v)
    for (const [b, n] of parseBuckets(d.responses)) responses.set(`${key}|${b}`, n)
  }
  const fans = new Map<string, number>()
  for (const f of await db.selectFrom('stat_fans').selectAll().execute())
    fans.set(`${f.tenant_id}|${f.day}|${f.account_id}|${f.agent_id}|${f.source}|${f.link_id}`, Number(f.n))
  return { daily, responses, fans, open }
}

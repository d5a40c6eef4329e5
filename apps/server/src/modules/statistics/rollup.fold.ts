import { businessDeadline, responseBucket, SessionType, STATS_DEFAULT_TIME_ZONE, statsDayOf } from '@app/core'
import { type ServiceClock, targetsOf } from '../support/index.js'

/** A stored message as the rollup reads it, with its session's and account's agents. */
export interface RawMessage {
  id: number
  tenant_id: number
  account_id: number
  session_id: number
  from_me: number
  timestamp: number
  requested_by: number | null
  session_type: string | null
  session_agent: number | null
  account_agent: number | null
}

/** A customer turn waiting for our answer. */
export interface OpenTurn {
  session_id: number
  tenant_id: number
  account_id: number
  agent_id: number
  since: number
  day: number
  /** when the turn is late unanswered: its owner's target in business time; null without a target */
  due_at: number | null
  /** counted as a breach already (its time passed unanswered): its answer does not count again */
  breached: boolean
}

export interface DailyDelta {
  tenant_id: number
  day: number
  account_id: number
  agent_id: number
  messages_in: number
  messages_out: number
  sessions_opened: number
  turns: number
  turns_answered: number
  /** first responses added per bucket; null when none */
  buckets: Map<number, number> | null
  breaches: number
}

/** What the rollup needs of a tenant's settings: the calendar of its days and its response targets. */
export type TenantClock = ServiceClock

/** The days of a tenant with no settings of its own. */
export const DEFAULT_CLOCK: TenantClock = {
  timeZone: STATS_DEFAULT_TIME_ZONE,
  targets: null,
  byAgent: new Map(),
}

/** The counts one batch adds, and the turns it leaves open or closes. */
export class RollupDelta {
  readonly daily = new Map<string, DailyDelta>()

  dailyOf(tenantId: number, day: number, accountId: number, agentId: number): DailyDelta {
    const key = `${tenantId}|${day}|${accountId}|${agentId}`
    let d = this.daily.get(key)
    if (!d) {
      d = {
        tenant_id: tenantId,
        day,
        account_id: accountId,
        agent_id: agentId,
        messages_in: 0,
        messages_out: 0,
        sessions_opened: 0,
        turns: 0,
        turns_answered: 0,
        buckets: null,
        breaches: 0,
      }
      this.daily.set(key, d)
    }
    return d
  }

  addResponse(tenantId: number, day: number, accountId: number, agentId: number, ms: number): void {
    const d = this.dailyOf(tenantId, day, accountId, agentId)
    d.buckets ??= new Map()
    const bucket = responseBucket(ms)
    d.buckets.set(bucket, (d.buckets.get(bucket) ?? 0) + 1)
  }
}

/** The agent whose work a session is: the one it was migrated to, else its account's (0: none). */
export function responsibleAgent(m: { session_agent: number | null; account_agent: number | null }): number {
  return m.session_agent ?? m.account_agent ?? 0
}

/** What a batch's fold knows beyond its messages. */
export interface FoldContext {
  clockOf(tenantId: number): TenantClock
  /**
   * The time of each session's first customer message (sessions of tenants with targets on): a
   * turn starting then is answered against the first-response target, any later one against the
   * next-response target.
   */
  firstInbound: ReadonlyMap<number, number>
}

/**
 * When a turn opened at `since` in a session of `owner` is late: the first-response target for the
 * session's first customer message, the next-response target for a later one (the owner's group's
 * targets where it has its own), in business time; null without targets.
 */
function dueAt(ctx: FoldContext, clock: TenantClock, sessionId: number, owner: number, since: number) {
  const t = targetsOf(clock, owner)
  if (!t) return null
  const target = ctx.firstInbound.get(sessionId) === since ? t.firstMs : t.nextMs
  return businessDeadline(t.plan, since, target)
}

/** Whether an answer at `at` counts as a breach: later than the turn's due time, not counted already. */
function isBreach(open: OpenTurn, at: number): boolean {
  return !open.breached && open.due_at !== null && at > open.due_at
}

/**
 * Folds messages (in id order) into `delta`, updating `turns` (session id → its open turn) in
 * place: a customer message opens a turn when none waits, the next message of ours answers it.
 * Each message counts on the day of its tenant's calendar.
 */
export function foldMessages(
  messages: RawMessage[],
  turns: Map<number, OpenTurn | null>,
  delta: RollupDelta,
  ctx: FoldContext,
): void {
  for (const m of messages) {
    const clock = ctx.clockOf(m.tenant_id)
    const day = statsDayOf(m.timestamp, clock.timeZone)
    const owner = responsibleAgent(m)
    const sender = m.from_me ? (m.requested_by ?? owner) : owner
    const d = delta.dailyOf(m.tenant_id, day, m.account_id, sender)
    if (m.from_me) d.messages_out += 1
    else d.messages_in += 1
    if (m.session_type !== SessionType.personal) continue
    const open = turns.get(m.session_id) ?? null
    if (!m.from_me) {
      if (open) continue
      turns.set(m.session_id, {
        session_id: m.session_id,
        tenant_id: m.tenant_id,
        account_id: m.account_id,
        agent_id: owner,
        since: m.timestamp,
        day,
        due_at: dueAt(ctx, clock, m.session_id, owner, m.timestamp),
        breached: false,
      })
      delta.dailyOf(m.tenant_id, day, m.account_id, owner).turns += 1
    } else if (open) {
      delta.addResponse(m.tenant_id, day, m.account_id, sender, Math.max(0, m.timestamp - open.since))
      // a late answer is the breach of the session's owner (whose target it was; else of whoever
      // answered), on the day answered
      if (isBreach(open, m.timestamp))
        delta.dailyOf(m.tenant_id, day, m.account_id, open.agent_id || sender).breaches += 1
      delta.dailyOf(open.tenant_id, open.day, open.account_id, open.agent_id).turns_answered += 1
      turns.set(m.session_id, null)
    }
  }
}

/**
 * Counts the turns whose due time passed unanswered as breaches of their owners, on
 * the day of their due time, and marks them, so their answers do not count them again.
 */
export function foldOverdue(
  overdue: OpenTurn[],
  delta: RollupDelta,
  clockOf: (tenantId: number) => TenantClock,
) {
  for (const t of overdue) {
    if (t.breached || t.due_at === null) continue
    const day = statsDayOf(t.due_at, clockOf(t.tenant_id).timeZone)
    delta.dailyOf(t.tenant_id, day, t.account_id, t.agent_id).breaches += 1
    t.breached = true
  }
}

/**
 * A histogram as stored: a JSON array of its first bucket then the counts from there on
 * (`[12, 3, 0, 5]`: bucket 12 three times, bucket 14 five times); `[]` when empty. An array
 * parses and adds up fast when a 90-day range sums hundreds of rows.
 */
export function parseBuckets(text: string): Map<number, number> {
  const out = new Map<number, number>()
  const a = JSON.parse(text || '[]') as number[]
  for (let i = 1; i < a.length; i++) if (a[i]) out.set((a[0] as number) + i - 1, a[i] as number)
  return out
}

/** Adds a stored histogram into dense counts (index = bucket). */
export function addBuckets(text: string, into: Float64Array): void {
  if (text.length <= 2) return
  const a = JSON.parse(text) as number[]
  const first = a[0] as number
  for (let i = 1; i < a.length; i++) into[first + i - 1] += a[i] as number
}

export function bucketsText(buckets: Map<number, number>): string {
  if (buckets.size === 0) return EMPTY_BUCKETS
  const keys = [...buckets.keys()]
  const first = Math.min(...keys)
  const out = new Array<number>(Math.max(...keys) - first + 2).fill(0)
  out[0] = first
  for (const [b, n] of buckets) out[b - first + 1] = n
  return JSON.stringify(out)
}

export const EMPTY_BUCKETS = '[]'

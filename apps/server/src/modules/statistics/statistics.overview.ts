import {
  histogramPercentile,
  RESPONSE_BUCKETS,
  type StatFigures,
  type StatisticsOverview,
  statsDayText,
} from '@app/core'
import { addBuckets } from './rollup.fold.js'

/** Counters of one line of the overview while it is summed. */
class Tally {
  messagesIn = 0
  messagesOut = 0
  newFans = 0
  sessionsOpened = 0
  turns = 0
  turnsAnswered = 0
  breaches = 0
  /** first responses per bucket (index = bucket) */
  readonly counts = new Float64Array(RESPONSE_BUCKETS)

  figures(): StatFigures {
    const buckets = new Map<number, number>()
    let responses = 0
    this.counts.forEach((n, b) => {
      if (n) buckets.set(b, n)
      responses += n
    })
    return {
      messagesIn: this.messagesIn,
      messagesOut: this.messagesOut,
      newFans: this.newFans,
      sessionsOpened: this.sessionsOpened,
      turns: this.turns,
      turnsAnswered: this.turnsAnswered,
      turnsUnanswered: Math.max(0, this.turns - this.turnsAnswered),
      replyRate: this.turns ? this.turnsAnswered / this.turns : null,
      responses,
      p50Ms: histogramPercentile(buckets, 50),
      p90Ms: histogramPercentile(buckets, 90),
      breaches: this.breaches,
    }
  }
}

export interface OverviewInput {
  from: number
  to: number
  rolledTo: number | null
  daily: {
    day: number
    account_id: number
    agent_id: number
    messages_in: number
    messages_out: number
    sessions_opened: number
    turns: number
    turns_answered: number
    breaches: number
    /** JSON [first bucket, counts…] */
    responses: string
  }[]
  fans: { day: number; account_id: number; agent_id: number; source: string; link_id: number; n: number }[]
  phones: Map<number, string | null>
  people: Map<number, string>
  links: Map<number, string>
  timeZone: string
}

function lineOf<K>(map: Map<K, Tally>, key: K): Tally {
  let t = map.get(key)
  if (!t) {
    t = new Tally()
    map.set(key, t)
  }
  return t
}

/** Sums the range's rollup rows into the totals and the lines per day, account and agent. */
export function buildOverview(x: OverviewInput): StatisticsOverview {
  const total = new Tally()
  const days = new Map<number, Tally>()
  for (let d = x.from; d <= x.to; d++) days.set(d, new Tally())
  const accounts = new Map<number, Tally>()
  const agents = new Map<number, Tally>()
  for (const r of x.daily) {
    const lines = [
      total,
      lineOf(days, Number(r.day)),
      lineOf(accounts, Number(r.account_id)),
      lineOf(agents, Number(r.agent_id)),
    ]
    for (const t of lines) {
      t.messagesIn += Number(r.messages_in)
      t.messagesOut += Number(r.messages_out)
      t.sessionsOpened += Number(r.sessions_opened)
      t.turns += Number(r.turns)
      t.turnsAnswered += Number(r.turns_answered)
      t.breaches += Number(r.breaches)
      addBuckets(r.responses, t.counts)
    }
  }
  const sources = new Map<string, number>()
  const links = new Map<number, number>()
  for (const r of x.fans) {
    const n = Number(r.n)
    for (const t of [
      total,
      lineOf(days, Number(r.day)),
      lineOf(accounts, Number(r.account_id)),
      lineOf(agents, Number(r.agent_id)),
    ])
      t.newFans += n
    sources.set(r.source, (sources.get(r.source) ?? 0) + n)
    links.set(Number(r.link_id), (links.get(Number(r.link_id)) ?? 0) + n)
  }
  return {
    from: statsDayText(x.from),
    to: statsDayText(x.to),
    timeZone: x.timeZone,
    rolledUpTo: x.rolledTo,
    totals: total.figures(),
    days: [...days.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([d, t]) => ({ day: statsDayText(d), ...t.figures() })),
    accounts: [...accounts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([id, t]) => ({ accountId: id, phone: x.phones.get(id) ?? null, ...t.figures() })),
    agents: [...agents.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([id, t]) => ({ agentId: id, name: x.people.get(id) ?? '', ...t.figures() })),
    fansBySource: [...sources.entries()]
      .map(([source, count]) => ({ source, count }))
      .sort((a, b) => b.count - a.count),
    fansByLink: [...links.entries()]
      .map(([linkId, count]) => ({ linkId, name: x.links.get(linkId) ?? '', count }))
      .sort((a, b) => b.count - a.count),
  }
}

import {
  localDay,
  type SatisfactionReport,
  type SatisfactionReportQuery,
  type SatisfactionReportRow,
} from '@app/core'
import type { SatisfactionRepository } from './satisfaction.repository.js'

const DAY_MS = 86_400_000

/** An agent's day as the ratings are added up. */
interface Tally extends Omit<SatisfactionReportRow, 'average'> {
  sum: number
}

/** The ratings per agent and local day of the tenant's business-hours time zone. */
export class SatisfactionReports {
  constructor(
    private readonly repo: SatisfactionRepository,
    private readonly timeZoneOf: (tenantId: number) => Promise<string>,
  ) {}

  /** How many ratings each agent had each day of the range, and their mean. */
  async report(tenantId: number, q: SatisfactionReportQuery): Promise<SatisfactionReport> {
    const timeZone = await this.timeZoneOf(tenantId)
    // a day either side of the UTC days covers every offset; each rating then counts on its local day
    const ratings = await this.repo.ratings(
      tenantId,
      Date.parse(q.from) - DAY_MS,
      Date.parse(q.to) + 2 * DAY_MS,
    )
    const groups = new Map<string, Tally>()
    for (const r of ratings) {
      const day = localDay(timeZone, r.rated_at)
      if (day < q.from || day > q.to) continue
      const key = `${day}|${r.agent_user_id ?? ''}`
      const g = groups.get(key) ?? {
        agentUserId: r.agent_user_id,
        agentName: r.agent_name ?? '',
        day,
        sum: 0,
        count: 0,
      }
      g.sum += r.rating
      g.count += 1
      groups.set(key, g)
    }
    const rows: SatisfactionReportRow[] = [...groups.values()]
      .map(({ sum, ...g }) => ({ ...g, average: Math.round((sum / g.count) * 100) / 100 }))
      .sort(
        (a, b) =>
          a.day.localeCompare(b.day) ||
          a.agentName.localeCompare(b.agentName) ||
          (a.agentUserId ?? 0) - (b.agentUserId ?? 0),
      )
    return { timeZone, rows }
  }
}

import {
  ErrorCode,
  STATS_RANGE_DAYS_MAX,
  type StatisticsOverview,
  type StatisticsRangeBody,
  statsDayNumber,
} from '@app/core'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import { buildOverview } from './statistics.overview.js'
import type { DayRange, StatisticsRepository } from './statistics.repository.js'

/** The supervisor's /dataStatistics, summed from the rollups of the caller's tenant. */
export class StatisticsService {
  constructor(
    private readonly repo: StatisticsRepository,
    /** the tenant's time zone, whose calendar days the rollups count in */
    private readonly timeZoneOf: (tenantId: number) => Promise<string>,
  ) {}

  /** The range as day numbers: the end not before the start, at most STATS_RANGE_DAYS_MAX days. */
  range(body: StatisticsRangeBody): DayRange {
    const from = statsDayNumber(body.from)
    const to = statsDayNumber(body.to)
    if (to < from) throw new AppError(ErrorCode.statsRangeInvalid)
    if (to - from + 1 > STATS_RANGE_DAYS_MAX)
      throw new AppError(ErrorCode.statsRangeTooLong, { params: { days: STATS_RANGE_DAYS_MAX } })
    return { from, to }
  }

  /** Figures of the range: totals, per day, per account and per agent, new customers by source and link. */
  async overview(caller: Caller, body: StatisticsRangeBody): Promise<StatisticsOverview> {
    const r = this.range(body)
    const t = caller.tenantId
    const [daily, fans, phones, people, links, rolledTo, timeZone] = await Promise.all([
      this.repo.daily(t, r),
      this.repo.fans(t, r),
      this.repo.accountPhones(t, r),
      this.repo.userNames(t, r),
      this.repo.linkNames(t, r),
      this.repo.rolledTo(),
      this.timeZoneOf(t),
    ])
    return buildOverview({
      ...r,
      rolledTo,
      daily,
      fans,
      phones: new Map(phones.map((p) => [Number(p.id), p.phone])),
      people: new Map(people.map((p) => [Number(p.id), p.nickname || p.username])),
      links: new Map(links.map((l) => [Number(l.id), l.name])),
      timeZone,
    })
  }
}

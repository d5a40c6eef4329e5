import {
  clampLimits,
  ErrorCode,
  FailureReason,
  type Page,
  RISK_DEFAULTS,
  RISK_LIMIT_KEYS,
  RISK_STATS_DAYS_MAX,
  type RiskConfigBody,
  type RiskConfigView,
  type RiskDayCounts,
  type RiskStatistics,
  type RiskStatisticsBody,
  type RiskWarningPageBody,
  type RiskWarningView,
  riskBounds,
} from '@app/core'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import type { RiskConfigs } from './risk.config.js'
import { DAY } from './risk.limits.js'
import { presentWarning } from './risk.presenter.js'
import type { RiskRepository } from './risk.repository.js'

export type TenantRiskFlags = (tenantId: number) => Promise<{ riskStatus: number; specialChannel: boolean }>

type DailyRow = Awaited<ReturnType<RiskRepository['daily']>>[number]
const REASONS = Object.values(FailureReason)

const emptyCounts = (): RiskDayCounts => ({
  sends: 0,
  newChats: 0,
  failed: 0,
  failedByReason: {},
  bans: 0,
  warnings: 0,
  replies: 0,
  optOuts: 0,
  replyRatio: null,
})

function add(into: RiskDayCounts, r: DailyRow): void {
  into.sends += Number(r.sends)
  into.newChats += Number(r.new_chats)
  into.failed += Number(r.failed)
  into.bans += Number(r.bans)
  into.warnings += Number(r.warnings)
  into.replies += Number(r.replies)
  into.optOuts += Number(r.opt_outs)
  for (const reason of REASONS) {
    const n = Number(r[`fail_${reason}`])
    if (n) into.failedByReason[reason] = (into.failedByReason[reason] ?? 0) + n
  }
  // customer turns answering our sends, per send: never above 1
  into.replyRatio = into.sends > 0 ? Math.round(Math.min(1, into.replies / into.sends) * 1000) / 1000 : null
}

/** The supervisor's risk pages: the config within the platform's bounds, warnings, statistics. */
export class RiskService {
  constructor(
    private readonly repo: RiskRepository,
    private readonly configs: RiskConfigs,
    private readonly flags: TenantRiskFlags,
    private readonly clock: () => number,
    /** the platform's pacing of an account on the ordinary route */
    private readonly pacing: { perMinute: number; burst: number },
  ) {}

  async config(caller: Caller): Promise<RiskConfigView> {
    const [row, flags, live] = await Promise.all([
      this.repo.config(caller.tenantId),
      this.flags(caller.tenantId),
      this.configs.of(caller.tenantId),
    ])
    const bounds = riskBounds(flags)
    const limits = row ? { ...RISK_DEFAULTS, ...JSON.parse(row.limits) } : RISK_DEFAULTS
    return {
      saved: Boolean(row),
      limits,
      effective: clampLimits(limits, bounds),
      keywords: row ? (JSON.parse(row.keywords) as string[]) : [],
      utcOffset: live.utcOffset,
      bounds,
      riskStatus: flags.riskStatus,
      specialChannel: flags.specialChannel,
      updatedAt: row ? Number(row.updated_at) : null,
      pacing: this.pacingOf(flags),
    }
  }

  /** The pacer's rate for the tenant: halved under risk control, doubled on a special channel. */
  private pacingOf(flags: { riskStatus: number; specialChannel: boolean }) {
    const factor = (flags.riskStatus === 1 ? 0.5 : 1) * (flags.specialChannel ? 2 : 1)
    return {
      perMinute: this.pacing.perMinute * factor,
      burst: Math.max(1, this.pacing.burst * factor),
    }
  }

  /** Save the limits; each must lie within the tenant's bounds now. */
  async saveConfig(caller: Caller, body: RiskConfigBody): Promise<RiskConfigView> {
    const bounds = riskBounds(await this.flags(caller.tenantId))
    for (const k of RISK_LIMIT_KEYS) {
      const [min, max] = bounds[k]
      const v = body.limits[k]
      if (v < min || v > max)
        throw new AppError(ErrorCode.riskLimitOutOfBounds, {
          params: { name: k, min, max },
          data: { field: k },
        })
    }
    const keywords = [...new Set(body.keywords.map((k) => k.trim()))]
    await this.repo.saveConfig(
      caller.tenantId,
      {
        limits: JSON.stringify(body.limits),
        keywords: JSON.stringify(keywords),
        utc_offset: body.utcOffset ?? 0,
        updated_by: caller.userId,
      },
      this.clock(),
    )
    this.configs.forget(caller.tenantId)
    return this.config(caller)
  }

  async warnings(caller: Caller, body: RiskWarningPageBody): Promise<Page<RiskWarningView>> {
    const { list, total } = await this.repo.warnings(
      caller.tenantId,
      body,
      (body.current - 1) * body.pageSize,
      body.pageSize,
    )
    return { list: list.map(presentWarning), total }
  }

  async unhandled(caller: Caller): Promise<{ unhandled: number }> {
    return { unhandled: await this.repo.unhandled(caller.tenantId) }
  }

  async handle(caller: Caller, ids: number[]): Promise<{ handled: number }> {
    return { handled: await this.repo.handle(caller.tenantId, ids, caller.userId, this.clock()) }
  }

  async statistics(caller: Caller, body: RiskStatisticsBody): Promise<RiskStatistics> {
    const days = (Date.parse(body.to) - Date.parse(body.from)) / DAY + 1
    if (days > RISK_STATS_DAYS_MAX)
      throw new AppError(ErrorCode.riskRangeTooLong, { params: { days: RISK_STATS_DAYS_MAX } })
    const rows = await this.repo.daily(caller.tenantId, body.from, body.to, body.accountId)
    const total = emptyCounts()
    // every day of the range, so a quiet day shows as zero in the chart, not as a gap closed up
    const byDay = new Map<string, RiskDayCounts & { day: string }>()
    for (let t = Date.parse(body.from); t <= Date.parse(body.to); t += DAY) {
      const d = new Date(t).toISOString().slice(0, 10)
      byDay.set(d, { day: d, ...emptyCounts() })
    }
    const out = rows.map((r) => {
      const c = emptyCounts()
      add(c, r)
      add(total, r)
      const d = byDay.get(r.day)
      if (d) add(d, r)
      return { day: r.day, accountId: Number(r.account_id), accountPhone: r.account_phone, ...c }
    })
    return { rows: out, days: [...byDay.values()], total }
  }
}

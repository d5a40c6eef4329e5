import {
  AbnormalReason,
  AccountState,
  type AccountStatusEvent,
  RISK_OPT_OUT_SPIKE,
  RISK_WARNING_DEDUPE_MS,
  RISK_WARNING_LEVEL,
  RiskWarningKind,
  type RiskWarningKindValue,
  riskDay,
  roomOf,
} from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { EventBus } from '../../events/bus.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import type { StoredInbound } from '../messages/index.js'
import type { RiskConfigs } from './risk.config.js'
import { presentWarning } from './risk.presenter.js'
import type { RiskRepository } from './risk.repository.js'

/** Outbox dispatcher and inbound: warnings by account. */
const system = openSystemScope('modules/risk/risk.warnings')

/**
 * Raises warnings: once per account and kind within the dedupe window, however many events repeat
 * it, counted in the day's statistics and pushed to the tenant's room. Work started by listeners
 * runs in the background; `idle()` waits for it (tests).
 */
export class RiskWarnings {
  private readonly pending = new Set<Promise<unknown>>()

  constructor(
    private readonly db: Db,
    private readonly repo: RiskRepository,
    private readonly configs: RiskConfigs,
    private readonly hub: RealtimeHub,
    private readonly clock: () => number,
    private readonly log: Logger,
    /** where a raised warning is announced to the other modules */
    private readonly events?: Pick<EventBus, 'publish'>,
  ) {}

  /** Raise a warning unless the same kind was raised for the account within the window; true when raised. */
  async raise(
    tenantId: number,
    accountId: number,
    kind: RiskWarningKindValue,
    detail: Record<string, unknown>,
  ): Promise<boolean> {
    const now = this.clock()
    const level = RISK_WARNING_LEVEL[kind]
    const id = await this.repo.systemInsertWarning(
      system,
      tenantId,
      accountId,
      kind,
      level,
      JSON.stringify(detail),
      now,
      RISK_WARNING_DEDUPE_MS,
    )
    if (id === null) return false
    if (accountId > 0) {
      const { utcOffset } = await this.configs.of(tenantId)
      await this.repo.systemBumpDaily(system, this.db, tenantId, accountId, riskDay(now, utcOffset), {
        warnings: 1,
        ...(kind === RiskWarningKind.banned ? { bans: 1 } : {}),
      })
    }
    const row = await this.repo.warning(tenantId, id)
    if (row) {
      const warning = presentWarning(row)
      this.hub.emit([roomOf.tenant(tenantId)], 'risk.warning', {
        warning,
        unhandled: await this.repo.unhandled(tenantId),
      })
      void this.events?.publish('risk.warning', { tenantId, warning })
    }
    return true
  }

  /** Run in the background, never blocking the caller; failures are logged. */
  later(work: () => Promise<unknown>): void {
    const p = work()
      .catch((err: unknown) => this.log.error({ err }, 'risk warning work failed'))
      .finally(() => this.pending.delete(p))
    this.pending.add(p)
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending])
  }

  /**
   * A WS account's status: a ban, a time-lock, being pushed out and WhatsApp refusing the client
   * version (the number is down until the server is updated) each warn.
   */
  onAccountStatus(tenantId: number, e: AccountStatusEvent): void {
    let kind: RiskWarningKindValue | null = null
    if (e.status === AccountState.banned) kind = RiskWarningKind.banned
    else if (e.status === AccountState.abnormal && e.abnormalReason === AbnormalReason.pushedOut)
      kind = RiskWarningKind.pushedOut
    else if (e.status === AccountState.abnormal && e.abnormalReason === AbnormalReason.updateRequired)
      kind = RiskWarningKind.updateRequired
    else if (e.status === AccountState.online && e.restrictedUntil !== null) kind = RiskWarningKind.timeLocked
    if (!kind) return
    const k = kind
    this.later(() =>
      this.raise(tenantId, e.accountId, k, {
        phone: e.phone,
        ...(k === RiskWarningKind.timeLocked ? { until: e.restrictedUntil } : {}),
        ...(k === RiskWarningKind.banned ? { bannedAt: e.bannedAt } : {}),
      }),
    )
  }

  /**
   * A customer's live message: one answering ours counts as a reply for the ratio (a customer's
   * turn, however many messages it holds), one that opted the fan out (by the tenant's opt-out
   * words, as the inbound path applied them) counts for the spike.
   */
  onInbound(e: StoredInbound): void {
    if (!e.live || e.message.from_me === 1 || e.fanId === null) return
    const optOut = e.optedOut === true
    if (!e.answered && !optOut) return
    this.later(async () => {
      const { utcOffset } = await this.configs.of(e.tenantId)
      const day = await this.repo.systemBumpDaily(
        system,
        this.db,
        e.tenantId,
        e.accountId,
        riskDay(this.clock(), utcOffset),
        { ...(e.answered ? { replies: 1 } : {}), ...(optOut ? { opt_outs: 1 } : {}) },
      )
      if (optOut && day.opt_outs >= RISK_OPT_OUT_SPIKE)
        await this.raise(e.tenantId, e.accountId, RiskWarningKind.optOutSpike, { optOuts: day.opt_outs })
    })
  }
}

import {
  blockedKeyword,
  FailureReason,
  type FailureReasonValue,
  RISK_FAILURE_BURST,
  RISK_REPLY_RATIO_MIN,
  RISK_REPLY_RATIO_MIN_SENDS,
  type RiskRefusal,
  RiskRule,
  RiskWarningKind,
  riskDay,
  SendOrigin,
} from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { RiskConfigs } from './risk.config.js'
import { DAY, effectiveLimits, HOUR, MINUTE, windowsAt } from './risk.limits.js'
import type { RiskRepository, WindowCounts } from './risk.repository.js'
import type { RiskWarnings } from './risk.warnings.js'

/** Outbox dispatcher: risk windows by account. */
const system = openSystemScope('modules/risk/risk.gate')

/** What the dispatcher knows of a message about to go out. */
export interface RiskSendInput {
  tenantId: number
  accountId: number
  origin: string
  /** the text or caption */
  text: string
  /** our first message in a personal chat */
  newChat: boolean
  riskStatus: number
  specialChannel: boolean
  /** when the account was added (warm-up) */
  accountAddedAt: number
}

/** Pass, or a refusal: `wait` asks the dispatcher to hold the message until the window reopens. */
export type RiskVerdict = { pass: true } | { pass: false; refusal: RiskRefusal; wait: boolean }

/** How a message ended, for the day's statistics. */
export interface RiskOutcome {
  tenantId: number
  accountId: number
  newChat: boolean
  /** null: sent */
  failure: FailureReasonValue | null
}

const EMPTY = { sends: 0, new_chats: 0, mass_sends: 0, failures: 0, last_mass_at: null }

/**
 * The risk gate on the send path, asked by the outbox dispatcher right before a message goes out,
 * for every sender. It refuses a text holding a blocked keyword, and a message over a limit of
 * its account's current minute, hour or day, its new chats or its mass sends; an admitted
 * message is counted in its windows at once (an attempt counts, sent or not). The outcome of each
 * message is counted in the day's statistics inside the transaction that records it.
 */
export class RiskGate {
  constructor(
    private readonly repo: RiskRepository,
    private readonly configs: RiskConfigs,
    private readonly warnings: RiskWarnings,
    /** the clock of the windows (tests move it) */
    readonly clock: () => number,
  ) {}

  /** The tenant's blocked keyword a text holds, if any: the content check of a send, also applied to an edit. */
  async blockedKeywordIn(tenantId: number, text: string): Promise<string | null> {
    const cfg = await this.configs.of(tenantId)
    return cfg.saved ? blockedKeyword(text, cfg.keywords) : null
  }

  async admit(input: RiskSendInput): Promise<RiskVerdict> {
    const cfg = await this.configs.of(input.tenantId)
    if (!cfg.saved) return { pass: true }
    const now = this.clock()
    const w = windowsAt(now, cfg.utcOffset)
    const found = await this.repo.systemWindows(system, input.tenantId, input.accountId, [w.m, w.h, w.d])
    const at = (start: number, unit: string): WindowCounts =>
      found.find((f) => f.unit === unit && Number(f.start) === start) ?? { unit, start, ...EMPTY }
    const [m, h, d] = [at(w.m.start, 'm'), at(w.h.start, 'h'), at(w.d.start, 'd')]
    const limits = effectiveLimits(
      cfg.limits,
      { riskStatus: input.riskStatus, specialChannel: input.specialChannel },
      input.accountAddedAt,
      now,
    )
    const remaining = Math.max(0, limits.perDay - Number(d.sends))
    const mass = input.origin === SendOrigin.massSend
    const refuse = async (
      rule: RiskRefusal['rule'],
      reopensAt: number | null,
      keyword?: string,
    ): Promise<RiskVerdict> => {
      const refusal: RiskRefusal = { rule, remaining, reopensAt, ...(keyword ? { keyword } : {}) }
      // a refused window puts the account's sessions in risk control until it reopens (the
      // interval between two mass-send messages is pacing, not a window)
      if (reopensAt !== null && rule !== RiskRule.massInterval)
        await this.repo.systemHold(system, input.tenantId, input.accountId, reopensAt, now)
      if (rule !== RiskRule.keyword)
        this.warnings.later(() =>
          this.warnings.raise(input.tenantId, input.accountId, RiskWarningKind.limitHit, {
            rule,
            remaining,
            reopensAt,
          }),
        )
      return { pass: false, refusal, wait: mass && rule !== RiskRule.keyword }
    }
    const keyword = input.text ? blockedKeyword(input.text, cfg.keywords) : null
    if (keyword) return refuse(RiskRule.keyword, null, keyword)
    if (Number(m.sends) >= limits.perMinute) return refuse(RiskRule.perMinute, w.m.start + MINUTE)
    if (Number(h.sends) >= limits.perHour) return refuse(RiskRule.perHour, w.h.start + HOUR)
    if (Number(d.sends) >= limits.perDay) return refuse(RiskRule.perDay, w.d.start + DAY)
    if (input.newChat && Number(d.new_chats) >= limits.newChatsPerDay)
      return refuse(RiskRule.newChats, w.d.start + DAY)
    if (mass) {
      if (Number(d.mass_sends) >= limits.massPerDay) return refuse(RiskRule.massPerDay, w.d.start + DAY)
      const next = d.last_mass_at === null ? 0 : Number(d.last_mass_at) + limits.massIntervalSec * 1000
      if (next > now) return refuse(RiskRule.massInterval, next)
    }
    await this.repo.systemBumpWindows(
      system,
      input.tenantId,
      input.accountId,
      [w.m, w.h, w.d],
      { sends: 1, new_chats: input.newChat ? 1 : 0, mass_sends: mass ? 1 : 0, failures: 0 },
      mass ? now : null,
    )
    return { pass: true }
  }

  /** Count a message's outcome in its day, inside the transaction that records it. */
  async record(q: Kysely<Database>, o: RiskOutcome): Promise<{ sends: number; replies: number }> {
    // read within the transaction: on SQLite a read on another connection would wait for this one
    const { utcOffset } = await this.configs.of(o.tenantId, q)
    const sent = o.failure === null
    return this.repo.systemBumpDaily(system, q, o.tenantId, o.accountId, riskDay(this.clock(), utcOffset), {
      ...(sent ? { sends: 1, new_chats: o.newChat ? 1 : 0 } : { failed: 1, reason: o.failure ?? undefined }),
    })
  }

  /** After the outcome committed: a burst of failed sends or a falling reply ratio warns (in the background). */
  settled(o: RiskOutcome, day: { sends: number; replies: number }): void {
    if (o.failure === null) {
      if (day.sends >= RISK_REPLY_RATIO_MIN_SENDS && day.sends % 10 === 0) {
        const ratio = day.replies / day.sends
        if (ratio < RISK_REPLY_RATIO_MIN)
          this.warnings.later(() =>
            this.warnings.raise(o.tenantId, o.accountId, RiskWarningKind.lowReplyRatio, {
              sends: day.sends,
              replies: day.replies,
              ratio: Math.round(ratio * 1000) / 1000,
            }),
          )
      }
      return
    }
    // refusals of our own rules are not WhatsApp failing the account
    if (o.failure === FailureReason.riskControlLimit || o.failure === FailureReason.contentViolation) return
    this.warnings.later(async () => {
      const now = this.clock()
      const { utcOffset } = await this.configs.of(o.tenantId)
      const { h } = windowsAt(now, utcOffset)
      await this.repo.systemBumpWindows(
        system,
        o.tenantId,
        o.accountId,
        [h],
        { sends: 0, new_chats: 0, mass_sends: 0, failures: 1 },
        null,
      )
      const [row] = await this.repo.systemWindows(system, o.tenantId, o.accountId, [h])
      const failures = Number(row?.failures ?? 0)
      if (failures >= RISK_FAILURE_BURST)
        await this.warnings.raise(o.tenantId, o.accountId, RiskWarningKind.sendFailures, {
          failures,
          lastReason: o.failure,
        })
    })
  }
}

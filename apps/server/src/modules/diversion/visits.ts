import { randomInt } from 'node:crypto'
import {
  DiversionUnavailable,
  type DiversionUnavailableValue,
  ErrorCode,
  type ErrorCodeValue,
} from '@app/core'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import { AppError } from '../../http/errors.js'
import type { LinksRepository } from './links.repository.js'

/** Public diversion link by code. */
const system = openSystemScope('modules/diversion/visits')

const DAY = 86_400_000
/** Letters and digits a visitor cannot misread (no 0, O, 1, I). */
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** The error a visit that reached no account answers with, by reason. */
export const UNAVAILABLE_CODE: Record<DiversionUnavailableValue, ErrorCodeValue> = {
  [DiversionUnavailable.unknown]: ErrorCode.diversionUnknown,
  [DiversionUnavailable.disabled]: ErrorCode.diversionDisabled,
  [DiversionUnavailable.noAccount]: ErrorCode.diversionNoAccount,
}

/** Where a visit sends the visitor: the chosen account's number, the prefilled text, and the wa.me link of both. */
export interface VisitTarget {
  url: string
  phone: string
  text: string
}

export type VisitOutcome = VisitTarget | { why: DiversionUnavailableValue }

function newRef(): string {
  let ref = ''
  for (let i = 0; i < 6; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)]
  return ref
}

/** The prefilled text: the link's greeting and the visit reference the first message is matched on. */
function prefilledText(greeting: string, ref: string): string {
  return greeting ? `${greeting} #${ref}` : `#${ref}`
}

/**
 * A visit to a diversion link: the next online account in turn gets the visitor. Five small
 * indexed statements, no scan: find the link, count the visit (its turn), list the link's online
 * accounts, take a cap slot, record the visit.
 */
export class VisitService {
  constructor(
    private readonly links: LinksRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async visit(code: string): Promise<VisitOutcome> {
    const link = await this.links.systemByCode(system, code)
    if (!link) return { why: DiversionUnavailable.unknown }
    if (!link.enabled) return { why: DiversionUnavailable.disabled }
    const { visits: turn } = await this.links.systemNextTurn(system, link.id)
    const now = this.now()
    const day = Math.floor((now + link.utc_offset * 60_000) / DAY)
    // capped accounts are left out before the turn is applied, so the rest share the visits evenly
    const open = (await this.links.systemOnlineAccounts(system, link.id)).filter(
      (a) => a.daily_cap === 0 || a.cap_day !== day || a.cap_used < a.daily_cap,
    )
    const start = Number(turn) % Math.max(open.length, 1)
    for (let i = 0; i < open.length; i++) {
      const a = open[(start + i) % open.length]
      // another visit may have taken the last slot since the list was read: try the next one
      if (!(await this.links.systemClaimTurn(system, a.id, day))) continue
      const ref = newRef()
      await this.links.systemInsertVisit(system, {
        tenantId: link.tenant_id,
        linkId: link.id,
        accountId: a.account_id,
        ref,
        now,
      })
      const text = prefilledText(link.greeting, ref)
      return { url: `https://wa.me/${a.phone}?text=${encodeURIComponent(text)}`, phone: a.phone ?? '', text }
    }
    return { why: DiversionUnavailable.noAccount }
  }

  /** A visit that must reach an account (the simulated phone's): its target, or the refusal as an error. */
  async target(code: string): Promise<VisitTarget> {
    const outcome = await this.visit(code)
    if ('why' in outcome) throw new AppError(UNAVAILABLE_CODE[outcome.why])
    return outcome
  }

  /** The newest links of every tenant, for the simulated phones to visit (demo mode). */
  systemLinks(scope: SystemScope, limit: number) {
    return this.links.systemNewest(scope, limit)
  }
}

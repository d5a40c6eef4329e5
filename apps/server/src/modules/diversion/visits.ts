import { randomInt } from 'node:crypto'
import { DiversionUnavailable, type DiversionUnavailableValue } from '@app/core'
import { openSystemScope } from '../../db/system-scope.js'
import type { LinksRepository } from './links.repository.js'

/** Public diversion link by code. */
const system = openSystemScope('modules/diversion/visits')

const DAY = 86_400_000
/** Letters and digits a visitor cannot misread (no 0, O, 1, I). */
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export type VisitOutcome = { url: string } | { why: DiversionUnavailableValue }

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
      const text = encodeURIComponent(prefilledText(link.greeting, ref))
      return { url: `https://wa.me/${a.phone}?text=${text}` }
    }
    return { why: DiversionUnavailable.noAccount }
  }
}

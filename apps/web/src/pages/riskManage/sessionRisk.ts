import {
  type DeskSessionView,
  SESSION_RISK_UNLOCKED_MS,
  type SessionRiskValue,
  sessionRiskAt,
} from '@app/core'
import { useEffect, useState } from 'react'

/** The longest delay a browser timer takes. */
const TIMER_MAX_MS = 2_147_483_647

type RiskFields = Pick<DeskSessionView, 'risk' | 'riskLocked' | 'riskHoldUntil'>

/**
 * A session's risk status now: in risk control until its account's refusing window reopens, then
 * unlocked for a day, then none. The tag moves by itself when the window reopens (no event comes
 * from the server for that: the reopening time is known from the list or the refusal).
 */
export function useSessionRisk(s: RiskFields): SessionRiskValue {
  const [, setTick] = useState(0)
  const hold = s.riskHoldUntil ?? null
  const known = s.riskLocked !== undefined || s.riskHoldUntil !== undefined
  const now = Date.now()
  const next = hold === null ? null : now < hold ? hold : hold + SESSION_RISK_UNLOCKED_MS
  useEffect(() => {
    if (next === null) return
    const wait = next - Date.now()
    if (wait <= 0) return
    const timer = setTimeout(() => setTick((x) => x + 1), Math.min(wait + 50, TIMER_MAX_MS))
    return () => clearTimeout(timer)
  }, [next])
  return known ? sessionRiskAt(s, now) : s.risk
}

/**
 * A refusal of one of an account's messages by a risk window (the `message.updated` event's
 * `risk.reopensAt`): every session of that account is held until then; an earlier reopening never
 * shortens a hold.
 */
export function holdAccount<R extends { accountId: number; riskHoldUntil?: number | null }>(
  row: R,
  accountId: number,
  reopensAt: number,
): R {
  if (row.accountId !== accountId) return row
  if ((row.riskHoldUntil ?? 0) >= reopensAt) return row
  return { ...row, riskHoldUntil: reopensAt }
}

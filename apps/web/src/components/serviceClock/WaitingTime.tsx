import { Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../utils/date'
import { useServiceClock } from './useServiceClock'

/** The waiting time moves on while the list is open. */
const TICK_MS = 30_000
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "waiting 12 min", "waiting 1 h 5 min", "waiting 2 d" since the customer's oldest unanswered message. */
function waitingText(t: TFunction, since: number, now: number): string {
  const ms = Math.max(0, now - since)
  if (ms < MINUTE) return t('desk.waiting.lessThanMinute')
  if (ms < HOUR) return t('desk.waiting.minutes', { count: Math.floor(ms / MINUTE) })
  if (ms < DAY)
    return t('desk.waiting.hours', {
      hours: Math.floor(ms / HOUR),
      minutes: Math.floor((ms % HOUR) / MINUTE),
    })
  return t('desk.waiting.days', { count: Math.floor(ms / DAY) })
}

/**
 * How long a session has waited on our reply, ticking every 30 s; the exact time on hover. With
 * service levels on, amber past half the response target and red past it (said in words too); the
 * target is that of `ownerId`, the agent whose session it is.
 */
export function WaitingTime({ since, ownerId }: { since: number; ownerId: number | null }) {
  const { t } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  const clockOf = useServiceClock()
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(id)
  }, [])
  const clock = clockOf(since, now, ownerId)
  const type = clock
    ? ({ ok: 'secondary', amber: 'warning', red: 'danger' } as const)[clock.level]
    : now - since >= HOUR
      ? 'danger'
      : 'warning'
  const minutes = clock?.targetMinutes
  const state =
    clock?.level === 'red'
      ? t('desk.waiting.overdue', { minutes })
      : clock?.level === 'amber'
        ? t('desk.waiting.nearing', { minutes })
        : null
  return (
    <Typography.Text
      type={type}
      strong={clock?.level === 'red'}
      style={{ fontSize: 12, flex: 'none' }}
      title={[
        formatDate(since),
        clock
          ? t(clock.businessTime ? 'desk.waiting.target' : 'desk.waiting.targetAllDay', { minutes })
          : null,
      ]
        .filter(Boolean)
        .join(' · ')}
      data-testid="desk-session-waiting"
      data-level={clock?.level ?? 'none'}
    >
      {waitingText(t, since, now)}
      {state ? <span className="sr-only">{` (${state})`}</span> : null}
    </Typography.Text>
  )
}

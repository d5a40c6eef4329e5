import type { DeskSessionView, SessionStatusValue } from '@app/core'
import { Tag, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../../utils/date'

/** The tag colour of each status that shows one; an open session shows none. */
const COLORS: Partial<Record<SessionStatusValue, string>> = {
  pending: 'gold',
  snoozed: 'purple',
  resolved: 'green',
}

const SNOOZE_FORMAT = 'MM-DD HH:mm'

/** "Snoozed until 01-06 09:00", or the status's name. */
function useStatusLabel(session: Pick<DeskSessionView, 'status' | 'snoozedUntil'>): string {
  const { t } = useTranslation()
  const status = session.status ?? 'open'
  if (status === 'snoozed' && session.snoozedUntil)
    return t('desk.status.snoozedUntil', { time: formatDate(session.snoozedUntil, SNOOZE_FORMAT) })
  return t(`desk.status.names.${status}`)
}

/**
 * A session's conversation status as a small tag: pending, snoozed (until when, on hover or in
 * full with `full`), resolved. An open session, the usual state, shows nothing.
 */
export function SessionStatusTag({
  session,
  full = false,
  testId = 'desk-session-status',
}: {
  session: Pick<DeskSessionView, 'status' | 'snoozedUntil'>
  full?: boolean
  testId?: string
}) {
  const { t } = useTranslation()
  const label = useStatusLabel(session)
  const status = session.status ?? 'open'
  const color = COLORS[status]
  if (!color) return null
  const tag = (
    <Tag
      color={color}
      style={{ marginInlineEnd: 0, fontSize: full ? undefined : 11, lineHeight: full ? undefined : '16px' }}
      data-testid={testId}
      data-status={status}
    >
      {full ? label : t(`desk.status.names.${status}`)}
    </Tag>
  )
  return !full && status === 'snoozed' ? <Tooltip title={label}>{tag}</Tooltip> : tag
}

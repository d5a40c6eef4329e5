import { SESSION_STATUSES, type SessionStatusValue } from '@app/core'
import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'

const ALL = 'all'

/** Above the list: every status, or one (All / Open / Pending / Snoozed / Resolved). */
export function StatusFilter({
  value,
  onChange,
}: {
  value: SessionStatusValue | undefined
  onChange: (status: SessionStatusValue | undefined) => void
}) {
  const { t } = useTranslation()
  const options = [
    { value: ALL, label: t('desk.status.all') },
    ...SESSION_STATUSES.map((s) => ({ value: s, label: t(`desk.status.names.${s}`) })),
  ]
  return (
    <Segmented
      block
      size="small"
      value={value ?? ALL}
      options={options}
      onChange={(v) => onChange(v === ALL ? undefined : (v as SessionStatusValue))}
      aria-label={t('desk.status.filter')}
      data-testid="desk-status-filter"
      style={{ fontSize: 12 }}
    />
  )
}

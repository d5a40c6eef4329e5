import { AnnouncementStatus } from '@app/core'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

/** Status 0 is enabled (shown to users), 1 disabled (spec §4). */
export function useStatusOptions() {
  const { t } = useTranslation()
  return [
    { value: AnnouncementStatus.enabled, label: t('announcement.statusEnabled') },
    { value: AnnouncementStatus.disabled, label: t('announcement.statusDisabled') },
  ]
}

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation()
  return status === AnnouncementStatus.enabled ? (
    <Tag color="green">{t('announcement.statusEnabled')}</Tag>
  ) : (
    <Tag>{t('announcement.statusDisabled')}</Tag>
  )
}

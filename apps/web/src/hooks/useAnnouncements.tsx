import { ANNOUNCEMENT_POLL_MS, AnnouncementStatus } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { enabledAnnouncements } from '../api/announcement'
import { feedback } from '../app/feedback'
import { getShownAnnouncementIds, setShownAnnouncementIds } from '../utils/storage'

const enabledAnnouncementsKey = ['announcements', 'enabled'] as const

/** Enabled announcements, refreshed every 60 s while a signed-in page is open. */
export function useEnabledAnnouncements() {
  return useQuery({
    queryKey: enabledAnnouncementsKey,
    queryFn: enabledAnnouncements,
    refetchInterval: ANNOUNCEMENT_POLL_MS,
    refetchIntervalInBackground: true,
  })
}

/**
 * Spec §4: each enabled announcement is shown once per browser, as a notification that stays
 * until closed; shown ids are remembered in the 'announcementIds' cookie. Failures are logged.
 */
export function useAnnouncementNotifications(): void {
  const { t } = useTranslation()
  const { data, error } = useEnabledAnnouncements()
  useEffect(() => {
    if (error) console.error('[announcements]', error)
  }, [error])
  useEffect(() => {
    if (!data) return
    const shown = getShownAnnouncementIds()
    const fresh = data.filter((a) => a.status === AnnouncementStatus.enabled && !shown.includes(a.id))
    if (fresh.length === 0) return
    for (const a of fresh) {
      feedback().notification.info({
        key: `announcement-${a.id}`,
        title: `${t('layout.announcementTitle')}: ${a.title}`,
        description: (
          <div
            data-testid="announcement-notification"
            style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }}
          >
            {a.content}
          </div>
        ),
        duration: false,
        placement: 'topRight',
      })
    }
    setShownAnnouncementIds([...shown, ...fresh.map((a) => a.id)])
  }, [data, t])
}

import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { feedback } from '../app/feedback'
import { useIsCustomerMaster, useSession } from '../stores/session'
import { formatDate } from '../utils/date'

/** Spec §8: a customerMaster whose VIP has expired is told on entry, with the end date. */
export function useVipNotice(): void {
  const { t } = useTranslation()
  const user = useSession((s) => s.user)
  const isMaster = useIsCustomerMaster()
  const shownFor = useRef<number | null>(null)
  useEffect(() => {
    if (!user || !isMaster || !user.vipExpired || shownFor.current === user.id) return
    shownFor.current = user.id
    const end = user.validDate[1]
    feedback().modal.warning({
      title: t('layout.vipExpiredTitle'),
      content: t('layout.vipExpiredText', { date: end ? formatDate(end, 'YYYY-MM-DD') : '-' }),
      okText: t('common.ok'),
    })
  }, [user, isMaster, t])
}

import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../../components/page/PageFrame'
import { MassSendScreen } from '../components/MassSendScreen'

/**
 * /marketing/fanGroupSendLog (customerMaster): every task with its live counters (recipients,
 * messages, sent, delivered, read, replied, failed by reason, remaining); a task's log shows each
 * recipient's states and times, exports to XLSX, and charts sends over time per account.
 */
export default function FanGroupSendLogPage() {
  const { t } = useTranslation()
  return (
    <PageFrame title={t('menu.fanGroupSendLog')}>
      <MassSendScreen scope="console" mode="log" creates={false} />
    </PageFrame>
  )
}

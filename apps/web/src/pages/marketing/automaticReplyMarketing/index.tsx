import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../../components/page/PageFrame'
import { AutoReplyScreen } from './components/AutoReplyScreen'

/**
 * /marketing/automaticReplyMarketing (supervisor): every auto-reply rule of the tenant; public
 * rules for the whole tenant and personal rules for chosen agents.
 */
export default function AutomaticReplyMarketingPage() {
  const { t } = useTranslation()
  return (
    <PageFrame title={t('menu.automaticReplyMarketing')} sections>
      <AutoReplyScreen agentMode={false} />
    </PageFrame>
  )
}

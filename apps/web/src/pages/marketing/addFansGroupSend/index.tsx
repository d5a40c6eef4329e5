import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../../components/page/PageFrame'
import { MassSendScreen } from '../components/MassSendScreen'

/**
 * /marketing/addFansGroupSend (customerMaster): the tenant's mass-send tasks with live progress and
 * the actions each status allows, and the new-task form (a drawer) for strangers, customers or
 * groups; each task's log opens beside the list.
 */
export default function AddFansGroupSendPage() {
  const { t } = useTranslation()
  return (
    <PageFrame title={t('menu.addFansGroupSend')}>
      <MassSendScreen scope="console" mode="tasks" creates />
    </PageFrame>
  )
}

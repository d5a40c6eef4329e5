import { Card } from 'antd'
import { MassSendScreen } from '../components/MassSendScreen'

/**
 * /marketing/addFansGroupSend (customerMaster): the tenant's mass-send tasks with live progress and
 * the actions each status allows, and the new-task form (a drawer) for strangers, customers or
 * groups; each task's log opens beside the list.
 */
export default function AddFansGroupSendPage() {
  return (
    <Card>
      <MassSendScreen scope="console" mode="tasks" creates />
    </Card>
  )
}

import { Card } from 'antd'
import { MassSendScreen } from '../../marketing/components/MassSendScreen'

/**
 * /customerServiceDesk/fanGroupSend, the desk's "mass send": the tasks of the desk's agent (the
 * server scopes every call by the desk's headers) with the same list, form and log, the audience
 * being the agent's own customers and accounts.
 */
export default function DeskFanGroupSendPage() {
  return (
    <div style={{ padding: 16 }}>
      <Card>
        <MassSendScreen scope="desk" mode="tasks" creates />
      </Card>
    </div>
  )
}

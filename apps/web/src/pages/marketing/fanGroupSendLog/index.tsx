import { Card } from 'antd'
import { MassSendScreen } from '../components/MassSendScreen'

/**
 * /marketing/fanGroupSendLog (customerMaster): every task with its live counters (recipients,
 * messages, sent, delivered, read, replied, failed by reason, remaining); a task's log shows each
 * recipient's states and times, exports to XLSX, and charts sends over time per account.
 */
export default function FanGroupSendLogPage() {
  return (
    <Card>
      <MassSendScreen scope="console" mode="log" creates={false} />
    </Card>
  )
}

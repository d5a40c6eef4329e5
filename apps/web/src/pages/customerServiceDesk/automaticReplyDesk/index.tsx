import { useDesk } from '../../../stores/desk'
import { useIsCustomerMaster } from '../../../stores/session'
import { AutoReplyScreen } from '../../marketing/automaticReplyMarketing/components/AutoReplyScreen'

/**
 * /customerServiceDesk/automaticReplyDesk: an agent's (or the agent a supervisor acts as) personal
 * rules, with the public rules read-only; a supervisor at their own desk sees the tenant's rules.
 */
export default function AutomaticReplyDeskPage() {
  const isMaster = useIsCustomerMaster()
  const acting = useDesk((s) => s.actingUserId)
  return <AutoReplyScreen agentMode={!isMaster || acting !== null} />
}

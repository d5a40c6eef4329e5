import { AutoReplyScreen } from './components/AutoReplyScreen'

/**
 * /marketing/automaticReplyMarketing (supervisor): every auto-reply rule of the tenant; public
 * rules for the whole tenant and personal rules for chosen agents.
 */
export default function AutomaticReplyMarketingPage() {
  return <AutoReplyScreen agentMode={false} />
}

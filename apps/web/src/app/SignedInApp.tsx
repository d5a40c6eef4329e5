import { App as AntApp } from 'antd'
import { Outlet } from 'react-router'
import { FeedbackBridge } from './FeedbackBridge'

/**
 * antd's App context (message, modal and notification following the theme and the language)
 * around the signed-in layouts; the sign-in pages do without it, so their first load is lighter.
 */
export default function SignedInApp() {
  return (
    <AntApp component={false} notification={{ top: 72 }}>
      <FeedbackBridge />
      <Outlet />
    </AntApp>
  )
}

import { App as AntApp } from 'antd'
import { Outlet } from 'react-router'
import { useAccessibleTables } from '../hooks/useAccessibleTables'
import { FeedbackBridge } from './FeedbackBridge'

/**
 * antd's App context (message, modal and notification following the theme and the language)
 * around the signed-in layouts; the sign-in pages do without it, so their first load is lighter.
 * Every table of these pages is kept reachable from the keyboard (useAccessibleTables).
 */
export default function SignedInApp() {
  useAccessibleTables()
  return (
    <AntApp component={false} notification={{ top: 72 }}>
      <FeedbackBridge />
      <Outlet />
    </AntApp>
  )
}

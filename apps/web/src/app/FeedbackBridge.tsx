import { App } from 'antd'
import { useEffect } from 'react'
import { setFeedback } from './feedback'

/** Hands antd's context-aware message, modal and notification to code outside React. */
export function FeedbackBridge() {
  const { message, modal, notification } = App.useApp()
  useEffect(() => {
    setFeedback({ message, modal, notification })
  }, [message, modal, notification])
  return null
}

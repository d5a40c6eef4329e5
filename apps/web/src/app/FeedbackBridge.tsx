import { App } from 'antd'
import { useEffect } from 'react'
import { resetFeedback, setFeedback } from './feedback'

/** Hands antd's context-aware message, modal and notification to code outside React. */
export function FeedbackBridge() {
  const { message, modal, notification } = App.useApp()
  useEffect(() => {
    setFeedback({ message, modal, notification })
    // signed out: the sign-in pages have no App context, their toasts use the static methods
    return resetFeedback
  }, [message, modal, notification])
  return null
}

import {
  type MessageArgsProps,
  type ModalFuncProps,
  type NotificationArgsProps,
  message as staticMessage,
  Modal as staticModal,
  notification as staticNotification,
} from 'antd'

type Toast = (args: MessageArgsProps) => unknown
type Dialog = (config: ModalFuncProps) => { destroy: () => void }

/**
 * Toasts and dialogs for code that lives outside React (the request client, pollers).
 * `<FeedbackBridge>` swaps in antd's context-aware instances (theme and locale follow the
 * ConfigProvider); until it mounts, and in unit tests, antd's static methods are used.
 */
export interface Feedback {
  message: { error: Toast; success: Toast; warning: Toast; info: Toast; loading: Toast }
  modal: { confirm: Dialog; warning: Dialog; info: Dialog }
  notification: { info: (args: NotificationArgsProps) => void }
}

let current: Feedback = { message: staticMessage, modal: staticModal, notification: staticNotification }

export function setFeedback(next: Feedback): void {
  current = next
}

export function feedback(): Feedback {
  return current
}

type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigateImpl: Navigate = (to) => window.location.assign(to)

/** The router registers its navigate function so non-React code can move without a reload. */
export function setNavigate(fn: Navigate): void {
  navigateImpl = fn
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options)
}

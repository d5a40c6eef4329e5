import type { MessageArgsProps, ModalFuncProps, NotificationArgsProps } from 'antd'

type Toast = (args: MessageArgsProps) => unknown
type Dialog = (config: ModalFuncProps) => { destroy: () => void }

/**
 * Toasts and dialogs for code that lives outside React (the request client, pollers).
 * `<FeedbackBridge>` (signed-in pages) swaps in antd's context-aware instances (theme and locale
 * follow the ConfigProvider); until it mounts (the sign-in pages), and in unit tests, antd's static
 * methods are used, fetched on first use so the first load does not carry them.
 */
export interface Feedback {
  message: { error: Toast; success: Toast; warning: Toast; info: Toast; loading: Toast }
  modal: { confirm: Dialog; warning: Dialog; info: Dialog }
  notification: { info: (args: NotificationArgsProps) => void }
}

const statics = () => import('./staticFeedback')

const lazyToast =
  (kind: keyof Feedback['message']): Toast =>
  (args) => {
    void statics().then((m) => m.message[kind](args))
  }

const lazyDialog =
  (kind: keyof Feedback['modal']): Dialog =>
  (config) => {
    const opened = statics().then((m) => m.Modal[kind](config))
    return { destroy: () => void opened.then((d) => d.destroy()) }
  }

const lazyFeedback: Feedback = {
  message: {
    error: lazyToast('error'),
    success: lazyToast('success'),
    warning: lazyToast('warning'),
    info: lazyToast('info'),
    loading: lazyToast('loading'),
  },
  modal: { confirm: lazyDialog('confirm'), warning: lazyDialog('warning'), info: lazyDialog('info') },
  notification: {
    info: (args) => {
      void statics().then((m) => m.notification.info(args))
    },
  },
}

let current: Feedback = lazyFeedback

export function setFeedback(next: Feedback): void {
  current = next
}

/** Back to antd's static methods (the signed-in pages' instances are gone, e.g. after signing out). */
export function resetFeedback(): void {
  current = lazyFeedback
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

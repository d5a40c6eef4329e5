import { vi } from 'vitest'
import { setFeedback } from '../app/feedback'

type Toast = (...args: unknown[]) => unknown

/**
 * Toasts and dialogs answered by spies instead of antd: a test passes the spies it looks at
 * (`success`, `error`), the rest do nothing. Dialogs return a handle that closes nothing.
 */
export function fakeFeedback(spies: { success?: Toast; error?: Toast } = {}): void {
  const noop = vi.fn()
  const dialog = vi.fn(() => ({ destroy: noop }))
  setFeedback({
    message: {
      error: spies.error ?? noop,
      success: spies.success ?? noop,
      warning: noop,
      info: noop,
      loading: noop,
    },
    modal: { confirm: dialog, warning: dialog, info: dialog },
    notification: { info: noop },
  })
}

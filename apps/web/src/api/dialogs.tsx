import { feedback, navigateTo } from '../app/feedback'
import { i18n } from '../i18n'
import { browser } from '../utils/browser'
import { removeSessionType, removeToken } from '../utils/storage'

let sessionExpiredOpen = false
let deskTakenOpen = false

/**
 * Code 401 (spec §4): stay on the page, or clear the token and session type and reload — the
 * navigation guard then sends the user to the login page with this page as the redirect.
 * Only one such dialog is open at a time, however many calls fail together.
 */
export function showSessionExpiredDialog(): void {
  if (sessionExpiredOpen) return
  sessionExpiredOpen = true
  feedback().modal.confirm({
    title: i18n.t('request.sessionExpiredTitle'),
    content: i18n.t('request.sessionExpired'),
    okText: i18n.t('request.relogin'),
    cancelText: i18n.t('common.cancel'),
    modalRender: (node) => <div data-testid="dialog-session-expired">{node}</div>,
    onOk: () => {
      removeToken()
      removeSessionType()
      browser.reload()
    },
    afterClose: () => {
      sessionExpiredOpen = false
    },
  })
}

/** Code 433 (spec §4): a supervisor took this desk elsewhere; go home, or close the window. */
export function showDeskTakenDialog(): void {
  if (deskTakenOpen) return
  deskTakenOpen = true
  feedback().modal.confirm({
    title: i18n.t('request.deskTakenTitle'),
    content: i18n.t('request.deskTaken'),
    okText: i18n.t('request.backHome'),
    cancelText: i18n.t('request.closePage'),
    modalRender: (node) => <div data-testid="dialog-desk-taken">{node}</div>,
    onOk: () => navigateTo('/home'),
    onCancel: () => browser.close(),
    afterClose: () => {
      deskTakenOpen = false
    },
  })
}

/** For tests: forget that a dialog is open. */
export function resetDialogs(): void {
  sessionExpiredOpen = false
  deskTakenOpen = false
}

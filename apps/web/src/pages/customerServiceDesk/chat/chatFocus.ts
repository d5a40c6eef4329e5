/** The open chat's region on the desk (the skip link's target). */
export const CHAT_REGION_ID = 'desk-chat'
/** The composer's text field. */
export const COMPOSER_ID = 'desk-composer'

/**
 * Puts the keyboard in the composer, or on the chat region when there is no composer (no chat
 * open, or a reader who may not write). Says whether anything took the focus.
 */
export function focusChat(): boolean {
  const target = document.getElementById(COMPOSER_ID) ?? document.getElementById(CHAT_REGION_ID)
  if (!target) return false
  target.focus()
  return document.activeElement === target
}

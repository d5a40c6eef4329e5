import { useEffect, useRef } from 'react'

/** What the desk's keys do; the help sheet lists the same. */
export interface DeskShortcutActions {
  /** Alt+ArrowUp (-1) / Alt+ArrowDown (+1): the previous / next session of the list */
  step(direction: -1 | 1): void
  /** "/": the composer */
  focusComposer(): void
  /** "?": the help sheet */
  help(): void
  /** Alt+R: resolve the open session */
  resolve(): void
}

const NOT_TEXT = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
])

/** Whether a key pressed here is typing: text fields, pickers and editable content keep their keys. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type)
  const role = target.getAttribute('role')
  return role === 'textbox' || role === 'combobox' || role === 'searchbox'
}

/**
 * The desk's keyboard shortcuts, on the whole page while the session screen is shown: Alt+Arrow
 * keys and Alt+R also work while writing (they type nothing); "/" and "?" only outside text fields, so
 * they can still be typed. A dialog or drawer that has the focus keeps every key to itself.
 */
export function useDeskShortcuts(actions: DeskShortcutActions): void {
  const latest = useRef(actions)
  latest.current = actions
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey) return
      const target = e.target
      if (target instanceof Element && target.closest('[role="dialog"], [aria-modal="true"]')) return
      const a = latest.current
      if (e.altKey) {
        if (e.shiftKey) return
        // by the key's place, not its character: Alt+R types "®" on a Mac keyboard
        if (e.code === 'KeyR') {
          e.preventDefault()
          a.resolve()
          return
        }
        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return
        // a picker opens its options with Alt+ArrowDown
        if (target instanceof HTMLSelectElement) return
        if (target instanceof Element && target.getAttribute('role') === 'combobox') return
        e.preventDefault()
        a.step(e.key === 'ArrowUp' ? -1 : 1)
        return
      }
      if (isTypingTarget(target)) return
      if (e.key === '/') {
        e.preventDefault()
        a.focusComposer()
      } else if (e.key === '?') {
        e.preventDefault()
        a.help()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}

import { useCallback, useEffect, useRef, useState } from 'react'
import { CHAT_REGION_ID, focusChat } from '../chat/chatFocus'
import { sessionRowId } from './SessionRow'
import type { DeskRow } from './sessionCache'
import { useDeskShortcuts } from './useDeskShortcuts'

/** Where the keyboard was when another session was opened by a shortcut: it goes to the same place. */
type Follow = 'chat' | 'row' | null

const FOCUS_TRIES = 10

/** Focuses what `find` returns once it is rendered (a row of a virtualised list may take a frame or two). */
function focusWhenShown(find: () => HTMLElement | null, tries = FOCUS_TRIES): void {
  const el = find()
  if (el) el.focus()
  else if (tries > 0) requestAnimationFrame(() => focusWhenShown(find, tries - 1))
}

function whereIsFocus(): Follow {
  const active = document.activeElement
  if (!active) return null
  if (active.closest(`#${CHAT_REGION_ID}`)) return 'chat'
  if (active.closest('.desk-session-open')) return 'row'
  return null
}

/**
 * The session screen's keyboard: Alt+ArrowUp / Alt+ArrowDown open the previous / next session of
 * the list (the first one when none is open; no wrapping at the ends), and the focus follows to
 * the new session's row or composer; Alt+R resolves the open session; "/" goes to the composer; "?" opens the help sheet; the skip
 * link goes to the composer, the chat, or (no chat on a phone-width screen) the list.
 */
export function useDeskKeyboard(
  rows: DeskRow[],
  selectedId: number | null,
  select: (id: number) => void,
  resolve: () => void,
) {
  const [helpOpen, setHelpOpen] = useState(false)
  const follow = useRef<Follow>(null)

  useEffect(() => {
    const where = follow.current
    follow.current = null
    if (!where || selectedId === null) return
    const row = () => document.getElementById(sessionRowId(selectedId))
    // on a phone-width screen the list gives way to the chat: the focus goes there
    if (where === 'row') focusWhenShown(() => row() ?? document.getElementById(CHAT_REGION_ID))
    else focusChat()
  }, [selectedId])

  useDeskShortcuts({
    step(direction) {
      if (rows.length === 0) return
      const at = selectedId === null ? -1 : rows.findIndex((r) => r.id === selectedId)
      const next = at < 0 ? 0 : Math.min(Math.max(at + direction, 0), rows.length - 1)
      const target = rows[next]
      if (!target || target.id === selectedId) return
      follow.current = whereIsFocus()
      select(target.id)
    },
    focusComposer: () => void focusChat(),
    help: () => setHelpOpen(true),
    resolve,
  })

  const skipToChat = useCallback(() => {
    if (focusChat()) return
    const row =
      document.querySelector<HTMLElement>('.desk-session-open[aria-current="true"]') ??
      document.querySelector<HTMLElement>('.desk-session-open')
    row?.focus()
  }, [])

  return {
    helpOpen,
    openHelp: useCallback(() => setHelpOpen(true), []),
    closeHelp: useCallback(() => setHelpOpen(false), []),
    skipToChat,
  }
}

import type { ChatMessageView, HistoryConversationView } from '@app/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { chatHistoryConversation } from '../../api/chatHistory'

/** Messages per page of a conversation. */
const CONVERSATION_PAGE_SIZE = 30
/** The list's index of its first item: large, so pages prepended above keep the rows in place. */
const FIRST_INDEX = 1_000_000

export interface ConversationState {
  head: Omit<HistoryConversationView, 'list' | 'hasOlder' | 'hasNewer'> | null
  items: ChatMessageView[]
  firstItemIndex: number
  hasOlder: boolean
  hasNewer: boolean
  status: 'loading' | 'ready' | 'error'
}

const empty: ConversationState = {
  head: null,
  items: [],
  firstItemIndex: FIRST_INDEX,
  hasOlder: false,
  hasNewer: false,
  status: 'loading',
}

/** `next` after `items`, or before them; a message already held is not repeated. */
function merge(items: ChatMessageView[], next: ChatMessageView[], at: 'start' | 'end') {
  const held = new Set(items.map((m) => m.id))
  const fresh = next.filter((m) => !held.has(m.id))
  return { items: at === 'start' ? [...fresh, ...items] : [...items, ...fresh], added: fresh.length }
}

/**
 * A conversation opened around a message: that page first, then older pages as the reader
 * reaches the top and newer ones at the bottom, each asked from the end it continues.
 */
export function useConversation(messageId: number | null) {
  const [state, setState] = useState<ConversationState>(empty)
  const busy = useRef<'older' | 'newer' | null>(null)
  const stateRef = useRef(state)
  stateRef.current = state
  const ticket = useRef(0)

  const open = useCallback(() => {
    if (messageId === null) return
    const mine = ++ticket.current
    setState(empty)
    chatHistoryConversation({ messageId, direction: 'around', pageSize: CONVERSATION_PAGE_SIZE })
      .then(({ list, hasOlder, hasNewer, ...head }) => {
        if (mine === ticket.current)
          setState({ head, items: list, firstItemIndex: FIRST_INDEX, hasOlder, hasNewer, status: 'ready' })
      })
      .catch(() => {
        if (mine === ticket.current) setState({ ...empty, status: 'error' })
      })
  }, [messageId])

  useEffect(open, [open])

  const page = useCallback((direction: 'older' | 'newer') => {
    const s = stateRef.current
    const from = direction === 'older' ? s.items[0] : s.items.at(-1)
    const more = direction === 'older' ? s.hasOlder : s.hasNewer
    if (!from || !more || busy.current || s.status !== 'ready') return
    busy.current = direction
    const mine = ticket.current
    chatHistoryConversation({ messageId: from.id, direction, pageSize: CONVERSATION_PAGE_SIZE })
      .then((p) => {
        if (mine !== ticket.current) return
        setState((cur) => {
          const { items, added } = merge(cur.items, p.list, direction === 'older' ? 'start' : 'end')
          return direction === 'older'
            ? { ...cur, items, firstItemIndex: cur.firstItemIndex - added, hasOlder: p.hasOlder }
            : { ...cur, items, hasNewer: p.hasNewer }
        })
      })
      .catch(() => undefined)
      .finally(() => {
        busy.current = null
      })
  }, [])

  return {
    state,
    reload: open,
    loadOlder: useCallback(() => page('older'), [page]),
    loadNewer: useCallback(() => page('newer'), [page]),
  }
}

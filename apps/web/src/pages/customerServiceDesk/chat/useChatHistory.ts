import { type ChatMessageView, MessageType } from '@app/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { getChatHistory } from '../../../api/chat'
import { useSocketEvent, useSocketReconnect } from '../../../realtime'
import {
  applyUpdate,
  type ChatState,
  emptyChat,
  foldReaction,
  fromPage,
  mergeNewest,
  prependOlder,
  toChatMessage,
  upsertMessage,
} from './chatState'

/** Messages per history page. */
export const CHAT_PAGE_SIZE = 50

type HistoryStatus = 'loading' | 'ready' | 'error'

export interface ChatHistory {
  state: ChatState
  status: HistoryStatus
  loadingOlder: boolean
  /** Ask for the page above the oldest message held (no-op while asking or at the top). */
  loadOlder(): void
  /** Load the newest page again (after a failed first load). */
  reload(): void
  /** A message the desk just queued (the answer of a send): shown at once, deduplicated with the socket's copy. */
  add(message: ChatMessageView): void
}

/**
 * The history of one session: the newest page first, older pages by keyset on demand, live
 * messages and updates from the socket, and the newest page again after a reconnect (events sent
 * while offline are lost).
 */
export function useChatHistory(sessionId: number, peerName = ''): ChatHistory {
  const [state, setState] = useState<ChatState>(emptyChat)
  const [status, setStatus] = useState<HistoryStatus>('loading')
  const [loadingOlder, setLoadingOlder] = useState(false)
  const stateRef = useRef(state)
  stateRef.current = state
  const olderBusy = useRef(false)
  const alive = useRef(true)
  /** only the latest first load counts */
  const firstLoad = useRef(0)

  const loadFirst = useCallback(() => {
    const ticket = ++firstLoad.current
    setStatus('loading')
    getChatHistory({ sessionId, pageSize: CHAT_PAGE_SIZE })
      .then((page) => {
        if (!alive.current || ticket !== firstLoad.current) return
        setState((s) => fromPage(page, s.generation + 1))
        setStatus('ready')
      })
      .catch(() => {
        if (alive.current && ticket === firstLoad.current) setStatus('error')
      })
  }, [sessionId])

  useEffect(() => {
    alive.current = true
    loadFirst()
    return () => {
      alive.current = false
    }
  }, [loadFirst])

  const loadOlder = useCallback(() => {
    const current = stateRef.current
    const oldest = current.items[0]
    if (!current.hasMore || !oldest || olderBusy.current) return
    olderBusy.current = true
    setLoadingOlder(true)
    getChatHistory({ sessionId, beforeId: oldest.id, pageSize: CHAT_PAGE_SIZE })
      .then((page) => {
        if (alive.current) setState((s) => prependOlder(s, page))
      })
      .catch(() => undefined)
      .finally(() => {
        olderBusy.current = false
        if (alive.current) setLoadingOlder(false)
      })
  }, [sessionId])

  const add = useCallback(
    (message: ChatMessageView) => {
      if (message.sessionId === sessionId) setState((s) => upsertMessage(s, message))
    },
    [sessionId],
  )

  useSocketEvent('message.new', ({ message }) => {
    if (message.sessionId !== sessionId) return
    if (message.type === MessageType.reaction) setState((s) => foldReaction(s, message))
    else setState((s) => upsertMessage(s, toChatMessage(message, s.items, peerName)))
  })
  // an internal note, written here or at another desk (notes never come as message.new)
  useSocketEvent('session.note', ({ message }) => {
    if (message.sessionId === sessionId) setState((s) => upsertMessage(s, message))
  })
  useSocketEvent('message.updated', (e) => {
    if (e.sessionId === sessionId) setState((s) => applyUpdate(s, e))
  })
  // another session of the same customer merged into this one: its messages are here now
  useSocketEvent('session.removed', (e) => {
    if (e.reason === 'merged' && e.intoSessionId === sessionId) loadFirst()
  })
  useSocketReconnect(() => {
    if (status !== 'ready') return loadFirst()
    getChatHistory({ sessionId, pageSize: CHAT_PAGE_SIZE })
      .then((page) => {
        if (alive.current) setState((s) => mergeNewest(s, page))
      })
      .catch(() => undefined)
  })

  return { state, status, loadingOlder, loadOlder, reload: loadFirst, add }
}

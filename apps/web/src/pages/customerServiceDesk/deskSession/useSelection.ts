import type { DeskSessionView } from '@app/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { useSearchParams } from 'react-router'
import { markSessionRead, sessionDetail } from '../../../api/desk'
import { useSocketEvent } from '../../../realtime'
import { deskKeys } from '../queryKeys'
import { applyUnread, type DeskRow } from './sessionCache'
import { updateSessionLists } from './useSessionList'

const subscribeVisibility = (fn: () => void) => {
  document.addEventListener('visibilitychange', fn)
  return () => document.removeEventListener('visibilitychange', fn)
}

/** Whether the page is in view (a hidden tab does not read messages). */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  )
}

/**
 * The open session: its id lives in the URL (?sessionId=) so a reload keeps it. The row comes
 * from the list when it is there (kept live), else from the session's detail. An open session
 * with unread messages is marked read (POST …/sendReadToFriendForChat), also when new ones arrive
 * while it is open and the page is in view.
 */
export function useSelection(rows: DeskRow[]) {
  const qc = useQueryClient()
  const [params, setParams] = useSearchParams()
  const raw = Number(params.get('sessionId'))
  const selectedId = Number.isSafeInteger(raw) && raw > 0 ? raw : null
  const fromList = selectedId ? rows.find((r) => r.id === selectedId) : undefined
  const detail = useQuery({
    queryKey: deskKeys.detail(selectedId ?? 0),
    queryFn: () => sessionDetail(selectedId ?? 0),
    enabled: selectedId !== null && !fromList,
  })
  const selected: DeskSessionView | undefined = fromList ?? detail.data?.session

  const select = useCallback(
    (sessionId: number | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev)
          if (sessionId) next.set('sessionId', String(sessionId))
          else next.delete('sessionId')
          return next
        },
        { replace: true },
      ),
    [setParams],
  )

  // the open chat merged into the same customer's other session (a phone and WhatsApp's hidden id
  // of one person): that session is opened instead
  useSocketEvent('session.removed', (e) => {
    if (e.reason === 'merged' && e.intoSessionId && e.sessionId === selectedId) select(e.intoSessionId)
  })

  // a session that cannot be opened (deleted, another agent's) is let go
  useEffect(() => {
    if (detail.isError) select(null)
  }, [detail.isError, select])

  const visible = usePageVisible()
  const reading = useRef<number | null>(null)
  const unread = selected?.unreadCount ?? 0
  const id = selected?.id
  useEffect(() => {
    if (!id || unread === 0 || !visible || reading.current === id) return
    reading.current = id
    markSessionRead(id)
      .then((r) => {
        updateSessionLists(qc, (data) => applyUnread(data, r.sessionId, r.unreadCount))
        qc.setQueryData(deskKeys.detail(id), (d: { session: DeskSessionView } | undefined) =>
          d ? { ...d, session: { ...d.session, unreadCount: r.unreadCount } } : d,
        )
        void qc.invalidateQueries({ queryKey: deskKeys.countsAll })
        void qc.invalidateQueries({ queryKey: deskKeys.accounts })
      })
      .catch(() => undefined)
      .finally(() => {
        reading.current = null
      })
  }, [id, unread, visible, qc])

  // a session asked for by the address whose row has not come yet (neither the list nor its detail)
  const opening = selectedId !== null && !selected && !detail.isError
  return { selectedId, selected, opening, select }
}

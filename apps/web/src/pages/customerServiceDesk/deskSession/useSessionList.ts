import { type QueryClient, type QueryKey, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import { pageSessions, sessionDetail } from '../../../api/desk'
import { useSocketEvent } from '../../../realtime'
import { deskAgentId, useDesk } from '../../../stores/desk'
import { holdAccount } from '../../riskManage/sessionRisk'
import { deskKeys, type SessionListParams } from '../queryKeys'
import {
  applyAccountStatus,
  applyMessageNew,
  applyMessageUpdated,
  applySessionChanges,
  applyUnread,
  type DeskRow,
  findRow,
  flattenRows,
  insertRow,
  mapRows,
  removeAccountRows,
  removeRow,
  type SessionPages,
} from './sessionCache'
import { applyStatus, patchDetailStatus } from './status/statusCache'

const PAGE_SIZE = 30
/** Sessions handed to the desk in a burst (an inheritance of many customers) reload the lists once. */
const RELOAD_MS = 500

/** The list parameters a cached session list was read with (its key's third part). */
function paramsOf(key: QueryKey): SessionListParams | null {
  const p = key[2] as
    | {
        filter?: SessionListParams['filter']
        accountId?: number
        keyword?: string
        status?: SessionListParams['status'] | ''
        waiting?: boolean
      }
    | undefined
  if (!p?.filter) return null
  return {
    filter: p.filter,
    accountId: p.accountId || undefined,
    keyword: p.keyword || undefined,
    status: p.status || undefined,
    waiting: p.waiting || undefined,
  }
}

/** Change every cached session list with `fn`, which gets the list's own parameters. */
export function updateSessionLists(
  qc: QueryClient,
  fn: (data: SessionPages, params: SessionListParams) => SessionPages,
): void {
  for (const [key, data] of qc.getQueriesData<SessionPages>({ queryKey: deskKeys.sessionLists })) {
    const params = paramsOf(key)
    if (!data || !params) continue
    const next = fn(data, params)
    if (next !== data) qc.setQueryData(key, next)
  }
}

/**
 * The desk's session list: keyset pages, kept live from the socket. A message moves its session
 * to the top (a session the list did not hold is looked up once, in the desk's scope, and
 * inserted if it belongs); statuses, flags, read state and removals change rows in place; after
 * a dropped connection the desk layout reads everything again.
 */
export function useSessionList(params: SessionListParams) {
  const qc = useQueryClient()
  const query = useInfiniteQuery({
    queryKey: deskKeys.sessions(params),
    queryFn: ({ pageParam }) => pageSessions({ ...params, cursor: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const rows = useMemo(() => flattenRows(query.data as SessionPages | undefined), [query.data])
  const lookingUp = useRef(new Set<number>())
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (reload.current) clearTimeout(reload.current)
    },
    [],
  )
  const reloadSoon = () => {
    if (reload.current) return
    reload.current = setTimeout(() => {
      reload.current = null
      void qc.invalidateQueries({ queryKey: deskKeys.sessionLists })
    }, RELOAD_MS)
  }

  useSocketEvent('message.new', (e) => {
    let missing = false
    updateSessionLists(qc, (data, p) => {
      const r = applyMessageNew(data, e, p)
      if (!r.found) missing = true
      return r.data
    })
    qc.setQueryData(deskKeys.detail(e.session.id), (d: { session: DeskRow } | undefined) =>
      d ? { ...d, session: { ...d.session, lastMessage: e.session.lastMessage } } : d,
    )
    if (!missing || lookingUp.current.has(e.session.id)) return
    // a session this desk has not listed: ask for it as the desk sees it (another agent's is not found)
    lookingUp.current.add(e.session.id)
    sessionDetail(e.session.id, true)
      .then((detail) => {
        const row: DeskRow = {
          ...detail.session,
          lastMessageId: e.message.id,
          lastStatus: e.message.status,
          lastFromMe: e.message.fromMe,
        }
        updateSessionLists(qc, (data, p) => insertRow(data, row, p))
      })
      .catch(() => undefined)
      .finally(() => lookingUp.current.delete(e.session.id))
  })
  useSocketEvent('message.updated', (e) => {
    updateSessionLists(qc, (data) => applyMessageUpdated(data, e))
    // a risk window refused the message: its account's sessions are in risk control until it reopens
    const reopensAt = e.risk?.reopensAt
    if (reopensAt == null) return
    updateSessionLists(qc, (data) => {
      const accountId = findRow(data, e.sessionId)?.accountId
      return accountId === undefined ? data : mapRows(data, (r) => holdAccount(r, accountId, reopensAt))
    })
  })
  useSocketEvent('account.status', (e) => updateSessionLists(qc, (data) => applyAccountStatus(data, e)))
  useSocketEvent('session.updated', (e) => {
    // an agent's desk (or a supervisor acting as one) loses a session migrated to someone else
    const agentId = deskAgentId()
    let known = false
    updateSessionLists(qc, (data, p) => {
      if (findRow(data, e.sessionId)) known = true
      return applySessionChanges(data, e, p, agentId)
    })
    // a session handed to this desk that it does not list yet (migrated here, or opened for an
    // inherited customer): read the lists again, once for a burst of them
    const owner = e.changes.agentUserId
    if (!known && owner !== undefined && (agentId === null || owner === agentId)) reloadSoon()
  })
  useSocketEvent('session.status', (e) => {
    let missing = false
    updateSessionLists(qc, (data, p) => {
      if (p.status === e.status && !findRow(data, e.sessionId)) missing = true
      return applyStatus(data, e, p)
    })
    patchDetailStatus(qc, e)
    // a session now in the status a list shows (a snooze that ended, reopened elsewhere): read it again
    if (missing) reloadSoon()
  })
  useSocketEvent('session.read', (e) => {
    if (e.userId !== useDesk.getState().owner?.userId) return
    updateSessionLists(qc, (data) => applyUnread(data, e.sessionId, e.unreadCount))
  })
  useSocketEvent('session.removed', (e) => {
    updateSessionLists(qc, (data) => removeRow(data, e.sessionId))
    // merged into the same customer's other session: that one now holds both chats' messages and counts
    if (e.reason === 'merged') reloadSoon()
  })
  useSocketEvent('account.assigned', (e) => {
    const agentId = deskAgentId()
    if (agentId === null) return
    // an account handed to this agent: its sessions join the lists (read again, once per burst)
    if (e.agentUserId === agentId) reloadSoon()
    // taken from this agent: its sessions leave, but those migrated to the agent on their own
    else if (e.previousAgentUserId === agentId)
      updateSessionLists(qc, (data) => removeAccountRows(data, e.accountId, agentId))
  })

  return { ...query, rows }
}

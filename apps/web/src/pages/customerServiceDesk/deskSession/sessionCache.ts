import type {
  AccountStatusEvent,
  DeskSessionView,
  MessageNewEvent,
  MessageStatusValue,
  MessageUpdatedEvent,
  SessionUpdatedEvent,
} from '@app/core'
import type { InfiniteData } from '@tanstack/react-query'
import type { SessionListParams } from '../queryKeys'

/**
 * The session list's cache and the pure changes the socket makes to it. The list is the pages
 * the server gave (keyset paging); live changes move rows between them, and the display drops a
 * row a later page repeats.
 */
export interface DeskRow extends DeskSessionView {
  /** the newest message this desk heard of over the socket, to follow its status */
  lastMessageId?: number
  lastStatus?: MessageStatusValue
  lastFromMe?: boolean
}

interface RowPage {
  list: DeskRow[]
  nextCursor: string | null
}

export type SessionPages = InfiniteData<RowPage, string | undefined>

/** The list's order: pinned first, then the newest activity, then the newest id. */
const comesBefore = (a: DeskRow, b: DeskRow): boolean => {
  if (a.pinned !== b.pinned) return a.pinned
  if (a.lastActivityAt !== b.lastActivityAt) return a.lastActivityAt > b.lastActivityAt
  return a.id > b.id
}

/** The waiting list's order, as the server pages it: the longest waiting first, pinning aside. */
const waitsLonger = (a: DeskRow, b: DeskRow): boolean => {
  const at = a.waitingSince ?? Number.MAX_SAFE_INTEGER
  const bt = b.waitingSince ?? Number.MAX_SAFE_INTEGER
  return at !== bt ? at < bt : a.id < b.id
}

const orderOf = (params?: SessionListParams) => (params?.waiting ? waitsLonger : comesBefore)

/** Every row once, in page order. */
export function flattenRows(data: SessionPages | undefined): DeskRow[] {
  if (!data) return []
  const seen = new Set<number>()
  const rows: DeskRow[] = []
  for (const page of data.pages) {
    for (const row of page.list) {
      if (seen.has(row.id)) continue
      seen.add(row.id)
      rows.push(row)
    }
  }
  return rows
}

export function findRow(data: SessionPages | undefined, id: number): DeskRow | undefined {
  for (const page of data?.pages ?? []) {
    const row = page.list.find((r) => r.id === id)
    if (row) return row
  }
  return undefined
}

const withPages = (data: SessionPages, pages: RowPage[]): SessionPages => ({ ...data, pages })

export function removeRow(data: SessionPages, id: number): SessionPages {
  if (!findRow(data, id)) return data
  return withPages(
    data,
    data.pages.map((p) => ({ ...p, list: p.list.filter((r) => r.id !== id) })),
  )
}

/**
 * An account taken from the agent `agentId`: its rows leave, but those migrated to the agent on
 * their own (the session's agent is the agent), which stay theirs.
 */
export function removeAccountRows(data: SessionPages, accountId: number, agentId: number): SessionPages {
  const leaves = (r: DeskRow) => r.accountId === accountId && r.agentUserId !== agentId
  if (!data.pages.some((p) => p.list.some(leaves))) return data
  return withPages(
    data,
    data.pages.map((p) => ({ ...p, list: p.list.filter((r) => !leaves(r)) })),
  )
}

/**
 * Put a row where the list's order says (after taking it out of wherever it was). A row that
 * comes after every loaded one is left to the next page, unless the list is complete.
 */
export function placeRow(data: SessionPages, row: DeskRow, params?: SessionListParams): SessionPages {
  const before = orderOf(params)
  const pages = removeRow(data, row.id).pages.map((p) => ({ ...p, list: [...p.list] }))
  for (const page of pages) {
    const at = page.list.findIndex((r) => before(row, r))
    if (at >= 0) {
      page.list.splice(at, 0, row)
      return withPages(data, pages)
    }
  }
  const last = pages.at(-1)
  if (last && last.nextCursor === null) last.list.push(row)
  else if (!last) return data
  return withPages(data, pages)
}

function patchRow(data: SessionPages, id: number, patch: (row: DeskRow) => DeskRow): SessionPages {
  if (!findRow(data, id)) return data
  return withPages(
    data,
    data.pages.map((p) => ({ ...p, list: p.list.map((r) => (r.id === id ? patch(r) : r)) })),
  )
}

/** Change every row with `fn` (a row it returns unchanged stays the same object). */
export function mapRows(data: SessionPages, fn: (row: DeskRow) => DeskRow): SessionPages {
  let changed = false
  const pages = data.pages.map((p) => {
    const list = p.list.map((r) => {
      const next = fn(r)
      if (next !== r) changed = true
      return next
    })
    return { ...p, list }
  })
  return changed ? withPages(data, pages) : data
}

/** Whether a row belongs in a list: its sidebar entry, its account, its search, its status, waiting. */
export function matchesList(row: DeskRow, params: SessionListParams): boolean {
  if (params.accountId && row.accountId !== params.accountId) return false
  // a server that predates statuses sends none: such a session is open
  if (params.status && (row.status ?? 'open') !== params.status) return false
  if (params.waiting && row.waitingSince == null) return false
  const keyword = params.keyword?.trim().toLowerCase()
  if (keyword) {
    const digits = keyword.replace(/[\s+\-()]/g, '')
    const texts = [row.title, row.fanRemark].map((s) => s.toLowerCase())
    const byText = texts.some((s) => s.includes(keyword))
    const byPhone = /^\d+$/.test(digits) && (row.fanPhone ?? '').includes(digits)
    if (!byText && !byPhone) return false
  }
  if (params.filter === 'invalid') return row.invalid
  if (row.invalid) return false
  switch (params.filter) {
    case 'unread':
      return row.unreadCount > 0
    case 'noReply':
      return row.awaitingReplySince !== null
    case 'pinned':
      return row.pinned
    case 'manual':
      return !row.aiReply
    case 'ai':
      return row.aiReply
    case 'group':
      return row.type === 'group'
    default:
      return true
  }
}

/** A row after a new message: preview, time, flags, and one more unread for an inbound one. */
function rowAfterMessage(row: DeskRow, e: MessageNewEvent): DeskRow {
  const { message, session } = e
  return {
    ...row,
    title: session.title || row.title,
    lastActivityAt: Math.max(row.lastActivityAt, session.lastActivityAt),
    lastMessage: session.lastMessage,
    pinned: session.pinned,
    blocked: session.blocked,
    dnd: session.dnd,
    aiReply: session.aiReply,
    invalid: session.invalid,
    agentUserId: session.agentUserId,
    // a customer's message opens the session again; ours stops the waiting clock
    ...(session.status ? { status: session.status, snoozedUntil: session.snoozedUntil ?? null } : {}),
    ...(session.waitingSince !== undefined ? { waitingSince: session.waitingSince } : {}),
    // the session's own count is everyone's; the desk's is this user's, so it is counted here
    unreadCount: message.fromMe ? row.unreadCount : row.unreadCount + 1,
    awaitingReplySince: message.fromMe ? (row.awaitingReplySince ?? message.timestamp) : null,
    lastMessageId: message.id,
    lastStatus: message.status,
    lastFromMe: message.fromMe,
  }
}

/**
 * message.new on a list: a known row moves to its new place (or leaves a list it no longer
 * matches). `found` tells whether the row was there; an unknown one is looked up by the caller.
 */
export function applyMessageNew(
  data: SessionPages,
  e: MessageNewEvent,
  params: SessionListParams,
): { data: SessionPages; found: boolean } {
  const row = findRow(data, e.session.id)
  if (!row) return { data, found: false }
  const next = rowAfterMessage(row, e)
  if (!matchesList(next, { ...params, keyword: undefined }) && params.filter !== 'unread') {
    return { data: removeRow(data, row.id), found: true }
  }
  return { data: placeRow(data, next, params), found: true }
}

/** A row the socket told about that the list did not hold yet, if it belongs there. */
export function insertRow(data: SessionPages, row: DeskRow, params: SessionListParams): SessionPages {
  if (findRow(data, row.id)) return data
  return matchesList(row, params) ? placeRow(data, row, params) : data
}

export function applyMessageUpdated(data: SessionPages, e: MessageUpdatedEvent): SessionPages {
  const row = findRow(data, e.sessionId)
  if (!row || row.lastMessageId !== e.id) return data
  return patchRow(data, row.id, (r) => ({
    ...r,
    lastStatus: e.status,
    ...(e.body !== undefined ? { lastMessage: e.body } : {}),
  }))
}

export function applyAccountStatus(data: SessionPages, e: AccountStatusEvent): SessionPages {
  if (!data.pages.some((p) => p.list.some((r) => r.accountId === e.accountId))) return data
  return withPages(
    data,
    data.pages.map((p) => ({
      ...p,
      list: p.list.map((r) =>
        r.accountId === e.accountId
          ? { ...r, accountStatus: e.status, accountPhone: e.phone ?? r.accountPhone }
          : r,
      ),
    })),
  )
}

/**
 * Flags or customer details changed. A pin moves the row; a change that takes it out of the list
 * (marked invalid, AI turned off in the AI list…) removes it. Read state changes never remove a
 * row from the unread list, so what the user just opened does not vanish under the pointer.
 */
export function applySessionChanges(
  data: SessionPages,
  e: SessionUpdatedEvent,
  params: SessionListParams,
  viewerAgentId: number | null,
): SessionPages {
  const row = findRow(data, e.sessionId)
  if (!row) return data
  const { changes } = e
  const next: DeskRow = {
    ...row,
    ...(changes.pinned !== undefined ? { pinned: changes.pinned } : {}),
    ...(changes.blocked !== undefined ? { blocked: changes.blocked } : {}),
    ...(changes.dnd !== undefined ? { dnd: changes.dnd } : {}),
    ...(changes.aiReply !== undefined ? { aiReply: changes.aiReply } : {}),
    ...(changes.invalid !== undefined ? { invalid: changes.invalid } : {}),
    ...(changes.massSendEnabled !== undefined && row.massSendEnabled !== null
      ? { massSendEnabled: changes.massSendEnabled }
      : {}),
    ...(changes.agentUserId !== undefined ? { agentUserId: changes.agentUserId } : {}),
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.fanRemark !== undefined ? { fanRemark: changes.fanRemark } : {}),
    // a phone WhatsApp had hidden became known
    ...(changes.fanPhone !== undefined ? { fanPhone: changes.fanPhone, fanPhoneHidden: false } : {}),
  }
  // migrated to someone else: it is no longer this agent's
  if (viewerAgentId !== null && changes.agentUserId !== undefined && changes.agentUserId !== viewerAgentId) {
    return removeRow(data, row.id)
  }
  if (!matchesList(next, { ...params, keyword: undefined }) && params.filter !== 'unread') {
    return removeRow(data, row.id)
  }
  return next.pinned !== row.pinned ? placeRow(data, next, params) : patchRow(data, row.id, () => next)
}

export function applyUnread(data: SessionPages, sessionId: number, unreadCount: number): SessionPages {
  const row = findRow(data, sessionId)
  if (!row || row.unreadCount === unreadCount) return data
  return patchRow(data, sessionId, (r) => ({ ...r, unreadCount }))
}

/** A row the desk changed itself (a flag, the remark): in place, or moved/removed like a socket change. */
export function applyRow(data: SessionPages, row: DeskRow, params: SessionListParams): SessionPages {
  const old = findRow(data, row.id)
  if (!old) return data
  const merged: DeskRow = { ...old, ...row }
  if (!matchesList(merged, { ...params, keyword: undefined }) && params.filter !== 'unread') {
    return removeRow(data, row.id)
  }
  return merged.pinned !== old.pinned ? placeRow(data, merged, params) : patchRow(data, row.id, () => merged)
}

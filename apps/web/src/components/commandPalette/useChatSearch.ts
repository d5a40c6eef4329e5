import { type DeskSessionView, SESSION_SEARCH_MAX } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { pageSessions } from '../../api/desk'
import { useSettled } from '../../hooks/useSettled'

/** Chats are looked up once the typing pauses this long… */
export const CHAT_SEARCH_DELAY_MS = 250
/** …for a query of at least this many characters, and this many shown at most. */
const CHAT_SEARCH_MIN = 2
export const CHAT_SEARCH_LIMIT = 8

/**
 * The desk's keyword for a query: as typed, but a phone written with spaces, dashes, brackets or a
 * leading + ("+86 139-1111") is searched by its digits, as phones are kept.
 */
export function chatKeyword(query: string): string {
  const q = query.trim().replace(/\s+/g, ' ')
  const phone = /^\+?[\d\s().-]+$/.test(q) ? q.replace(/\D/g, '') : q
  return phone.slice(0, SESSION_SEARCH_MAX)
}

export interface ChatSearch {
  /** the chats matching the query as it is now (none while a newer query waits or loads) */
  chats: DeskSessionView[]
  /** a search for the query as it is now is waiting on the pause or the answer */
  searching: boolean
  failed: boolean
}

/**
 * The desk's chats whose customer name, phone or remark holds the query: the desk's session list
 * (POST …/session/page, all sessions) with its keyword, asked once the typing pauses.
 */
export function useChatSearch(query: string, enabled: boolean): ChatSearch {
  const keyword = enabled ? chatKeyword(query) : ''
  const settled = useSettled(keyword, CHAT_SEARCH_DELAY_MS)
  const wanted = keyword.length >= CHAT_SEARCH_MIN
  const result = useQuery({
    queryKey: ['commandPalette', 'chats', settled],
    queryFn: () => pageSessions({ filter: 'all', keyword: settled, pageSize: CHAT_SEARCH_LIMIT }),
    enabled: wanted && settled === keyword,
    // asked afresh at each search: the chats a desk sees change (and a supervisor may act as another agent)
    gcTime: 60_000,
  })
  if (!wanted) return { chats: [], searching: false, failed: false }
  const current = settled === keyword
  return {
    chats: current ? (result.data?.list.slice(0, CHAT_SEARCH_LIMIT) ?? []) : [],
    searching: !current || result.isPending,
    failed: current && result.isError,
  }
}

import type { SessionFilterValue, SessionStatusValue } from '@app/core'

/**
 * What the session list shows: a sidebar entry, optionally one WS account's sessions, a search,
 * a conversation status, and (`waiting`) only the sessions waiting on our reply.
 */
export interface SessionListParams {
  filter: SessionFilterValue
  accountId?: number
  keyword?: string
  status?: SessionStatusValue
  waiting?: boolean
}

/**
 * Query keys of the desk. Everything starts with 'desk', so switching the agent a supervisor acts
 * as drops the whole desk cache at once.
 */
export const deskKeys = {
  all: ['desk'] as const,
  sessionLists: ['desk', 'sessions'] as const,
  sessions: (p: SessionListParams) =>
    [
      'desk',
      'sessions',
      {
        filter: p.filter,
        accountId: p.accountId ?? 0,
        keyword: p.keyword ?? '',
        status: p.status ?? '',
        waiting: p.waiting ?? false,
      },
    ] as const,
  countsAll: ['desk', 'counts'] as const,
  counts: (accountId?: number) => ['desk', 'counts', accountId ?? 0] as const,
  detail: (sessionId: number) => ['desk', 'detail', sessionId] as const,
  accounts: ['desk', 'accounts'] as const,
  deletions: (pageNo: number, pageSize: number) => ['desk', 'deletions', pageNo, pageSize] as const,
  targetLanguage: ['desk', 'targetLanguage'] as const,
  /** the caller's mentions: the unread count and the drawer's pages */
  mentions: ['desk', 'mentions'] as const,
  mentionCount: ['desk', 'mentions', 'count'] as const,
  mentionPages: ['desk', 'mentions', 'pages'] as const,
}

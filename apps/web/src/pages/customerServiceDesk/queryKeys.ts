import type { SessionFilterValue } from '@app/core'

/** What the session list shows: a sidebar entry, optionally one WS account's sessions, a search. */
export interface SessionListParams {
  filter: SessionFilterValue
  accountId?: number
  keyword?: string
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
      { filter: p.filter, accountId: p.accountId ?? 0, keyword: p.keyword ?? '' },
    ] as const,
  countsAll: ['desk', 'counts'] as const,
  counts: (accountId?: number) => ['desk', 'counts', accountId ?? 0] as const,
  detail: (sessionId: number) => ['desk', 'detail', sessionId] as const,
  accounts: ['desk', 'accounts'] as const,
  deletions: (pageNo: number, pageSize: number) => ['desk', 'deletions', pageNo, pageSize] as const,
  targetLanguage: ['desk', 'targetLanguage'] as const,
}

import type { HistoryHitView } from '@app/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { searchChatHistory } from '../../api/chatHistory'
import type { HistoryFilterInput } from './filters'

/** Messages per page of the results. */
const HISTORY_PAGE_SIZE = 20

export interface HistoryResults {
  hits: HistoryHitView[]
  loading: boolean
  loadingMore: boolean
  hasMore: boolean
  /** a short keyword's look stopped at this time before the page was full */
  scannedUntil: number | null
  loadMore(): void
}

/** The search's pages, newest first: each next page asked with the last one's cursor; `run` counts the searches. */
export function useHistorySearch(filters: HistoryFilterInput, run = 0): HistoryResults {
  const q = useInfiniteQuery({
    queryKey: ['chatHistory', 'search', filters, run],
    queryFn: ({ pageParam }) =>
      searchChatHistory({
        ...filters,
        pageSize: HISTORY_PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // history only grows at its newest end: a page once read stays right while the filters stay
    staleTime: Number.POSITIVE_INFINITY,
  })
  const pages = q.data?.pages ?? []
  const last = pages.at(-1)
  return {
    hits: pages.flatMap((p) => p.list),
    loading: q.isFetching && !q.isFetchingNextPage,
    loadingMore: q.isFetchingNextPage,
    hasMore: q.hasNextPage,
    scannedUntil: last?.scanLimited ? last.scannedUntil : null,
    loadMore: () => {
      if (!q.isFetchingNextPage) void q.fetchNextPage()
    },
  }
}

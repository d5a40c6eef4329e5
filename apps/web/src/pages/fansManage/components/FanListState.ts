import type { FanFilter } from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { countFans, pageFans } from '../../../api/fans'

/** Every query of the customers list lives under this key. */
export const FANS_KEY = ['fans'] as const

export const FAN_PAGE_SIZES = [20, 50, 100] as const

/**
 * Keyset pages of the list: the cursors of the pages walked so far, so "previous" goes back and
 * "next" follows the server's cursor; a new filter, page size or scope starts again at page one.
 * The total is its own query, read once per filter. `scope` keys the desk's agent.
 */
export function useFanPages(filter: FanFilter, scope: string) {
  const [pageSize, setPageSize] = useState<number>(FAN_PAGE_SIZES[0])
  const [walk, setWalk] = useState({ key: '', cursors: [] as string[] })
  const key = JSON.stringify([filter, pageSize, scope])
  const cursors = walk.key === key ? walk.cursors : []
  const cursor = cursors.at(-1)
  const page = useQuery({
    queryKey: [...FANS_KEY, 'page', scope, filter, pageSize, cursor ?? null],
    queryFn: () => pageFans(filter, pageSize, cursor),
    placeholderData: keepPreviousData,
  })
  const count = useQuery({
    queryKey: [...FANS_KEY, 'count', scope, filter],
    queryFn: () => countFans(filter),
  })
  const nextCursor = page.data?.nextCursor ?? null
  return {
    page,
    count,
    pageNo: cursors.length + 1,
    pageSize,
    hasPrev: cursors.length > 0,
    hasNext: nextCursor !== null && !page.isPlaceholderData,
    next: () => {
      if (nextCursor) setWalk({ key, cursors: [...cursors, nextCursor] })
    },
    prev: () => setWalk({ key, cursors: cursors.slice(0, -1) }),
    setPageSize,
  }
}

export type FanPages = ReturnType<typeof useFanPages>

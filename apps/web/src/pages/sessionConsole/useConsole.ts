import type { DeskSessionView } from '@app/core'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import {
  assignAccounts,
  consoleOverview,
  consoleSessions,
  moveSessions,
  unassignAccounts,
} from '../../api/console'
import { useSocketEvent, useSocketReconnect } from '../../realtime'

/** What a session table of the console shows: the unallocated sessions, or one agent's. */
export interface ConsoleListParams {
  userId?: number
  accountId?: number
  keyword?: string
}

const consoleKeys = {
  all: ['console'] as const,
  overview: ['console', 'overview'] as const,
  sessions: (p: ConsoleListParams) =>
    [
      'console',
      'sessions',
      { userId: p.userId ?? 0, accountId: p.accountId ?? 0, keyword: p.keyword ?? '' },
    ] as const,
}

const PAGE_SIZE = 30
/** Refreshes at most this often while the desks keep working (each reads every session of the tenant once). */
const REFRESH_MS = 3000
/** Who is connected has no event of its own: read again this often. */
const POLL_MS = 30_000

/**
 * The console follows the desks: a message, a read, a session or an account changing hands
 * refreshes what it shows (at most every three seconds); after a dropped connection, everything.
 */
function useConsoleLive(): void {
  const qc = useQueryClient()
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  const refresh = () => {
    if (timer.current) return
    timer.current = setTimeout(() => {
      timer.current = null
      void qc.invalidateQueries({ queryKey: consoleKeys.all })
    }, REFRESH_MS)
  }
  useSocketEvent('message.new', refresh)
  useSocketEvent('session.read', refresh)
  useSocketEvent('session.updated', refresh)
  useSocketEvent('session.removed', refresh)
  useSocketEvent('account.assigned', refresh)
  useSocketEvent('account.status', refresh)
  useSocketReconnect(() => void qc.invalidateQueries({ queryKey: consoleKeys.all }))
}

/** The agents with their counts, the unallocated counts and every account, kept live. */
export function useConsoleOverview() {
  const qc = useQueryClient()
  useConsoleLive()
  return useQuery({
    queryKey: consoleKeys.overview,
    // a refresh after the first read is quiet: no toast every half minute while the server is away
    queryFn: () => consoleOverview(qc.getQueryData(consoleKeys.overview) !== undefined),
    refetchInterval: POLL_MS,
  })
}

/** A session table's keyset pages, each session once. */
export function useConsoleSessions(params: ConsoleListParams) {
  const query = useInfiniteQuery({
    queryKey: consoleKeys.sessions(params),
    queryFn: ({ pageParam }) =>
      consoleSessions({
        pageSize: PAGE_SIZE,
        ...(params.userId ? { userId: params.userId } : {}),
        ...(params.accountId ? { accountId: params.accountId } : {}),
        ...(params.keyword ? { keyword: params.keyword } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const rows = useMemo(() => {
    const seen = new Set<number>()
    const out: DeskSessionView[] = []
    for (const page of query.data?.pages ?? [])
      for (const row of page.list) {
        if (seen.has(row.id)) continue
        seen.add(row.id)
        out.push(row)
      }
    return out
  }, [query.data])
  return { ...query, rows }
}

/** Moves and (un)assignments, each confirmed with a toast and followed by a fresh read. */
export function useConsoleActions() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const done = (text: string) => {
    message.success(text)
    return qc.invalidateQueries({ queryKey: consoleKeys.all })
  }
  const move = useMutation({
    mutationFn: (v: { sessionIds: number[]; userId: number }) => moveSessions(v.sessionIds, v.userId),
    onSuccess: (r) => done(t('sessionConsole.moved', { count: r.moved })),
  })
  const assign = useMutation({
    mutationFn: (v: { accountIds: number[]; userId: number }) => assignAccounts(v.accountIds, v.userId),
    onSuccess: (r) => done(t('sessionConsole.assigned', { count: r.changed })),
  })
  const unassign = useMutation({
    mutationFn: (accountIds: number[]) => unassignAccounts(accountIds),
    onSuccess: () => done(t('sessionConsole.unassigned')),
  })
  return { move, assign, unassign }
}

import type { MentionPage, MentionView } from '@app/core'
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { markMentionsRead, pageMentions, unreadMentionCount } from '../../../../api/deskNotes'
import { useDesk } from '../../../../stores/desk'
import { deskKeys } from '../../queryKeys'
import { DESK_SESSION_PATH } from '../railEntries'

const PAGE_SIZE = 20

type MentionPages = InfiniteData<MentionPage, string | undefined>

/** The caller's unread mentions, once the desk is entered (the socket's `mention.new` reads it again). */
export function useUnreadMentions() {
  const ready = useDesk((s) => s.status === 'ready')
  return useQuery({ queryKey: deskKeys.mentionCount, queryFn: unreadMentionCount, enabled: ready })
}

/** The drawer's mentions, newest first, a page at a time by cursor. */
export function useMentionPages(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: deskKeys.mentionPages,
    queryFn: ({ pageParam }) => pageMentions({ cursor: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  })
}

/** Marking read: the badge takes the server's count, the drawer's rows lose their unread mark. */
export function useMarkMentionsRead() {
  const qc = useQueryClient()
  return useCallback(
    async (which: number[] | 'all'): Promise<void> => {
      const { unreadCount } = await markMentionsRead(which)
      qc.setQueryData(deskKeys.mentionCount, unreadCount)
      const read = (m: MentionView) => which === 'all' || which.includes(m.id)
      qc.setQueryData<MentionPages>(deskKeys.mentionPages, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                unreadCount,
                list: p.list.map((m) => (m.unread && read(m) ? { ...m, unread: false } : m)),
              })),
            }
          : data,
      )
    },
    [qc],
  )
}

/**
 * Opening a mention: its session opens on the session screen (in the list shown there, when it
 * is the screen in view), and the mention is marked read.
 */
export function useOpenMention() {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const markRead = useMarkMentionsRead()
  return useCallback(
    (m: Pick<MentionView, 'id' | 'sessionId' | 'unread'>) => {
      const params = new URLSearchParams(pathname === DESK_SESSION_PATH ? search : '')
      params.set('sessionId', String(m.sessionId))
      navigate(`${DESK_SESSION_PATH}?${params}`)
      // a refusal was told by the request client; the mention stays unread
      if (m.unread) markRead([m.id]).catch(() => undefined)
    },
    [navigate, pathname, search, markRead],
  )
}

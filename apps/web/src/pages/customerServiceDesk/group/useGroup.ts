import type { GroupInfoView } from '@app/core'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { groupInfo, groupMembers } from '../../../api/group'
import { useSocketEvent, useSocketReconnect } from '../../../realtime'

/** Members per page of the panel's member list. */
export const MEMBER_PAGE_SIZE = 50

/** Query keys of group chats; under 'desk' so leaving or switching the desk drops them too. */
export const groupKeys = {
  all: (sessionId: number) => ['desk', 'group', sessionId] as const,
  info: (sessionId: number) => ['desk', 'group', sessionId, 'info'] as const,
  membersAll: (sessionId: number) => ['desk', 'group', sessionId, 'members'] as const,
  members: (sessionId: number, keyword: string, pageNo: number) =>
    ['desk', 'group', sessionId, 'members', keyword, pageNo] as const,
}

export const useGroupInfo = (sessionId: number) =>
  useQuery({ queryKey: groupKeys.info(sessionId), queryFn: () => groupInfo(sessionId) })

export const useGroupMembers = (sessionId: number, keyword: string, pageNo: number) =>
  useQuery({
    queryKey: groupKeys.members(sessionId, keyword, pageNo),
    queryFn: () => groupMembers({ sessionId, keyword, pageNo, pageSize: MEMBER_PAGE_SIZE }),
    placeholderData: (previous) => previous,
  })

/** Put a fresh info (a refresh from WhatsApp, a new link) in the cache. */
export function patchGroupInfo(qc: QueryClient, sessionId: number, patch: Partial<GroupInfoView>): void {
  qc.setQueryData<GroupInfoView>(groupKeys.info(sessionId), (old) => (old ? { ...old, ...patch } : old))
}

/**
 * Read the group again when WhatsApp confirmed a change (`group.updated`, also for changes made
 * elsewhere) and after the realtime connection was lost.
 */
export function useGroupUpdates(sessionId: number): void {
  const qc = useQueryClient()
  const reload = () => qc.invalidateQueries({ queryKey: groupKeys.all(sessionId) })
  useSocketEvent('group.updated', (e) => {
    if (e.sessionId === sessionId) void reload()
  })
  useSocketReconnect(() => void reload())
}

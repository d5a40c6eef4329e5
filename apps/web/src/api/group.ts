import { groupEndpoints as api, type GroupEditPermissionValue, type GroupMemberActionValue } from '@app/core'
import { call } from './client'

/**
 * Group chats of desk sessions (packages/core api/groups.ts). At the desk they carry `desk-id` and,
 * for a supervisor acting as an agent, `customer-user-id` (actingAgent.ts names the calls).
 */

/** Joining reads each group from WhatsApp: up to 20 of them take longer than the usual 10 s. */
const JOIN_TIMEOUT_MS = 120_000

export const groupInfo = (sessionId: number, refresh = false) =>
  call(api.info, refresh ? { sessionId, refresh } : { sessionId })

export interface GroupMemberQuery {
  sessionId: number
  keyword?: string
  pageNo: number
  pageSize: number
}

export const groupMembers = (q: GroupMemberQuery) =>
  call(api.members, { ...q, keyword: q.keyword || undefined })

export const groupMemberAction = (sessionId: number, action: GroupMemberActionValue, members: string[]) =>
  call(api.memberAction, { sessionId, action, members })

export interface GroupUpdate {
  subject?: string
  description?: string
  editPermission?: GroupEditPermissionValue
  announce?: boolean
}

export const updateGroup = (sessionId: number, patch: GroupUpdate) =>
  call(api.update, { sessionId, ...patch })

export const groupLink = (sessionId: number) => call(api.link, { sessionId })

export const resetGroupLink = (sessionId: number) => call(api.resetLink, { sessionId })

export const setGroupRemark = (sessionId: number, patch: { note?: string; nickname?: string }) =>
  call(api.remark, { sessionId, ...patch })

export const groupAccounts = () => call(api.accounts).then((r) => r.list)

export const joinGroups = (accountId: number, links: string[]) =>
  call(api.join, { accountId, links }, { timeout: JOIN_TIMEOUT_MS })

export const systemGroupsSetting = () => call(api.systemGroups)

export const setSystemGroupsSetting = (show: boolean) => call(api.setSystemGroups, { show })

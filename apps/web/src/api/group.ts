import type {
  GroupAccountView,
  GroupEditPermissionValue,
  GroupInfoView,
  GroupJoinResult,
  GroupLinkView,
  GroupMemberActionResult,
  GroupMemberActionValue,
  GroupMemberPage,
  GroupSubmitResult,
  SystemGroupsView,
} from '@app/core'
import { dataOf, http } from './request'

/**
 * Group chats of desk sessions (packages/core api/groups.ts). Like every /damai/customer call at
 * the desk they carry `desk-id` and `customer-user-id` (request.ts extra headers).
 */
const base = '/damai/customer/group'

/** Joining reads each group from WhatsApp: up to 20 of them take longer than the usual 10 s. */
const JOIN_TIMEOUT_MS = 120_000

export const groupInfo = (sessionId: number, refresh = false) =>
  dataOf(http.post<GroupInfoView>(`${base}/info`, refresh ? { sessionId, refresh } : { sessionId }))

export interface GroupMemberQuery {
  sessionId: number
  keyword?: string
  pageNo: number
  pageSize: number
}

export const groupMembers = (q: GroupMemberQuery) =>
  dataOf(http.post<GroupMemberPage>(`${base}/members`, { ...q, keyword: q.keyword || undefined }))

export const groupMemberAction = (sessionId: number, action: GroupMemberActionValue, members: string[]) =>
  dataOf(http.post<GroupMemberActionResult>(`${base}/members/action`, { sessionId, action, members }))

export interface GroupUpdate {
  subject?: string
  description?: string
  editPermission?: GroupEditPermissionValue
  announce?: boolean
}

export const updateGroup = (sessionId: number, patch: GroupUpdate) =>
  dataOf(http.put<GroupSubmitResult>(`${base}/info`, { sessionId, ...patch }))

export const groupLink = (sessionId: number) =>
  dataOf(http.post<GroupLinkView>(`${base}/link`, { sessionId }))

export const resetGroupLink = (sessionId: number) =>
  dataOf(http.put<GroupLinkView>(`${base}/link/reset`, { sessionId }))

export const setGroupRemark = (sessionId: number, patch: { note?: string; nickname?: string }) =>
  dataOf(http.put<null>(`${base}/remark`, { sessionId, ...patch }))

export const groupAccounts = () =>
  dataOf(http.get<{ list: GroupAccountView[] }>(`${base}/accounts`)).then((r) => r.list)

export const joinGroups = (accountId: number, links: string[]) =>
  dataOf(http.post<GroupJoinResult>(`${base}/join`, { accountId, links }, { timeout: JOIN_TIMEOUT_MS }))

export const systemGroupsSetting = () => dataOf(http.get<SystemGroupsView>(`${base}/systemGroups`))

export const setSystemGroupsSetting = (show: boolean) =>
  dataOf(http.put<SystemGroupsView>(`${base}/systemGroups`, { show }))

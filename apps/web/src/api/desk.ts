import {
  type AgentView,
  type DeskAccountView,
  type DeskEnterResult,
  type DeskSessionDetail,
  type DeskSessionView,
  Header,
  type Page,
  type ReadResult,
  type SessionCounts,
  type SessionCreateResult,
  type SessionDeletionView,
  type SessionFanBody,
  type SessionFilterValue,
  type SessionFlagValue,
  type SessionPage,
} from '@app/core'
import { backgroundCall, dataOf, http, noRepeatGuard } from './request'

/**
 * The agent desk's sessions (packages/core api/desk.ts). Desk calls carry `desk-id` and, for a
 * supervisor acting as an agent, `customer-user-id`: the desk layout adds them to every
 * /damai/customer call while the desk is open (request.ts `setExtraHeaders`).
 */
const session = '/damai/customer/session'

export interface SessionQuery {
  filter: SessionFilterValue
  accountId?: number
  keyword?: string
  cursor?: string
  pageSize?: number
}

/** Open the desk (as the agent `customerUserId` when a supervisor); the older desk of that agent answers 433. */
export const enterDesk = (customerUserId: number | null) =>
  dataOf(
    http.post<DeskEnterResult>('/damai/customer/desk/enter', customerUserId ? { customerUserId } : {}, {
      headers: {
        ...noRepeatGuard.headers,
        ...(customerUserId ? { [Header.customerUserId]: String(customerUserId) } : {}),
      },
    }),
  )

export const pageSessions = (q: SessionQuery) =>
  dataOf(
    http.post<SessionPage>(
      `${session}/page`,
      {
        filter: q.filter,
        pageSize: q.pageSize ?? 30,
        ...(q.accountId ? { accountId: q.accountId } : {}),
        ...(q.keyword ? { keyword: q.keyword } : {}),
        ...(q.cursor ? { cursor: q.cursor } : {}),
      },
      noRepeatGuard,
    ),
  )

/** Sidebar counts; refreshed in the background as messages arrive. */
export const sessionCounts = (accountId?: number) =>
  dataOf(http.post<SessionCounts>(`${session}/counts`, accountId ? { accountId } : {}, backgroundCall))

/** `quiet`: a look-up of a session the socket told about, which may be outside the desk's scope. */
export const sessionDetail = (sessionId: number, quiet = false) =>
  dataOf(
    http.post<DeskSessionDetail>(`${session}/detail`, { sessionId }, quiet ? backgroundCall : noRepeatGuard),
  )

export const markSessionRead = (sessionId: number) =>
  dataOf(http.post<ReadResult>('/damai/customer/user/sendReadToFriendForChat', { sessionId }, noRepeatGuard))

export const createSession = (phone: string, accountId?: number) =>
  dataOf(http.post<SessionCreateResult>(`${session}/create`, { phone, ...(accountId ? { accountId } : {}) }))

export const setSessionFlag = (sessionId: number, flag: SessionFlagValue, value: boolean) =>
  dataOf(http.put<DeskSessionView>(`${session}/flag`, { sessionId, flag, value }))

export const migrateSession = (sessionId: number, userId: number) =>
  dataOf(http.put<null>(`${session}/migrate`, { sessionId, userId }))

export const updateSessionFan = (body: SessionFanBody) =>
  dataOf(http.put<DeskSessionDetail>(`${session}/fan`, body))

/** Delete an invalid customer's chat with a reason; a deletion record is kept. */
export const deleteSession = (sessionId: number, reason: string) =>
  dataOf(http.delete<null>(session, { sessionId, reason }))

export const pageDeletions = (pageNo: number, pageSize: number) =>
  dataOf(http.post<Page<SessionDeletionView>>(`${session}/deletions`, { pageNo, pageSize }, noRepeatGuard))

export const listAgents = () => dataOf(http.get<AgentView[]>('/damai/customer/user/agents'))

export const listDeskAccounts = () =>
  dataOf(http.get<DeskAccountView[]>('/damai/customer/user/deskAccounts', undefined, noRepeatGuard))

export const getTargetLanguage = () =>
  dataOf(http.get<{ targetLanguage: string }>('/damai/customer/user/targetLanguage')).then(
    (r) => r.targetLanguage,
  )

export const setTargetLanguage = (targetLanguage: string) =>
  dataOf(http.put<null>('/damai/customer/user/targetLanguage', { targetLanguage }))

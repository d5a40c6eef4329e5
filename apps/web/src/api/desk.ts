import {
  deskEndpoints as api,
  chatEndpoints,
  deskPeopleEndpoints,
  Header,
  type SessionFanBody,
  type SessionFilterValue,
  type SessionFlagValue,
  type SessionStatusValue,
  type TargetLanguageBody,
  translateEndpoints,
} from '@app/core'
import { call } from './client'
import { backgroundCall, noRepeatGuard } from './request'

/**
 * The agent desk's sessions (packages/core api/desk-views.ts). While the desk is open its calls
 * carry `desk-id` and, for a supervisor acting as an agent, `customer-user-id` (request.ts
 * `setExtraHeaders`; actingAgent.ts names the calls that carry the agent).
 */

export interface SessionQuery {
  filter: SessionFilterValue
  accountId?: number
  keyword?: string
  /** only the sessions in this status */
  status?: SessionStatusValue
  /** only the sessions waiting on our reply, the longest waiting first */
  waiting?: boolean
  cursor?: string
  pageSize?: number
}

/** Open the desk (as the agent `customerUserId` when a supervisor); the older desk of that agent answers 433. */
export const enterDesk = (customerUserId: number | null) =>
  call(api.enter, customerUserId ? { customerUserId } : {}, {
    headers: {
      ...noRepeatGuard.headers,
      ...(customerUserId ? { [Header.customerUserId]: String(customerUserId) } : {}),
    },
  })

export const pageSessions = (q: SessionQuery) =>
  call(
    api.page,
    {
      filter: q.filter,
      pageSize: q.pageSize ?? 30,
      ...(q.accountId ? { accountId: q.accountId } : {}),
      ...(q.keyword ? { keyword: q.keyword } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.waiting ? { waiting: true } : {}),
      ...(q.cursor ? { cursor: q.cursor } : {}),
    },
    noRepeatGuard,
  )

/** Sidebar counts; refreshed in the background as messages arrive. */
export const sessionCounts = (accountId?: number) =>
  call(api.counts, accountId ? { accountId } : {}, backgroundCall)

/** `quiet`: a look-up of a session the socket told about, which may be outside the desk's scope. */
export const sessionDetail = (sessionId: number, quiet = false) =>
  call(api.detail, { sessionId }, quiet ? backgroundCall : noRepeatGuard)

export const markSessionRead = (sessionId: number) =>
  call(chatEndpoints.markRead, { sessionId }, noRepeatGuard)

export const createSession = (phone: string, accountId?: number) =>
  call(api.create, { phone, ...(accountId ? { accountId } : {}) })

export const setSessionFlag = (sessionId: number, flag: SessionFlagValue, value: boolean) =>
  call(api.flag, { sessionId, flag, value })

export const migrateSession = (sessionId: number, userId: number) => call(api.migrate, { sessionId, userId })

export const updateSessionFan = (body: SessionFanBody) => call(api.updateFan, body)

/** Delete an invalid customer's chat with a reason; a deletion record is kept. */
export const deleteSession = (sessionId: number, reason: string) => call(api.remove, { sessionId, reason })

export const pageDeletions = (pageNo: number, pageSize: number) =>
  call(api.deletions, { pageNo, pageSize }, noRepeatGuard)

export const listAgents = () => call(deskPeopleEndpoints.agents)
export const listDeskMembers = () => call(deskPeopleEndpoints.deskMembers)

export const listDeskAccounts = () => call(deskPeopleEndpoints.deskAccounts, undefined, noRepeatGuard)

export const getTargetLanguage = () => call(translateEndpoints.targetLanguage).then((r) => r.targetLanguage)

export const setTargetLanguage = (targetLanguage: string) =>
  call(translateEndpoints.setTargetLanguage, {
    targetLanguage: targetLanguage as TargetLanguageBody['targetLanguage'],
  })

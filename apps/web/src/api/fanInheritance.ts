import type {
  FanInheritanceView,
  FanInheritBody,
  FanInheritPageBody,
  InheritFanPage,
  InheritFansBody,
  InheritSourceView,
  Page,
  SessionDeletionView,
  SessionPage,
} from '@app/core'
import { dataOf, http, noRepeatGuard } from './request'

/** Fan inheritance, and the supervisor's tenant-wide invalid customers and deletion records. */
const base = '/damai/customer/fanInheritance'
const session = '/damai/customer/session'

/** The accounts that may hand their fans over (banned, logged out, deleted), with fan counts. */
export const listInheritSources = () =>
  dataOf(http.get<{ list: InheritSourceView[] }>(`${base}/sources`, undefined, noRepeatGuard)).then(
    (r) => r.list,
  )

/** A page of a source account's valid fans, for picking them one by one. */
export const pageInheritFans = (body: InheritFansBody) =>
  dataOf(http.post<InheritFanPage>(`${base}/fans`, body, noRepeatGuard))

/** Hand the fans over; answers the finished record with its counts. */
export const inheritFans = (body: FanInheritBody) => dataOf(http.post<FanInheritanceView>(base, body))

export const pageInheritances = (body: Partial<FanInheritPageBody>) =>
  dataOf(http.post<Page<FanInheritanceView>>(`${base}/page`, body, noRepeatGuard))

/** Filters of the supervisor's invalid customers and deletion records. */
export interface InvalidFilters {
  accountId?: number
  agentId?: number
  from?: number
  to?: number
  keyword?: string
}

const present = (f: InvalidFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''))

/** The tenant's invalid customers (the desk's session list with its invalid entry), keyset pages. */
export const pageInvalidCustomers = (f: InvalidFilters, cursor?: string, pageSize = 20) =>
  dataOf(
    http.post<SessionPage>(
      `${session}/page`,
      { filter: 'invalid', pageSize, ...present(f), ...(cursor ? { cursor } : {}) },
      noRepeatGuard,
    ),
  )

/** The tenant's deletion records, newest first. */
export const pageDeletionRecords = (f: InvalidFilters, pageNo: number, pageSize: number) =>
  dataOf(
    http.post<Page<SessionDeletionView>>(
      `${session}/deletions`,
      { pageNo, pageSize, ...present(f) },
      noRepeatGuard,
    ),
  )

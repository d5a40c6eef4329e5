import {
  fanInheritanceEndpoints as api,
  deskEndpoints,
  type FanInheritBody,
  type FanInheritPageBody,
  type InheritFansBody,
} from '@app/core'
import { call } from './client'
import { noRepeatGuard } from './request'

/** Fan inheritance, and the supervisor's tenant-wide invalid customers and deletion records. */

/** The accounts that may hand their fans over (banned, logged out, deleted), with fan counts. */
export const listInheritSources = () => call(api.sources, undefined, noRepeatGuard).then((r) => r.list)

/** A page of a source account's valid fans, for picking them one by one. */
export const pageInheritFans = (body: InheritFansBody) => call(api.fans, body, noRepeatGuard)

/** Hand the fans over; answers the finished record with its counts. */
export const inheritFans = (body: FanInheritBody) => call(api.inherit, body)

export const pageInheritances = (body: Partial<FanInheritPageBody>) => call(api.page, body, noRepeatGuard)

/** Filters of the supervisor's invalid customers and deletion records. */
export interface InvalidFilters {
  accountId?: number
  agentId?: number
  from?: number
  to?: number
  keyword?: string
}

const present = (f: InvalidFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as InvalidFilters

/** The tenant's invalid customers (the desk's session list with its invalid entry), keyset pages. */
export const pageInvalidCustomers = (f: InvalidFilters, cursor?: string, pageSize = 20) =>
  call(
    deskEndpoints.page,
    { filter: 'invalid', pageSize, ...present(f), ...(cursor ? { cursor } : {}) },
    noRepeatGuard,
  )

/** The tenant's deletion records, newest first. */
export const pageDeletionRecords = (f: InvalidFilters, pageNo: number, pageSize: number) =>
  call(deskEndpoints.deletions, { pageNo, pageSize, ...present(f) }, noRepeatGuard)

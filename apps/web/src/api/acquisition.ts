import { acquisitionEndpoints as api } from '@app/core'
import { pageAccounts } from './account'
import { call } from './client'

/** A window [from, to) in epoch ms; days are cut at the viewer's midnight. */
export interface AcquisitionRange {
  from: number
  to: number
  utcOffsetMinutes: number
}

export interface AcquisitionQuery extends AcquisitionRange {
  /** left out: every account of the tenant */
  accountIds?: number[]
}

export interface AcquisitionShareInput {
  /** left out: every account of the tenant, including ones added later */
  accountIds?: number[]
  expiresAt: number | null
}

/** An account as the filter and the share list show it. */
export interface AccountOption {
  id: number
  phone: string | null
}

const ACCOUNT_PAGE = 100

export const acquisitionStats = (q: AcquisitionQuery) => call(api.stats, q)

export const createAcquisitionShare = (input: AcquisitionShareInput) => call(api.createShare, input)

export const listAcquisitionShares = () => call(api.listShares).then((r) => r.list)

export const revokeAcquisitionShare = (id: number) => call(api.revokeShare, { id })

/**
 * The statistics behind a share code, with no sign-in. Silent: the share page shows the
 * server's message itself (an invalid code replaces the whole page).
 */
export const publicAcquisitionStats = (code: string, range: AcquisitionRange) =>
  call(api.publicStats, { c: code, ...range }, { silent: true })

/** Every account of the tenant (paged through 100 at a time), for the filter and the share list. */
export async function allAccounts(): Promise<AccountOption[]> {
  const accounts: AccountOption[] = []
  for (let pageNo = 1; ; pageNo++) {
    const page = await pageAccounts({ pageNo, pageSize: ACCOUNT_PAGE })
    accounts.push(...page.list.map((a) => ({ id: a.id, phone: a.phone })))
    if (page.list.length < ACCOUNT_PAGE || accounts.length >= page.total) break
  }
  return accounts
}

/** The public address of a share code. */
export const shareLink = (code: string): string =>
  `${window.location.origin}/s2?c=${encodeURIComponent(code)}`

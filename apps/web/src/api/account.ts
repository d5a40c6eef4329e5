import {
  type AccountStateValue,
  accountEndpoints as api,
  accountGroupEndpoints as groups,
  portEndpoints,
} from '@app/core'
import { call } from './client'
import { backgroundCall } from './request'

export interface AccountQuery {
  pageNo: number
  pageSize: number
  phone?: string
  status?: AccountStateValue
  groupId?: number
}

/** Outcome of a reconnect, per account: code 0 or an error code of the catalogue. */
export interface ReloginResult {
  id: number
  code: number
}

export const pageAccounts = (q: AccountQuery) => call(api.page, q)

/** A new account (no id) or a fresh link of an existing one; progress comes as `account.login`. */
export const startQrLogin = (accountId?: number) => call(api.loginQr, accountId ? { accountId } : {})

/** Code null: not ready within the server's wait; it arrives as `account.login` and through loginStatus. */
export const startCodeLogin = (phone: string, proxy?: string) =>
  call(api.loginCode, { phone, ...(proxy ? { proxy } : {}) })

/** Polled while a login dialog is open: no duplicate guard, no toast. */
export const loginStatus = (accountId: number) => call(api.loginStatus, { accountId }, backgroundCall)

export const reconnectAccounts = (ids: number[]): Promise<ReloginResult[]> =>
  call(api.relogin, { ids }).then((r) => r.results)

export const logoutAccounts = (ids: number[]) => call(api.logout, { ids })

export const deleteAccounts = (ids: number[]) => call(api.remove, { ids: ids.join(',') })

export const setAccountRemark = (ids: number[], remark: string) => call(api.remark, { ids, remark })

export const setAccountGroup = (ids: number[], groupId: number | null) => call(api.group, { ids, groupId })

/** An empty proxy clears it. */
export const setAccountProxy = (ids: number[], proxy: string) => call(api.proxy, { ids, proxy })

export const importAccounts = (lines: string, onProgress?: (fraction: number) => void) =>
  call(
    api.import,
    { lines },
    onProgress
      ? { onUploadProgress: (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0) }
      : undefined,
  )

export const listAccountGroups = () => call(groups.list).then((r) => r.list)

export const createAccountGroup = (name: string) => call(groups.create, { name })

export const renameAccountGroup = (id: number, name: string) => call(groups.rename, { id, name })

export const deleteAccountGroup = (id: number) => call(groups.remove, { id })

interface PortView {
  id: number
  expiresAt: number
  expired: boolean
  accountId: number | null
  phone: string | null
  createdAt: number
}

export interface PortUsage {
  /** unexpired ports */
  total: number
  /** unexpired ports holding an account */
  used: number
  /** unexpired ports free for a new link */
  free: number
}

const PORT_PAGE = 100

/** Counts over all of the tenant's ports (paged through 100 at a time); a background read. */
export async function portUsage(): Promise<PortUsage> {
  const ports: PortView[] = []
  for (let pageNo = 1; ; pageNo++) {
    const page = await call(portEndpoints.page, { pageNo, pageSize: PORT_PAGE }, backgroundCall)
    ports.push(...page.list)
    if (page.list.length < PORT_PAGE || ports.length >= page.total) break
  }
  const live = ports.filter((p) => !p.expired)
  const used = live.filter((p) => p.accountId !== null).length
  return { total: live.length, used, free: live.length - used }
}

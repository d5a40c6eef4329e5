import type {
  AccountGroupView,
  AccountStateValue,
  ImportResult,
  LoginStatusView,
  Page,
  WsAccountView,
} from '@app/core'
import { backgroundCall, dataOf, http } from './request'

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

const base = '/damai/customer/wsAccount'
const groupBase = '/damai/customer/wsAccountGroup'

export const pageAccounts = (q: AccountQuery) => dataOf(http.post<Page<WsAccountView>>(`${base}/page`, q))

/** A new account (no id) or a fresh link of an existing one; progress comes as `account.login`. */
export const startQrLogin = (accountId?: number) =>
  dataOf(http.post<{ accountId: number }>(`${base}/loginQr`, accountId ? { accountId } : {}))

/** Code null: not ready within the server's wait; it arrives as `account.login` and through loginStatus. */
export const startCodeLogin = (phone: string, proxy?: string) =>
  dataOf(
    http.post<{ accountId: number; code: string | null }>(`${base}/loginCode`, {
      phone,
      ...(proxy ? { proxy } : {}),
    }),
  )

/** Polled while a login dialog is open: no duplicate guard, no toast. */
export const loginStatus = (accountId: number) =>
  dataOf(http.get<LoginStatusView>(`${base}/loginStatus`, { accountId }, backgroundCall))

export const reconnectAccounts = (ids: number[]) =>
  dataOf(http.post<{ results: ReloginResult[] }>(`${base}/relogin`, { ids })).then((r) => r.results)

export const logoutAccounts = (ids: number[]) => dataOf(http.post<null>(`${base}/logout`, { ids }))

export const deleteAccounts = (ids: number[]) => dataOf(http.delete<null>(base, { ids: ids.join(',') }))

export const setAccountRemark = (ids: number[], remark: string) =>
  dataOf(http.put<null>(`${base}/remark`, { ids, remark }))

export const setAccountGroup = (ids: number[], groupId: number | null) =>
  dataOf(http.put<null>(`${base}/group`, { ids, groupId }))

/** An empty proxy clears it. */
export const setAccountProxy = (ids: number[], proxy: string) =>
  dataOf(http.put<null>(`${base}/proxy`, { ids, proxy }))

export const importAccounts = (lines: string, onProgress?: (fraction: number) => void) =>
  dataOf(
    http.post<ImportResult>(
      `${base}/import`,
      { lines },
      onProgress
        ? { onUploadProgress: (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0) }
        : undefined,
    ),
  )

export const listAccountGroups = () =>
  dataOf(http.get<{ list: AccountGroupView[] }>(`${groupBase}/list`)).then((r) => r.list)

export const createAccountGroup = (name: string) => dataOf(http.post<{ id: number }>(groupBase, { name }))

export const renameAccountGroup = (id: number, name: string) =>
  dataOf(http.put<null>(groupBase, { id, name }))

export const deleteAccountGroup = (id: number) => dataOf(http.delete<null>(groupBase, { id }))

export interface PortView {
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
    const page = await dataOf(
      http.post<Page<PortView>>('/damai/customer/port/page', { pageNo, pageSize: PORT_PAGE }, backgroundCall),
    )
    ports.push(...page.list)
    if (page.list.length < PORT_PAGE || ports.length >= page.total) break
  }
  const live = ports.filter((p) => !p.expired)
  const used = live.filter((p) => p.accountId !== null).length
  return { total: live.length, used, free: live.length - used }
}

import type { AccountStatusEvent, Page, WsAccountView } from '@app/core'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { portUsage } from '../../../api/account'
import { useSocketEvent, useSocketReconnect } from '../../../realtime'

const ACCOUNTS_KEY = ['accounts'] as const
export const ACCOUNT_PAGE_KEY = ['accounts', 'page'] as const
const PORT_USAGE_KEY = ['ports', 'usage'] as const

/** A page with the account's status replaced; the same object when the account is not on it. */
function applyStatus(
  page: Page<WsAccountView> | undefined,
  e: AccountStatusEvent,
): Page<WsAccountView> | undefined {
  if (!page?.list.some((a) => a.id === e.accountId)) return page
  return {
    ...page,
    list: page.list.map((a) =>
      a.id === e.accountId
        ? {
            ...a,
            phone: e.phone ?? a.phone,
            status: e.status,
            abnormalReason: e.abnormalReason,
            bannedAt: e.bannedAt,
            restrictedUntil: e.restrictedUntil,
            linked: e.status === 'online' ? true : a.linked,
          }
        : a,
    ),
  }
}

export function refreshAccounts(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
    qc.invalidateQueries({ queryKey: PORT_USAGE_KEY }),
  ])
}

/**
 * Statuses pushed over the socket update the cached rows in place (no reload); ports are
 * recounted since a link binds one and a logout frees one. After a dropped connection, events
 * may have been missed: everything is read again.
 */
export function useLiveAccounts() {
  const qc = useQueryClient()
  useSocketEvent('account.status', (e) => {
    qc.setQueriesData<Page<WsAccountView>>({ queryKey: ACCOUNT_PAGE_KEY }, (page) => applyStatus(page, e))
    void qc.invalidateQueries({ queryKey: PORT_USAGE_KEY }, { cancelRefetch: false })
  })
  useSocketReconnect(() => void refreshAccounts(qc))
}

export function usePortUsage() {
  return useQuery({ queryKey: PORT_USAGE_KEY, queryFn: portUsage })
}

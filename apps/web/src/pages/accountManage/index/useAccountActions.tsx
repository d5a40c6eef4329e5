import { type ErrorCodeValue, errorMessage, type WsAccountView } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import {
  deleteAccounts,
  logoutAccounts,
  reconnectAccounts,
  setAccountGroup,
  setAccountProxy,
  setAccountRemark,
} from '../../../api/account'
import { currentLanguage } from '../../../i18n'
import { formatPhone } from '../../../utils/format'
import { ACCOUNT_GROUPS_KEY } from '../useAccountGroups'
import { refreshAccounts } from './useLiveAccounts'

const idsOf = (rows: WsAccountView[]) => rows.map((r) => r.id)

/**
 * The account actions, each on one or more rows; every one reloads the list after success and
 * rejects on failure (the request client has told the user), so dialogs can stay open.
 */
export function useAccountActions() {
  const { t } = useTranslation()
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const refresh = () => refreshAccounts(qc)
  const saved = async () => {
    message.success(t('common.saved'))
    await refresh()
  }

  return {
    refresh,
    /** Resume linked accounts; the ones that cannot are listed with the reason. */
    async reconnect(rows: WsAccountView[]) {
      const results = await reconnectAccounts(idsOf(rows))
      const failed = results.filter((r) => r.code !== 0)
      const started = results.length - failed.length
      if (started > 0) message.success(t('account.reconnectStarted', { count: started }))
      if (failed.length > 0) {
        const phoneOf = (id: number) => formatPhone(rows.find((r) => r.id === id)?.phone) || `#${id}`
        modal.warning({
          title: t('account.reconnectFailedTitle'),
          content: (
            <ul style={{ paddingInlineStart: 18, margin: 0 }} data-testid="account-reconnect-failed">
              {failed.map((f) => (
                <li key={f.id}>
                  {t('account.reconnectFailed', {
                    phone: phoneOf(f.id),
                    reason: errorMessage(f.code as ErrorCodeValue, currentLanguage()),
                  })}
                </li>
              ))}
            </ul>
          ),
        })
      }
      await refresh()
    },
    async logout(rows: WsAccountView[]) {
      await logoutAccounts(idsOf(rows))
      message.success(t('account.loggedOut'))
      await refresh()
    },
    async remove(rows: WsAccountView[]) {
      await deleteAccounts(idsOf(rows))
      message.success(t('common.deleted'))
      await Promise.all([refresh(), qc.invalidateQueries({ queryKey: ACCOUNT_GROUPS_KEY })])
    },
    async remark(rows: WsAccountView[], remark: string) {
      await setAccountRemark(idsOf(rows), remark)
      await saved()
    },
    async moveGroup(rows: WsAccountView[], groupId: number | null) {
      await setAccountGroup(idsOf(rows), groupId)
      await Promise.all([saved(), qc.invalidateQueries({ queryKey: ACCOUNT_GROUPS_KEY })])
    },
    async proxy(rows: WsAccountView[], proxy: string) {
      await setAccountProxy(idsOf(rows), proxy)
      if (proxy) await saved()
      else {
        message.success(t('account.proxyCleared'))
        await refresh()
      }
    },
  }
}

type AccountActions = ReturnType<typeof useAccountActions>

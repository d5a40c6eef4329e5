import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { listDeskAccounts } from '../../../api/desk'
import { deskKeys } from '../queryKeys'

/** The WS account whose sessions the related-account view shows, with the user's unread on each. */
export function AccountPicker({
  value,
  onChange,
}: {
  value?: number
  onChange: (id: number | undefined) => void
}) {
  const { t } = useTranslation()
  const accounts = useQuery({ queryKey: deskKeys.accounts, queryFn: listDeskAccounts })
  return (
    <Select
      allowClear
      value={value}
      onChange={(v?: number) => onChange(v)}
      loading={accounts.isLoading}
      placeholder={t('desk.list.chooseAccount')}
      data-testid="desk-account-select"
      showSearch={{ optionFilterProp: 'search' }}
      options={(accounts.data ?? []).map((a) => ({
        value: a.id,
        search: `${a.phone ?? ''} ${a.remark}`,
        label: (
          <span>
            {`+${a.phone ?? '-'}`}
            {a.remark ? ` (${a.remark})` : ''}
            {a.status !== 'online' ? ` · ${t(`account.states.${a.status}`)}` : ''}
            {a.unreadCount > 0 ? ` · ${t('desk.myAccount.unreadShort', { count: a.unreadCount })}` : ''}
          </span>
        ),
      }))}
    />
  )
}

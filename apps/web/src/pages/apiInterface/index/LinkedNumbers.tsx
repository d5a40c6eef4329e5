import { type AccountStateValue, formatDateTime } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { merchantAccounts } from '../../../api/merchants'

const stateColor: Record<AccountStateValue, string> = {
  online: 'green',
  logging_in: 'blue',
  offline: 'default',
  abnormal: 'orange',
  banned: 'red',
}

/** The numbers linked through one code, with their live status. */
export function LinkedNumbers({ codeId }: { codeId: number }) {
  const { t } = useTranslation()
  const list = useQuery({
    queryKey: ['merchant', 'accounts', codeId],
    queryFn: () => merchantAccounts(codeId),
    refetchInterval: 10_000,
  })
  const offset = -new Date().getTimezoneOffset()
  return (
    <Table
      size="small"
      rowKey="accountId"
      loading={list.isLoading}
      dataSource={list.data ?? []}
      pagination={false}
      locale={{ emptyText: t('merchants.codes.noNumbers') }}
      data-testid="merchant-linked-numbers"
      columns={[
        { title: t('merchants.history.account'), dataIndex: 'phone', render: (p: string) => `+${p}` },
        {
          title: t('account.status'),
          dataIndex: 'status',
          render: (s: AccountStateValue, r) =>
            r.deleted ? (
              <Tag>{t('merchants.codes.deleted')}</Tag>
            ) : (
              <Tag color={stateColor[s]}>{t(`account.states.${s}`)}</Tag>
            ),
        },
        {
          title: t('merchants.codes.linkedAt'),
          dataIndex: 'linkedAt',
          render: (v: number) => formatDateTime(v, offset),
        },
      ]}
    />
  )
}

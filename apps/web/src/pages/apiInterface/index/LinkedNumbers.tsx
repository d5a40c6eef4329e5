import { type AccountStateValue, formatDateTime, type MerchantAccountView } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { merchantAccounts } from '../../../api/merchants'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState } from '../../../components/page/EmptyState'
import type { PageColumn } from '../../../components/page/tableColumns'

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
  const columns: PageColumn<MerchantAccountView>[] = [
    {
      key: 'phone',
      title: t('merchants.history.account'),
      dataIndex: 'phone',
      width: 180,
      render: (p: string) => `+${p}`,
    },
    {
      key: 'status',
      title: t('account.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: AccountStateValue, r) =>
        r.deleted ? (
          <Tag>{t('merchants.codes.deleted')}</Tag>
        ) : (
          <Tag color={stateColor[s]}>{t(`account.states.${s}`)}</Tag>
        ),
    },
    {
      key: 'linkedAt',
      title: t('merchants.codes.linkedAt'),
      dataIndex: 'linkedAt',
      width: 170,
      render: (v: number) => formatDateTime(v, offset),
    },
  ]
  return (
    <DataTable<MerchantAccountView>
      size="small"
      rowKey="accountId"
      loading={list.isLoading}
      dataSource={list.data ?? []}
      columns={columns}
      pagination={false}
      empty={
        list.isLoading ? undefined : (
          <EmptyState
            testId="merchant-linked-numbers-empty"
            title={t('merchants.codes.noNumbers')}
            hint={t('merchants.codes.noNumbersHint')}
          />
        )
      }
      data-testid="merchant-linked-numbers"
    />
  )
}

import type { AccountProfileView, WsAccountView } from '@app/core'
import { Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../../components/page/DataTable'
import { PhoneText } from '../../../../components/page/PhoneText'
import { actionsWidth, type PageColumn } from '../../../../components/page/tableColumns'
import { formatCountry, formatDate } from '../../../../utils/format'
import { AreaCell, ProfileCell } from './profiles'
import { RowActions, type RowHandlers } from './RowActions'
import { StatusTag } from './StatusTag'

interface Props {
  rows: WsAccountView[]
  total: number
  loading: boolean
  pageNo: number
  pageSize: number
  keyword?: string
  onPage: (pageNo: number, pageSize: number) => void
  selectedIds: number[]
  onSelect: (ids: number[]) => void
  handlers: RowHandlers
  /** each account's WhatsApp name, picture and proxy area */
  profiles?: Map<number, AccountProfileView>
  /** the batch actions, above the table */
  toolbar: ReactNode
  empty: ReactNode
}

const dash = <Typography.Text type="secondary">—</Typography.Text>

/**
 * The tenant's WS accounts with live status, counts and per-row actions; rows can be selected
 * for batch actions. By default the columns that decide where an account sends from and who
 * serves it (area, proxy, customers, agent) fit a laptop screen; the rest are in the chooser.
 */
export function AccountTable(props: Props) {
  const { t } = useTranslation()
  const { rows, keyword, handlers, profiles } = props
  const columns: PageColumn<WsAccountView>[] = [
    {
      key: 'phone',
      title: t('account.phone'),
      dataIndex: 'phone',
      width: 140,
      fixed: 'left',
      alwaysShown: true,
      render: (phone: string | null) =>
        phone ? (
          <PhoneText phone={phone} keyword={keyword} />
        ) : (
          <Typography.Text type="secondary">{t('account.noPhone')}</Typography.Text>
        ),
    },
    {
      key: 'profile',
      title: t('merchants.profile.name'),
      width: 170,
      hiddenByDefault: true,
      render: (_, row) => <ProfileCell accountId={row.id} profile={profiles?.get(row.id)} />,
    },
    {
      key: 'status',
      title: t('account.status'),
      dataIndex: 'status',
      width: 130,
      render: (_, row) => <StatusTag account={row} />,
    },
    {
      key: 'group',
      title: t('account.group'),
      dataIndex: 'groupName',
      width: 100,
      ellipsis: true,
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">{t('account.noGroup')}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('account.type'),
      dataIndex: 'type',
      width: 90,
      hiddenByDefault: true,
      render: (type: WsAccountView['type']) => t(`account.types.${type}`),
    },
    {
      key: 'remark',
      title: t('account.remark'),
      dataIndex: 'remark',
      width: 150,
      ellipsis: true,
      hiddenByDefault: true,
      render: (remark: string) => remark || dash,
    },
    {
      key: 'ipArea',
      title: t('account.ipArea'),
      dataIndex: 'ipArea',
      width: 90,
      ellipsis: true,
      tooltip: (row) => formatCountry(profiles?.get(row.id)?.ipArea || row.ipArea),
      render: (area: string, row) => <AreaCell profile={profiles?.get(row.id)} fallback={area} />,
    },
    {
      key: 'proxy',
      title: t('account.proxy'),
      dataIndex: 'proxy',
      width: 110,
      ellipsis: true,
      render: (proxy: string) => proxy || dash,
    },
    {
      key: 'customerCount',
      title: t('account.customerCount'),
      dataIndex: 'customerCount',
      width: 80,
      align: 'right',
    },
    {
      key: 'sessionCount',
      title: t('account.sessionCount'),
      dataIndex: 'sessionCount',
      width: 80,
      align: 'right',
      hiddenByDefault: true,
    },
    {
      key: 'agent',
      title: t('account.agent'),
      dataIndex: 'agentName',
      width: 100,
      ellipsis: true,
      render: (name: string | null) => name ?? dash,
    },
    {
      key: 'createdAt',
      title: t('account.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      hiddenByDefault: true,
      render: (v: number) => formatDate(v),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      actions: true,
      // the widest row: reconnect or link again, log out, delete, more
      width: actionsWidth(
        [t('account.reconnect'), t('account.logout'), t('common.delete'), t('account.more')],
        {
          extra: 14,
        },
      ),
      render: (_, row) => <RowActions row={row} handlers={handlers} />,
    },
  ]
  return (
    <DataTable<WsAccountView>
      rowKey="id"
      chooserKey="accounts"
      toolbar={props.toolbar}
      columns={columns}
      dataSource={rows}
      loading={props.loading}
      empty={props.loading ? undefined : props.empty}
      rowSelection={{
        selectedRowKeys: props.selectedIds,
        onChange: (keys) => props.onSelect(keys.map(Number)),
      }}
      rowTestId={(row) => `account-row-${row.phone ?? row.id}`}
      pagination={{
        current: props.pageNo,
        pageSize: props.pageSize,
        total: props.total,
        onChange: props.onPage,
      }}
      data-testid="account-table"
    />
  )
}

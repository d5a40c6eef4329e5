import type { AccountProfileView, WsAccountView } from '@app/core'
import { Table, type TableProps, Typography } from 'antd'
import type { HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { Highlight } from '../../../../components/Highlight'
import { formatDate } from '../../../../utils/date'
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
}

const dash = <Typography.Text type="secondary">—</Typography.Text>

/** The tenant's WS accounts with live status, counts and per-row actions; rows can be selected for batch actions. */
export function AccountTable(props: Props) {
  const { t } = useTranslation()
  const {
    rows,
    total,
    loading,
    pageNo,
    pageSize,
    keyword,
    onPage,
    selectedIds,
    onSelect,
    handlers,
    profiles,
  } = props
  const columns: TableProps<WsAccountView>['columns'] = [
    {
      title: t('account.phone'),
      dataIndex: 'phone',
      width: 160,
      fixed: 'left',
      render: (phone: string | null) =>
        phone ? (
          <Highlight text={phone} keyword={keyword} />
        ) : (
          <Typography.Text type="secondary">{t('account.noPhone')}</Typography.Text>
        ),
    },
    {
      title: t('merchants.profile.name'),
      key: 'profile',
      width: 170,
      render: (_, row) => <ProfileCell accountId={row.id} profile={profiles?.get(row.id)} />,
    },
    {
      title: t('account.group'),
      dataIndex: 'groupName',
      width: 120,
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">{t('account.noGroup')}</Typography.Text>,
    },
    {
      title: t('account.type'),
      dataIndex: 'type',
      width: 90,
      render: (type: WsAccountView['type']) => t(`account.types.${type}`),
    },
    {
      title: t('account.status'),
      dataIndex: 'status',
      width: 170,
      render: (_, row) => <StatusTag account={row} />,
    },
    {
      title: t('account.remark'),
      dataIndex: 'remark',
      width: 150,
      render: (remark: string) =>
        remark ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: remark }} style={{ margin: 0 }}>
            {remark}
          </Typography.Paragraph>
        ) : (
          dash
        ),
    },
    {
      title: t('account.ipArea'),
      dataIndex: 'ipArea',
      width: 110,
      render: (area: string, row) => <AreaCell profile={profiles?.get(row.id)} fallback={area} />,
    },
    {
      title: t('account.proxy'),
      dataIndex: 'proxy',
      width: 180,
      render: (proxy: string) =>
        proxy ? (
          <Typography.Text style={{ fontSize: 12, wordBreak: 'break-all' }}>{proxy}</Typography.Text>
        ) : (
          dash
        ),
    },
    { title: t('account.customerCount'), dataIndex: 'customerCount', width: 90, align: 'right' },
    { title: t('account.sessionCount'), dataIndex: 'sessionCount', width: 90, align: 'right' },
    {
      title: t('account.agent'),
      dataIndex: 'agentName',
      width: 120,
      render: (name: string | null) => name ?? dash,
    },
    {
      title: t('account.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 300,
      fixed: 'right',
      render: (_, row) => <RowActions row={row} handlers={handlers} />,
    },
  ]
  return (
    <Table<WsAccountView>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1870 }}
      rowSelection={{
        selectedRowKeys: selectedIds,
        onChange: (keys) => onSelect(keys.map(Number)),
      }}
      onRow={(row) =>
        ({ 'data-testid': `account-row-${row.phone ?? row.id}` }) as HTMLAttributes<HTMLElement>
      }
      pagination={{ current: pageNo, pageSize, total, showSizeChanger: true, onChange: onPage }}
      data-testid="account-table"
    />
  )
}

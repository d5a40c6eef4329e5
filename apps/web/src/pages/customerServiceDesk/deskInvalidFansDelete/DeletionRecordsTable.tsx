import type { Page, SessionDeletionView } from '@app/core'
import { Table, type TableColumnsType, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../utils/date'

/**
 * The deletion records of invalid customers (who, when, why, what), newest first: the agent's
 * own at the desk, the whole tenant's for the supervisor (`showOwner` adds whose desk it was).
 */
export function DeletionRecordsTable({
  data,
  loading,
  page,
  onPage,
  showOwner = false,
}: {
  data: Page<SessionDeletionView> | undefined
  loading: boolean
  page: { pageNo: number; pageSize: number }
  onPage: (page: { pageNo: number; pageSize: number }) => void
  showOwner?: boolean
}) {
  const { t } = useTranslation()
  const columns: TableColumnsType<SessionDeletionView> = [
    {
      key: 'customer',
      title: t('desk.deletions.customer'),
      render: (_, r) => (
        <span>
          {r.sessionType === 'group' ? <Tag>{t('desk.flags.group')}</Tag> : null}
          {r.title}
        </span>
      ),
    },
    { key: 'phone', title: t('desk.deletions.phone'), render: (_, r) => (r.phone ? `+${r.phone}` : '-') },
    {
      key: 'account',
      title: t('desk.deletions.account'),
      render: (_, r) => (r.accountPhone ? `+${r.accountPhone}` : '-'),
    },
    ...(showOwner
      ? [{ key: 'owner', title: t('inheritance.deletions.owner'), dataIndex: 'ownerName' as const }]
      : []),
    { key: 'reason', title: t('desk.deletions.reason'), dataIndex: 'reason' },
    { key: 'messages', title: t('desk.deletions.messages'), dataIndex: 'messageCount', width: 100 },
    { key: 'by', title: t('desk.deletions.deletedBy'), dataIndex: 'deletedByName' },
    {
      key: 'at',
      title: t('desk.deletions.deletedAt'),
      render: (_, r) => formatDate(r.deletedAt),
      width: 180,
    },
  ]
  return (
    <Table<SessionDeletionView>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={data?.list ?? []}
      scroll={{ x: 900 }}
      locale={{ emptyText: t('desk.deletions.empty') }}
      data-testid="deletion-records"
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        onChange: (pageNo, pageSize) => onPage({ pageNo, pageSize }),
      }}
      columns={columns}
    />
  )
}

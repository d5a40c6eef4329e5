import type { SessionDeletionView } from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card, Table, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageDeletions } from '../../../api/desk'
import { formatDate } from '../../../utils/date'
import { deskKeys } from '../queryKeys'

/**
 * /customerServiceDesk/deskInvalidFansDelete: the deletion records of invalid customers (who,
 * when, why, what), newest first.
 */
export default function DeletionRecordsPage() {
  const { t } = useTranslation()
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 })
  const records = useQuery({
    queryKey: deskKeys.deletions(page.pageNo, page.pageSize),
    queryFn: () => pageDeletions(page.pageNo, page.pageSize),
    placeholderData: keepPreviousData,
  })
  return (
    <div style={{ padding: 16 }}>
      <Card title={t('desk.deletions.title')}>
        <Table<SessionDeletionView>
          rowKey="id"
          size="middle"
          loading={records.isFetching}
          dataSource={records.data?.list ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('desk.deletions.empty') }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: records.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          columns={[
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
            {
              key: 'phone',
              title: t('desk.deletions.phone'),
              render: (_, r) => (r.phone ? `+${r.phone}` : '-'),
            },
            {
              key: 'account',
              title: t('desk.deletions.account'),
              render: (_, r) => (r.accountPhone ? `+${r.accountPhone}` : '-'),
            },
            { key: 'reason', title: t('desk.deletions.reason'), dataIndex: 'reason' },
            { key: 'messages', title: t('desk.deletions.messages'), dataIndex: 'messageCount', width: 100 },
            { key: 'by', title: t('desk.deletions.deletedBy'), dataIndex: 'deletedByName' },
            {
              key: 'at',
              title: t('desk.deletions.deletedAt'),
              render: (_, r) => formatDate(r.deletedAt),
              width: 180,
            },
          ]}
        />
      </Card>
    </div>
  )
}

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageDeletions } from '../../../api/desk'
import { deskKeys } from '../queryKeys'
import { DeletionRecordsTable } from './DeletionRecordsTable'

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
        <DeletionRecordsTable data={records.data} loading={records.isFetching} page={page} onPage={setPage} />
      </Card>
    </div>
  )
}

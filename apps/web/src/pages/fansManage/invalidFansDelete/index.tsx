import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type InvalidFilters as Filters, pageDeletionRecords } from '../../../api/fanInheritance'
import { PageFrame } from '../../../components/page/PageFrame'
import { DeletionRecordsTable } from '../../customerServiceDesk/deskInvalidFansDelete/DeletionRecordsTable'
import { InvalidFilters } from '../invalidFansList/InvalidFilters'

/**
 * /fansManage/invalidFansDelete: the deletion records of every agent's desk of the tenant (who,
 * when, why, what), by account, agent, time and search.
 */
export default function InvalidFansDeletePage() {
  const { t } = useTranslation()
  const [filters, setFilters] = useState<Filters>({})
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 })
  const records = useQuery({
    queryKey: ['inheritance', 'deletions', filters, page.pageNo, page.pageSize],
    queryFn: () => pageDeletionRecords(filters, page.pageNo, page.pageSize),
    placeholderData: keepPreviousData,
  })
  return (
    <PageFrame title={t('menu.invalidFansDelete')}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('inheritance.deletions.hint')}
      </Typography.Paragraph>
      <InvalidFilters
        name="deletion-filters"
        onChange={(f) => {
          setFilters(f)
          setPage((p) => ({ ...p, pageNo: 1 }))
        }}
      />
      <DeletionRecordsTable
        data={records.data}
        loading={records.isFetching}
        page={page}
        onPage={setPage}
        showOwner
      />
    </PageFrame>
  )
}

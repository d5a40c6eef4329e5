import type { FanInheritanceView } from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageInheritances } from '../../../api/fanInheritance'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState } from '../../../components/page/EmptyState'
import { formatDate, formatPhone } from '../../../utils/format'

export const recordKeys = {
  all: ['inheritance', 'records'] as const,
  page: (pageNo: number, pageSize: number) => ['inheritance', 'records', pageNo, pageSize] as const,
}

/** How often the records are read again while a hand-over is running. */
const RUNNING_POLL_MS = 2000

const phone = (p: string | null, id: number) => formatPhone(p) || `#${id}`

/** Every hand-over of the tenant, newest first: who, when, from, to, how, what came of it. */
export function InheritRecords() {
  const { t } = useTranslation()
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 })
  const records = useQuery({
    queryKey: recordKeys.page(page.pageNo, page.pageSize),
    queryFn: () => pageInheritances(page),
    placeholderData: keepPreviousData,
    // a large hand-over goes on behind its answer: follow it until it is done
    refetchInterval: (q) =>
      q.state.data?.list.some((r) => r.status === 'running') ? RUNNING_POLL_MS : false,
  })
  return (
    <DataTable<FanInheritanceView>
      rowKey="id"
      size="middle"
      loading={records.isFetching}
      dataSource={records.data?.list ?? []}
      empty={<EmptyState title={t('inheritance.records.empty')} hint={t('inheritance.records.emptyHint')} />}
      data-testid="inherit-records"
      rowTestId={(r) => `inherit-record-${r.id}`}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: records.data?.total ?? 0,
        onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
      }}
      columns={[
        {
          key: 'at',
          title: t('inheritance.records.at'),
          render: (_, r) => formatDate(r.createdAt),
          width: 170,
        },
        {
          key: 'from',
          title: t('inheritance.records.from'),
          width: 160,
          render: (_, r) => phone(r.fromPhone, r.fromAccountId),
        },
        {
          key: 'to',
          title: t('inheritance.records.to'),
          width: 160,
          render: (_, r) => phone(r.toPhone, r.toAccountId),
        },
        {
          key: 'mode',
          title: t('inheritance.records.mode'),
          render: (_, r) => (
            <span>
              {t(`inheritance.form.modes.${r.mode}`)}
              {r.labelNames.map((n) => (
                <Tag key={n} style={{ marginInlineStart: 6 }}>
                  {n}
                </Tag>
              ))}
            </span>
          ),
        },
        { key: 'moved', title: t('inheritance.records.moved'), dataIndex: 'moved', width: 100 },
        { key: 'repeat', title: t('inheritance.records.repeat'), dataIndex: 'repeat', width: 100 },
        {
          key: 'status',
          title: t('inheritance.records.status'),
          width: 110,
          render: (_, r) => (
            <Tag color={r.status === 'done' ? 'green' : 'processing'}>
              {t(`inheritance.records.${r.status}`)}
            </Tag>
          ),
        },
        {
          key: 'by',
          title: t('inheritance.records.by'),
          dataIndex: 'createdByName',
          width: 120,
          ellipsis: true,
        },
      ]}
    />
  )
}

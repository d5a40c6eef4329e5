import {
  formatAmount,
  type OrderKindValue,
  RECORD_STATUSES,
  type RecordStatusValue,
  type RecordView,
} from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Form, Select, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { mergeRecords, queryRecords, refundRecords, renewRecords } from '../../api/billing'
import { DataTable } from '../../components/page/DataTable'
import { EmptyState, NoMatches } from '../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../components/page/FilterBar'
import type { PageColumn } from '../../components/page/tableColumns'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'
import { type RecordAction, RecordActionModal, type RecordActionValues } from './RecordActionModal'
import { TenantSelect } from './TenantSelect'

const STATUS_COLOR: Record<RecordStatusValue, string> = {
  active: 'green',
  expired: 'default',
  refunded: 'orange',
  merged: 'blue',
}

export function RecordStatusTag({ status }: { status: RecordStatusValue }) {
  const { t } = useTranslation()
  return <Tag color={STATUS_COLOR[status]}>{t(`billing.status.${status}`)}</Tag>
}

interface RecordFilters {
  tenantId?: number
  status?: RecordStatusValue
}

/** Ports or seats of the tenants the caller sees: renew, refund or merge the selected ones. */
export function RecordsPanel({ kind, tenantId: initialTenant }: { kind: OrderKindValue; tenantId?: number }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [query, setQuery] = useState<{
    pageNo: number
    pageSize: number
    tenantId?: number
    status?: RecordStatusValue
  }>({
    pageNo: 1,
    pageSize: 10,
    tenantId: initialTenant,
  })
  const [filterForm] = Form.useForm<RecordFilters>()
  const [selected, setSelected] = useState<RecordView[]>([])
  const [action, setAction] = useState<RecordAction | null>(null)
  const page = useQuery({
    queryKey: ['billing', 'records', kind, query],
    queryFn: () => queryRecords(kind, query),
    placeholderData: keepPreviousData,
  })
  const run = useMutation({
    mutationFn: ({ a, v }: { a: RecordAction; v: RecordActionValues }) => {
      const ids = selected.map((r) => r.id)
      if (a === 'renewal')
        return renewRecords(kind, { ids, days: v.days ?? 1, amount: v.amount, remark: v.remark })
      if (a === 'refund')
        return refundRecords(kind, { ids, days: v.days, amount: v.amount, remark: v.remark })
      const target = v.targetId ?? ids[0] ?? 0
      return mergeRecords(kind, target, { sourceIds: ids.filter((id) => id !== target), remark: v.remark })
    },
    onSuccess: () => {
      message.success(t('billing.recordsChanged'))
      setSelected([])
      return queryClient.invalidateQueries({ queryKey: ['billing'] })
    },
  })

  const columns: PageColumn<RecordView>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
    {
      key: 'tenant',
      title: t('billing.tenant'),
      width: 220,
      ellipsis: true,
      render: (_, r) => `${r.tenantName} (${r.enterpriseAccount})`,
    },
    {
      key: 'holder',
      title: kind === 'port' ? t('billing.holderPort') : t('billing.holderSeat'),
      dataIndex: 'holderName',
      width: 160,
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'startsAt',
      title: t('billing.startsAt'),
      dataIndex: 'startsAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    {
      key: 'expiresAt',
      title: t('billing.expiresAt'),
      dataIndex: 'expiresAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    { key: 'daysLeft', title: t('billing.daysLeft'), dataIndex: 'daysLeft', width: 90 },
    {
      key: 'status',
      title: t('billing.statusTitle'),
      dataIndex: 'status',
      width: 100,
      render: (s: RecordStatusValue) => <RecordStatusTag status={s} />,
    },
    {
      key: 'paid',
      title: t('billing.paid'),
      dataIndex: 'paid',
      width: 110,
      render: (v: number, r) => `${formatAmount(v)}${r.refunded ? ` / -${formatAmount(r.refunded)}` : ''}`,
    },
  ]
  const filtered = query.tenantId !== undefined || query.status !== undefined
  const search = (v: RecordFilters) =>
    setQuery((q) => ({ pageNo: 1, pageSize: q.pageSize, tenantId: v.tenantId, status: v.status }))
  // clearing drops the customer the page was opened for too
  const clearFilters = () => {
    filterForm.setFieldsValue({ tenantId: undefined, status: undefined })
    search({})
  }

  const running =
    selected.length > 0 && selected.every((r) => r.status === 'active' || r.status === 'expired')
  return (
    // a tab's panel: the filters, then the table
    <Flex vertical gap={16}>
      <FilterBar<RecordFilters>
        form={filterForm}
        name={`records-${kind}-filters`}
        initialValues={{ tenantId: initialTenant }}
        onSearch={search}
        buttonTestIdPrefix={`records-${kind}-filter`}
      >
        <FilterItem name="tenantId" label={t('billing.tenant')}>
          <TenantSelect allowClear style={{ width: 260 }} testId={`records-${kind}-tenant`} />
        </FilterItem>
        <FilterItem name="status" label={t('billing.statusTitle')}>
          <Select<RecordStatusValue>
            allowClear
            placeholder={t('common.all')}
            style={{ width: 140 }}
            options={RECORD_STATUSES.map((s) => ({ value: s, label: t(`billing.status.${s}`) }))}
          />
        </FilterItem>
      </FilterBar>
      <DataTable<RecordView>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        toolbar={
          // what the buttons do applies to the selected rows
          <Flex gap={8} wrap>
            <Button
              disabled={!running}
              onClick={() => setAction('renewal')}
              data-testid={`records-${kind}-renew`}
            >
              {t('billing.action.renewal')}
            </Button>
            <Button
              disabled={!running}
              onClick={() => setAction('refund')}
              data-testid={`records-${kind}-refund`}
            >
              {t('billing.action.refund')}
            </Button>
            <Button
              disabled={!running || selected.length < 2}
              onClick={() => setAction('merge')}
              data-testid={`records-${kind}-merge`}
            >
              {t('billing.action.merge')}
            </Button>
          </Flex>
        }
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_keys, rows) => setSelected(rows),
          getCheckboxProps: (r) => ({ 'data-testid': `record-select-${r.id}` }) as object,
        }}
        pagination={tablePaging(query, page.data?.total, setQuery)}
        data-testid={`records-${kind}-table`}
        empty={
          page.isFetching ? undefined : filtered ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t(`billing.empty.recordsTitle.${kind}`)}
              hint={t('billing.empty.recordsHint')}
            />
          )
        }
      />
      <RecordActionModal
        action={action}
        records={selected}
        onClose={() => setAction(null)}
        onSubmit={(a, v) => run.mutateAsync({ a, v })}
      />
    </Flex>
  )
}

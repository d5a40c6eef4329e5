import {
  formatAmount,
  type OrderKindValue,
  RECORD_STATUSES,
  type RecordStatusValue,
  type RecordView,
} from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Select, Table, type TableProps, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { mergeRecords, queryRecords, refundRecords, renewRecords } from '../../api/billing'
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

  const columns: TableProps<RecordView>['columns'] = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: t('billing.tenant'),
      key: 'tenant',
      render: (_, r) => `${r.tenantName} (${r.enterpriseAccount})`,
    },
    {
      title: kind === 'port' ? t('billing.holderPort') : t('billing.holderSeat'),
      dataIndex: 'holderName',
      render: (v: string | null) => v ?? '-',
    },
    { title: t('billing.startsAt'), dataIndex: 'startsAt', width: 170, render: (v: number) => formatDate(v) },
    {
      title: t('billing.expiresAt'),
      dataIndex: 'expiresAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    { title: t('billing.daysLeft'), dataIndex: 'daysLeft', width: 90 },
    {
      title: t('billing.statusTitle'),
      dataIndex: 'status',
      width: 100,
      render: (s: RecordStatusValue) => <RecordStatusTag status={s} />,
    },
    {
      title: t('billing.paid'),
      dataIndex: 'paid',
      width: 110,
      render: (v: number, r) => `${formatAmount(v)}${r.refunded ? ` / -${formatAmount(r.refunded)}` : ''}`,
    },
  ]

  const running =
    selected.length > 0 && selected.every((r) => r.status === 'active' || r.status === 'expired')
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={8} wrap>
        <Flex gap={8} wrap>
          <TenantSelect
            allowClear
            value={query.tenantId}
            onChange={(tenantId) => setQuery((q) => ({ ...q, pageNo: 1, tenantId }))}
            style={{ width: 260 }}
            testId={`records-${kind}-tenant`}
          />
          <Select
            allowClear
            placeholder={t('billing.statusTitle')}
            style={{ width: 140 }}
            value={query.status}
            onChange={(status) => setQuery((q) => ({ ...q, pageNo: 1, status }))}
            options={RECORD_STATUSES.map((s) => ({ value: s, label: t(`billing.status.${s}`) }))}
          />
        </Flex>
        <Flex gap={8}>
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
      </Flex>
      <Table<RecordView>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 1000 }}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_keys, rows) => setSelected(rows),
          getCheckboxProps: (r) => ({ 'data-testid': `record-select-${r.id}` }) as object,
        }}
        pagination={tablePaging(query, page.data?.total, setQuery)}
        data-testid={`records-${kind}-table`}
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

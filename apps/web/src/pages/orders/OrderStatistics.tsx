import { formatAmount, type StatLine } from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card, DatePicker, Flex, Statistic, Table, type TableProps, Tabs } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { orderStatistics } from '../../api/billing'
import { formatDate } from '../../utils/date'
import {
  type DayRange,
  defaultRange,
  rangePresets,
  toRequestRange,
} from '../accountManage/customerAcquisitionStatistics/components/range'

const Chart = lazy(() => import('./OrderStatisticsChart'))

type Row = StatLine & { key: string; label: string }

/** /orderStatistics/index: revenue and quantities by day, by seller and by kind, over a date range. */
export default function OrderStatisticsPage() {
  const { t } = useTranslation()
  const [range, setRange] = useState<DayRange>(defaultRange())
  const stats = useQuery({
    queryKey: ['billing', 'statistics', range[0].valueOf(), range[1].valueOf()],
    queryFn: () => orderStatistics(toRequestRange(range)),
    placeholderData: keepPreviousData,
  })
  const s = stats.data
  const money = (v: number) => formatAmount(v)
  const columns = (first: string): TableProps<Row>['columns'] => [
    { title: first, dataIndex: 'label' },
    {
      title: t('billing.stats.new'),
      key: 'new',
      render: (_, r) => `${money(r.newAmount)} (${r.newQuantity})`,
    },
    {
      title: t('billing.stats.renewal'),
      key: 'renewal',
      render: (_, r) => `${money(r.renewalAmount)} (${r.renewalQuantity})`,
    },
    {
      title: t('billing.stats.refund'),
      key: 'refund',
      render: (_, r) => `${money(r.refundAmount)} (${r.refundQuantity})`,
    },
    { title: t('billing.stats.net'), dataIndex: 'netAmount', render: money },
  ]
  const byDay: Row[] = (s?.byDay ?? []).map((d) => ({
    ...d,
    key: String(d.date),
    label: formatDate(d.date, 'YYYY-MM-DD'),
  }))
  const bySeller: Row[] = (s?.bySeller ?? []).map((d) => ({
    ...d,
    key: String(d.sellerId),
    label: d.sellerName ?? '-',
  }))
  const byKind: Row[] = (s?.byKind ?? []).map((d) => ({
    ...d,
    key: d.kind,
    label: t(`billing.kinds.${d.kind}`),
  }))
  const table = (rows: Row[], first: string, id: string) => (
    <Table<Row>
      rowKey="key"
      size="small"
      columns={columns(first)}
      dataSource={rows}
      pagination={false}
      loading={stats.isFetching}
      data-testid={id}
    />
  )
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" wrap gap={16}>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            presets={rangePresets(t)}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0].startOf('day'), v[1].startOf('day')])}
            data-testid="order-stats-range"
          />
          <Flex gap={32} wrap>
            <Statistic title={t('billing.stats.new')} value={money(s?.totals.newAmount ?? 0)} />
            <Statistic title={t('billing.stats.renewal')} value={money(s?.totals.renewalAmount ?? 0)} />
            <Statistic title={t('billing.stats.refund')} value={money(s?.totals.refundAmount ?? 0)} />
            <Statistic title={t('billing.stats.net')} value={money(s?.totals.netAmount ?? 0)} />
          </Flex>
        </Flex>
      </Card>
      <Card>
        <Suspense fallback={null}>{s && <Chart stats={s} />}</Suspense>
        <Tabs
          items={[
            {
              key: 'day',
              label: t('billing.stats.byDay'),
              children: table(byDay, t('billing.stats.day'), 'order-stats-days'),
            },
            {
              key: 'seller',
              label: t('billing.stats.bySeller'),
              children: table(bySeller, t('billing.seller'), 'order-stats-sellers'),
            },
            {
              key: 'kind',
              label: t('billing.stats.byKind'),
              children: table(byKind, t('billing.kind'), 'order-stats-kinds'),
            },
          ]}
        />
      </Card>
    </Flex>
  )
}

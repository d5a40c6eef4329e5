import { formatAmount, type StatLine } from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { DatePicker, Flex, Form, Statistic, Tabs } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { orderStatistics } from '../../api/billing'
import { DataTable } from '../../components/page/DataTable'
import { EmptyState } from '../../components/page/EmptyState'
import { PageFrame, PageSection } from '../../components/page/PageFrame'
import type { PageColumn } from '../../components/page/tableColumns'
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
  const columns = (first: string): PageColumn<Row>[] => [
    { key: 'label', title: first, dataIndex: 'label', width: 160, ellipsis: true },
    {
      key: 'new',
      title: t('billing.stats.new'),
      width: 160,
      render: (_, r) => `${money(r.newAmount)} (${r.newQuantity})`,
    },
    {
      key: 'renewal',
      title: t('billing.stats.renewal'),
      width: 160,
      render: (_, r) => `${money(r.renewalAmount)} (${r.renewalQuantity})`,
    },
    {
      key: 'refund',
      title: t('billing.stats.refund'),
      width: 160,
      render: (_, r) => `${money(r.refundAmount)} (${r.refundQuantity})`,
    },
    { key: 'net', title: t('billing.stats.net'), dataIndex: 'netAmount', width: 140, render: money },
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
    <DataTable<Row>
      rowKey="key"
      size="small"
      columns={columns(first)}
      dataSource={rows}
      pagination={false}
      loading={stats.isFetching}
      data-testid={id}
      empty={
        stats.isFetching ? undefined : (
          <EmptyState title={t('billing.empty.statsTitle')} hint={t('billing.empty.statsHint')} />
        )
      }
    />
  )
  return (
    <PageFrame title={t('menu.orderStatistics')} sections>
      <PageSection>
        <Flex justify="space-between" wrap gap={16}>
          {/* the statistics follow the range at once: there is no list to search */}
          <Form name="order-stats-filters" layout="inline">
            <Form.Item label={t('billing.stats.range')} style={{ marginInlineEnd: 0 }}>
              <DatePicker.RangePicker
                value={range}
                allowClear={false}
                presets={rangePresets(t)}
                aria-label={t('billing.stats.range')}
                onChange={(v) => v?.[0] && v[1] && setRange([v[0].startOf('day'), v[1].startOf('day')])}
                data-testid="order-stats-range"
              />
            </Form.Item>
          </Form>
          <Flex gap={32} wrap>
            <Statistic title={t('billing.stats.new')} value={money(s?.totals.newAmount ?? 0)} />
            <Statistic title={t('billing.stats.renewal')} value={money(s?.totals.renewalAmount ?? 0)} />
            <Statistic title={t('billing.stats.refund')} value={money(s?.totals.refundAmount ?? 0)} />
            <Statistic title={t('billing.stats.net')} value={money(s?.totals.netAmount ?? 0)} />
          </Flex>
        </Flex>
      </PageSection>
      <PageSection>
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
      </PageSection>
    </PageFrame>
  )
}

import type { OrderStatistics } from '@app/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import ReactEChartsCore from 'echarts-for-react/esm/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../utils/date'

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

const yuan = (cents: number) => Math.round(cents) / 100

/** New, renewed and refunded amounts per day as bars, the net as a line. */
export default function OrderStatisticsChart({ stats }: { stats: OrderStatistics }) {
  const { t } = useTranslation()
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', confine: true },
      legend: { top: 0 },
      grid: { top: 40, left: 8, right: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: stats.byDay.map((d) => formatDate(d.date, 'MM-DD')) },
      yAxis: { type: 'value' },
      series: [
        { type: 'bar', name: t('billing.stats.new'), data: stats.byDay.map((d) => yuan(d.newAmount)) },
        {
          type: 'bar',
          name: t('billing.stats.renewal'),
          data: stats.byDay.map((d) => yuan(d.renewalAmount)),
        },
        { type: 'bar', name: t('billing.stats.refund'), data: stats.byDay.map((d) => -yuan(d.refundAmount)) },
        { type: 'line', name: t('billing.stats.net'), data: stats.byDay.map((d) => yuan(d.netAmount)) },
      ],
    }),
    [stats, t],
  )
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height: 320 }}
      data-testid="order-stats-chart"
    />
  )
}

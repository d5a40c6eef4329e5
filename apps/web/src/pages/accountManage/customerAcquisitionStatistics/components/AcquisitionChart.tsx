import type { AcquisitionStats } from '@app/core'
import { BarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import ReactEChartsCore from 'echarts-for-react/esm/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { accountLabel, dayLabels } from './format'

// Only what this chart draws, so the bundle stays small.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

const CHART_HEIGHT = 320

/** New fans per day, one stacked bar per account, so each bar's height is the day's total. */
export default function AcquisitionChart({ stats }: { stats: AcquisitionStats }) {
  const { t } = useTranslation()
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
      legend: { type: 'scroll', top: 0 },
      grid: { top: 40, left: 8, right: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: dayLabels(stats.days) },
      yAxis: { type: 'value', minInterval: 1 },
      series: stats.rows.map((row) => ({
        type: 'bar',
        stack: 'fans',
        name: accountLabel(row, t),
        data: row.counts,
        emphasis: { focus: 'series' },
      })),
    }),
    [stats, t],
  )
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height: CHART_HEIGHT }}
      data-testid="acquisition-chart"
    />
  )
}

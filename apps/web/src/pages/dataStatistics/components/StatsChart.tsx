import type { StatisticsOverview } from '@app/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import ReactEChartsCore from 'echarts-for-react/esm/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

// Only what this chart draws, so the bundle stays small.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

const STATS_CHART_HEIGHT = 320

/** Messages in and out as lines, new customers and sessions opened as bars, one point per day. */
export default function StatsChart({ overview }: { overview: StatisticsOverview }) {
  const { t } = useTranslation()
  const option = useMemo(() => {
    const series = (
      key: 'messagesIn' | 'messagesOut' | 'newFans' | 'sessionsOpened',
      type: 'line' | 'bar',
    ) => ({
      type,
      name: t(`statistics.figure.${key}`),
      data: overview.days.map((d) => d[key]),
      smooth: type === 'line',
      yAxisIndex: type === 'line' ? 0 : 1,
    })
    return {
      tooltip: { trigger: 'axis', confine: true },
      legend: { top: 0 },
      grid: { top: 40, left: 8, right: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: overview.days.map((d) => d.day.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        series('messagesIn', 'line'),
        series('messagesOut', 'line'),
        series('newFans', 'bar'),
        series('sessionsOpened', 'bar'),
      ],
    }
  }, [overview, t])
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height: STATS_CHART_HEIGHT }}
      data-testid="stats-chart"
    />
  )
}

import type { RiskStatistics } from '@app/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import ReactEChartsCore from 'echarts-for-react/esm/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

// Only what this chart draws, so the bundle stays small.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

/** Per day over the accounts: sends, new chats and failures as bars, the reply ratio as a line. */
export default function RiskChart({ stats }: { stats: RiskStatistics }) {
  const { t } = useTranslation()
  const option = useMemo(() => {
    const days = stats.days.map((d) => d.day.slice(5))
    const bar = (name: string, values: number[]) => ({ type: 'bar', name, data: values, barMaxWidth: 24 })
    return {
      tooltip: { trigger: 'axis', confine: true },
      legend: { top: 0 },
      grid: { top: 40, left: 8, right: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', min: 0, max: 1, axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` } },
      ],
      series: [
        bar(
          t('risk.statistics.sends'),
          stats.days.map((d) => d.sends),
        ),
        bar(
          t('risk.statistics.newChats'),
          stats.days.map((d) => d.newChats),
        ),
        bar(
          t('risk.statistics.failed'),
          stats.days.map((d) => d.failed),
        ),
        {
          type: 'line',
          name: t('risk.statistics.replyRatio'),
          yAxisIndex: 1,
          showSymbol: true,
          connectNulls: true,
          data: stats.days.map((d) => (d.replyRatio === null ? null : Math.min(1, d.replyRatio))),
        },
      ],
    }
  }, [stats, t])
  return (
    <div data-testid="risk-stats-chart">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 320 }} notMerge />
    </div>
  )
}

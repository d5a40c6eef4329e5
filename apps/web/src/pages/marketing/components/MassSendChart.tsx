import type { MassSendChart as ChartData } from '@app/core'
import { BarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import ReactEChartsCore from 'echarts-for-react/esm/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../utils/date'

// Only what this chart draws, so the bundle stays small.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

const HEIGHT = 300
const DAY_MS = 86_400_000

/** Every bucket from the first to the last, so a quiet stretch shows as zero, not as a gap closed up. */
function buckets(chart: ChartData): number[] {
  const last = Math.max(chart.from, ...chart.series.flatMap((s) => s.points.map((p) => p.at)))
  const out: number[] = []
  for (let at = chart.from; at <= last && out.length < 2000; at += chart.bucketMs) out.push(at)
  return out
}

/** Messages sent per time bucket, one stacked bar per sending account; failures as a bar of their own. */
export default function MassSendChart({ chart }: { chart: ChartData }) {
  const { t } = useTranslation()
  const option = useMemo(() => {
    const times = buckets(chart)
    const span = (times.at(-1) ?? chart.from) - chart.from
    const label = (at: number) =>
      formatDate(at, span >= DAY_MS || chart.bucketMs >= DAY_MS ? 'MM-DD HH:mm' : 'HH:mm')
    const failed = new Map<number, number>()
    for (const s of chart.series)
      for (const p of s.points) failed.set(p.at, (failed.get(p.at) ?? 0) + p.failed)
    const anyFailed = [...failed.values()].some((n) => n > 0)
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
      legend: { type: 'scroll', top: 0 },
      grid: { top: 40, left: 8, right: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: times.map(label) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        ...chart.series.map((s) => {
          const byAt = new Map(s.points.map((p) => [p.at, p.sent]))
          return {
            type: 'bar',
            stack: 'sent',
            name: s.phone ? `+${s.phone}` : `#${s.accountId}`,
            barMaxWidth: 32,
            data: times.map((at) => byAt.get(at) ?? 0),
          }
        }),
        ...(anyFailed
          ? [
              {
                type: 'bar',
                stack: 'failed',
                name: t('massSend.chart.failed'),
                itemStyle: { color: '#ff4d4f' },
                barMaxWidth: 32,
                data: times.map((at) => failed.get(at) ?? 0),
              },
            ]
          : []),
      ],
    }
  }, [chart, t])
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height: HEIGHT }}
      data-testid="mass-send-chart"
    />
  )
}

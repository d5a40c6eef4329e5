import type { StatisticsOverview } from '@app/core'
import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'

// The chart library loads only when a chart is drawn.
const StatsChart = lazy(() => import('./StatsChart'))

/** The per-day chart, loaded on demand. */
export function LazyStatsChart({ overview }: { overview: StatisticsOverview | undefined }) {
  if (!overview) return <Skeleton active style={{ height: 320 }} />
  return (
    <Suspense fallback={<Skeleton active style={{ height: 320 }} />}>
      <StatsChart overview={overview} />
    </Suspense>
  )
}

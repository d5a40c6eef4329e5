import { useQuery } from '@tanstack/react-query'
import { Empty, Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { massSendChart } from '../../../api/massSend'
import { useMassSendKeys } from './MassSendLive'

// The chart library loads only when a chart is drawn.
const MassSendChart = lazy(() => import('./MassSendChart'))

const HEIGHT = 300

/** Sends over time per sending account, loaded on demand; an empty state before the first send. */
export function MassSendLazyChart({ taskId }: { taskId: number }) {
  const { t } = useTranslation()
  const keys = useMassSendKeys()
  const chart = useQuery({ queryKey: keys.chart(taskId), queryFn: () => massSendChart(taskId) })
  if (!chart.data) return <Skeleton active style={{ height: HEIGHT }} />
  if (!chart.data.series.some((s) => s.points.length))
    return (
      <Empty
        description={t('massSend.chart.empty')}
        style={{ padding: 48 }}
        data-testid="mass-send-chart-empty"
      />
    )
  return (
    <Suspense fallback={<Skeleton active style={{ height: HEIGHT }} />}>
      <MassSendChart chart={chart.data} />
    </Suspense>
  )
}

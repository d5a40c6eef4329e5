import type { AcquisitionStats } from '@app/core'
import { Empty, Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

// The chart library loads only when a chart is drawn.
const AcquisitionChart = lazy(() => import('./AcquisitionChart'))

const HEIGHT = 320

/** The chart of the statistics, loaded on demand; an empty state when there is nothing to draw. */
export function LazyAcquisitionChart({ stats }: { stats: AcquisitionStats | undefined }) {
  const { t } = useTranslation()
  if (!stats) return <Skeleton active style={{ height: HEIGHT }} />
  if (stats.rows.length === 0)
    return (
      <Empty
        description={t('acquisition.noAccounts')}
        style={{ height: HEIGHT, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
      />
    )
  return (
    <Suspense fallback={<Skeleton active style={{ height: HEIGHT }} />}>
      <AcquisitionChart stats={stats} />
    </Suspense>
  )
}

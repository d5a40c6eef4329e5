import { Spin } from 'antd'
import type { ResultProps } from 'antd/es/result'
import { lazy, Suspense } from 'react'

// antd's Result carries its illustrations; the desk shows it only when something failed
const AntResult = lazy(() => import('antd/es/result'))

/** antd's Result, loaded when first shown (a spinner meanwhile). */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={<Spin />}>
      <AntResult {...props} />
    </Suspense>
  )
}

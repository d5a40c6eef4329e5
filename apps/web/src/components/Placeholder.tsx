import type { CSSProperties } from 'react'
import './placeholder.css'

/**
 * A grey block of the size of a part whose code is still loading (a button, a field): one element,
 * where antd's skeleton is a component of its own whose styles antd takes out of the page when the
 * last one goes, making the browser work out the page's styles again.
 */
export function Placeholder({
  width,
  height,
  block,
  style,
}: {
  width?: number
  height: number
  block?: boolean
  style?: CSSProperties
}) {
  return (
    <span
      className={block ? 'app-placeholder app-placeholder-block' : 'app-placeholder'}
      style={{ width, height, ...style }}
      aria-hidden
    />
  )
}

import { Spin } from 'antd'
import { type ComponentType, lazy, Suspense, useState } from 'react'

/**
 * A dialog whose code loads when it first opens, so the desk's first load does not carry it.
 * Once opened it stays mounted like a plain dialog: closing keeps its animation and its state.
 * While its code loads, a full-screen spinner shows. `isOpen` tells from the props whether it is
 * asked to show (by default its `open` prop).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })))
  return function LazyDialog(props: P) {
    const open = isOpen(props)
    const [opened, setOpened] = useState(open)
    if (open && !opened) setOpened(true)
    if (!opened) return null
    return (
      <Suspense fallback={<Spin fullscreen />}>
        <Dialog {...props} />
      </Suspense>
    )
  }
}

import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'

/**
 * A part of a screen whose code loads when it first renders, so the screen's first load does not
 * carry it; `fallback` (a spinner or a skeleton of its size) shows while the code loads.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode) {
  const Part = lazy(() => load().then((component) => ({ default: component })))
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    )
  }
}

import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'

/**
 * A component loaded on first use that can also be loaded ahead: once loaded it renders at once
 * (React is handed a thenable that answers synchronously), with no loading state drawn first.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props, as React's own lazy takes
export function preloadable<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: { default: T } | undefined
  const preload = () =>
    load().then((module) => {
      loaded = module
      return module
    })
  const answered = (module: { default: T }) =>
    // biome-ignore lint/suspicious/noThenProperty: React's lazy takes a thenable; one that answers at once renders without suspending
    ({ then: (resolve: (m: typeof module) => void) => resolve(module) }) as unknown as Promise<typeof module>
  return Object.assign(
    lazy(() => (loaded ? answered(loaded) : preload())),
    { preload },
  )
}

/**
 * A part of a screen whose code loads when it first renders, so the screen's first load does not
 * carry it; `fallback` (a placeholder of its size) shows while the code loads. `preload()` starts
 * loading it ahead, where the screen knows the part is coming: a part whose code is there when it
 * first renders is drawn at once, without its fallback.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode) {
  const Part = preloadable(() => load().then((component) => ({ default: component })))
  function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    )
  }
  // a failed load shows where the part renders (its load is tried again there)
  const preload = () => void Part.preload().catch(() => undefined)
  return Object.assign(LazyPart, { preload })
}

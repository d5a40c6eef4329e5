import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether the window matches a media query now; follows its changes (a resize, a system setting).
 * Where the app adopts a page the build drew (the sign-in page), it first draws as the drawing
 * assumed, a query that matches nothing, so the markup is the drawing's; a query that changes no
 * markup may be `live` there, read as it is, so nothing is drawn again just after.
 */
export function useMediaQuery(query: string, { live = false }: { live?: boolean } = {}): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  const now = () => window.matchMedia(query).matches
  return useSyncExternalStore(subscribe, now, () => live && typeof window !== 'undefined' && now())
}

import { useSyncExternalStore } from 'react'

/** The user asked the system for less motion (WCAG 2.3.3: animation from interactions can be turned off). */
const REDUCE = '(prefers-reduced-motion: reduce)'

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(REDUCE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
const reduced = () => window.matchMedia(REDUCE).matches

/** Whether the user prefers reduced motion; follows a change of the setting. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false)
}

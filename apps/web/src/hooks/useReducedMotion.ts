import { useMediaQuery } from './useMediaQuery'

/** Whether the user asked the system for less motion (WCAG 2.3.3: animation from interactions can be turned off). */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)')
}

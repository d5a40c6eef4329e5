import { useMediaQuery } from './useMediaQuery'

/**
 * Whether the user asked the system for less motion (WCAG 2.3.3: animation from interactions can be
 * turned off). It changes antd's motion, not the markup, so the drawn sign-in page is adopted with
 * it as it is: a change just after would have antd draw the whole page again.
 */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', { live: true })
}

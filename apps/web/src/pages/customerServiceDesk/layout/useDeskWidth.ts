import { useMediaQuery } from '../../../hooks/useMediaQuery'
import { useAppStore } from '../../../stores/app'

/**
 * The desk's three widths: `narrow` below 992 px (the phone layout, one column at a time),
 * `medium` from 992 px to 1279 px (rail as icons, customer panel in a drawer), `wide` from 1280 px
 * (rail, list, chat and customer panel side by side).
 */
export type DeskWidth = 'narrow' | 'medium' | 'wide'

const DESK_WIDE_PX = 1280

// a fraction below the breakpoint so that 1279.5 px (zoomed screens) is still medium
const BELOW_WIDE = `(max-width: ${DESK_WIDE_PX - 0.02}px)`

/** The desk's width class; narrow follows the app's device (mobile below 992 px). */
export function useDeskWidth(): DeskWidth {
  const mobile = useAppStore((s) => s.device === 'mobile')
  const medium = useMediaQuery(BELOW_WIDE)
  if (mobile) return 'narrow'
  return medium ? 'medium' : 'wide'
}

import { type ReactNode, useDeferredValue } from 'react'

/**
 * Draws its children just after the rest of the screen, as a transition React renders in slices:
 * a screen that mounts at once on a phone is several short tasks (the phone answers input
 * between them) instead of one long one. Until then `placeholder` keeps their room.
 */
export function AfterFirstDraw({
  children,
  placeholder = null,
}: {
  children: ReactNode
  placeholder?: ReactNode
}) {
  const shown = useDeferredValue(true, false)
  return shown ? children : placeholder
}

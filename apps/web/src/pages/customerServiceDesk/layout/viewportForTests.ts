import { MOBILE_BREAKPOINT_PX } from '@app/core'
import { act } from '@testing-library/react'
import { vi } from 'vitest'
import { useAppStore } from '../../../stores/app'

/** Whether a media query of min-width / max-width parts (joined by "and") holds at `width`. */
function holds(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)]
  if (parts.length === 0) return false
  return parts.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)))
}

const original = window.matchMedia
/** Whoever watches a query: told when the width changes, as a real window tells them. */
type Watcher = (event: { matches: boolean; media: string }) => void
const watchers = new Map<Watcher, string>()

function mediaAt(width: number) {
  return vi.fn((query: string) => ({
    matches: holds(query, width),
    media: query,
    onchange: null,
    addListener: (fn: Watcher) => watchers.set(fn, query),
    removeListener: (fn: Watcher) => watchers.delete(fn),
    addEventListener: (_type: string, fn: Watcher) => watchers.set(fn, query),
    removeEventListener: (_type: string, fn: Watcher) => watchers.delete(fn),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia
}

/**
 * A window `width` px wide, as far as the page can tell in jsdom: matchMedia answers width
 * queries for it (antd's and the desk's), its watchers hear of the change, and the app's device
 * follows as the app's own watcher would have it.
 */
export function setViewportWidth(width: number): void {
  window.matchMedia = mediaAt(width)
  act(() => {
    useAppStore.getState().setDevice(width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop')
    for (const [fn, query] of [...watchers]) fn({ matches: holds(query, width), media: query })
  })
}

/** Back to the test setup's window (no media query holds, a desktop device). */
export function resetViewport(): void {
  window.matchMedia = original
  watchers.clear()
  useAppStore.getState().setDevice('desktop')
}

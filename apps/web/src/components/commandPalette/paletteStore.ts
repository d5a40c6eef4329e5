import { create } from 'zustand'

/**
 * The command palette's state, shared by the layouts' key listener, the header button and the
 * palette itself. Only this, the listener and the button are in the layouts' first load: the
 * palette's code loads on its first opening (`loadCommandPalette`).
 */
interface PaletteState {
  open: boolean
  /** opened at least once: its code is loaded and it stays mounted (closed) from then on */
  used: boolean
}

export const usePaletteStore = create<PaletteState>()(() => ({ open: false, used: false }))

export const loadCommandPalette = () => import('./CommandPalette')

/** Where the focus was when the palette opened: it goes back there when the palette is dismissed. */
let returnTo: HTMLElement | null = null

export function openCommandPalette(): void {
  if (usePaletteStore.getState().open) return
  const active = document.activeElement
  returnTo = active instanceof HTMLElement && active !== document.body ? active : null
  usePaletteStore.setState({ open: true, used: true })
}

export function closeCommandPalette(): void {
  usePaletteStore.setState({ open: false })
}

/** The element to give the focus back to (once), if it is still on the page. */
export function takeReturnFocus(): HTMLElement | null {
  const el = returnTo
  returnTo = null
  return el?.isConnected ? el : null
}

/** Apple keyboards use ⌘ where the others use Ctrl. */
export const isApple = (): boolean => /Mac|iPhone|iPad|iPod/.test(navigator.userAgent)

/**
 * Ctrl+K, or ⌘K on an Apple device (where Ctrl+K deletes to the end of the line). A layout
 * without Latin letters is read by the key's place.
 */
export function isPaletteShortcut(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.isComposing || e.altKey || e.shiftKey) return false
  if (!(isApple() ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey)) return false
  return /^[a-z]$/i.test(e.key) ? e.key.toLowerCase() === 'k' : e.code === 'KeyK'
}

import { lazy, Suspense, useEffect } from 'react'
import {
  closeCommandPalette,
  isPaletteShortcut,
  loadCommandPalette,
  openCommandPalette,
  usePaletteStore,
} from './paletteStore'

// React.lazy itself rather than lazyPart: this module is in both layouts' first load (the desk's is
// budgeted), and lazyPart would then be a chunk of its own there
const CommandPalette = lazy(() => loadCommandPalette().then((m) => ({ default: m.CommandPalette })))

/**
 * Ctrl+K (⌘K on a Mac) anywhere in a signed-in layout opens the command palette, whose code loads
 * on that first opening. Rendered once by each signed-in layout (the console's and the desk's).
 */
export function CommandPaletteHost() {
  const used = usePaletteStore((s) => s.used)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return
      // the browser's own Ctrl+K goes to its search bar
      e.preventDefault()
      openCommandPalette()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      // a palette left open does not reopen in the next layout (after signing out, say)
      closeCommandPalette()
    }
  }, [])
  return used ? (
    <Suspense fallback={null}>
      <CommandPalette />
    </Suspense>
  ) : null
}

import { type ComponentType, type ReactNode, StrictMode, useEffect } from 'react'
import { AppProviders } from './AppProviders'
import { AppRoutes } from './router'

/**
 * The whole app under a router: the browser's history in the browser, a fixed address when the
 * build draws the sign-in page. Both draw through this one tree, so the drawing is the markup the
 * browser's first render would make and the app takes it over as it is.
 */
export function AppRoot({
  Router,
  onStarted,
}: {
  Router: ComponentType<{ children: ReactNode }>
  /** once the app's first render is on the page (the drawn page adopted) */
  onStarted?: () => void
}) {
  useEffect(() => onStarted?.(), [onStarted])
  return (
    <StrictMode>
      <AppProviders>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  )
}

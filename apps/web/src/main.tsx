import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app/AppProviders'
import { AppRoutes, BrowserHistoryRouter } from './app/router'
import { preloadPage } from './app/routes'
import { loadStartText, storedLanguage } from './i18n'
// antd's component styles, prebuilt (the theme turns their generation in the browser off)
import 'antd/dist/antd.css'
import './styles.css'

const language = storedLanguage()

// the chosen language's text first and the page's code where it can come ahead (the
// sign-in page, which the build draws into the HTML: the app replaces it with the same page at
// once instead of a loading state), then the app. The first render is a transition:
// React renders it in slices and lets the browser answer input between them, instead of one
// long task for the whole first screen.
void Promise.allSettled([loadStartText(language), preloadPage(window.location.pathname)]).finally(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement)
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <BrowserHistoryRouter>
            <AppRoutes />
          </BrowserHistoryRouter>
        </AppProviders>
      </StrictMode>,
    ),
  )
})

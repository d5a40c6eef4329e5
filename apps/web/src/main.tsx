import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { AppRoot } from './app/AppRoot'
import { BrowserHistoryRouter } from './app/router'
import { preloadPage } from './app/routes'
import { loadStartText, storedLanguage } from './i18n'
import { adoptDrawing } from './prerender/drawn'
import { useSession } from './stores/session'
// antd's component styles, prebuilt (the theme turns their generation in the browser off)
import 'antd/dist/antd.css'
import './styles.css'

const language = storedLanguage()

// the chosen language's text first and the page's code where it can come ahead (the sign-in
// page, which the build draws into the HTML), then the app. The app adopts the drawn sign-in page
// as it is (hydration) instead of drawing it again. Either first render is a transition: React
// renders it in slices and lets the browser answer input between them, instead of one long task
// for the whole first screen.
void Promise.allSettled([loadStartText(language), preloadPage(window.location.pathname)]).finally(() => {
  const drawing = adoptDrawing(language, !!useSession.getState().token)
  const app = <AppRoot Router={BrowserHistoryRouter} onStarted={drawing?.release} />
  startTransition(() => {
    if (drawing) hydrateRoot(drawing.container, app)
    else createRoot(document.getElementById('root') as HTMLElement).render(app)
  })
})

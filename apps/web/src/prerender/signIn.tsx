import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import type { LanguageCode } from '@app/core'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AppProviders } from '../app/AppProviders'
import { loadStartText, storedLanguage } from '../i18n'
import LoginPage from '../pages/login'

/** The sign-in page drawn ahead of its scripts, in one language. */
export interface SignInDrawing {
  language: LanguageCode
  /** the page's markup */
  html: string
  /** the theme's CSS variables the markup's classes use (antd sets them at run time in the browser) */
  css: string
}

/**
 * Draws the sign-in page as the browser first shows it, in the language the app starts in (the
 * stored choice, else the default), for the build to put in the page the server answers `/login`
 * with: the form shows as soon as the HTML and the stylesheet have come, and the app replaces it
 * once its scripts run. The app's state is read as it is at start, so each language is drawn by
 * a fresh load of the app's modules.
 */
export async function drawSignIn(): Promise<SignInDrawing> {
  const language = storedLanguage()
  await loadStartText(language)
  const cache = createCache()
  const html = renderToString(
    <StyleProvider cache={cache}>
      <AppProviders>
        <StaticRouter location="/login">
          <LoginPage />
        </StaticRouter>
      </AppProviders>
    </StyleProvider>,
  )
  return { language, html, css: extractStyle(cache, { plain: true }) }
}

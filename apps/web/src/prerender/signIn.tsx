import { createCache, StyleProvider } from '@ant-design/cssinjs'
import type { LanguageCode } from '@app/core'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AppRoot } from '../app/AppRoot'
import { preloadPage } from '../app/routes'
import { loadStartText, storedLanguage } from '../i18n'
import { drawnStyles } from './themeStyles'

const SIGN_IN_PATH = '/login'

function AtSignIn({ children }: { children: ReactNode }) {
  return <StaticRouter location={SIGN_IN_PATH}>{children}</StaticRouter>
}

/** The sign-in page drawn ahead of its scripts, in one language. */
export interface SignInDrawing {
  language: LanguageCode
  /** the page's markup */
  html: string
  /**
   * the theme's CSS variables the markup's classes use, as the style elements antd adds to the page
   * at run time: in the page ahead, antd finds them there and adds nothing
   */
  styles: string
}

/**
 * Draws the sign-in page as the browser first shows it, in the language the app starts in (the
 * stored choice, else the default), for the build to put in the page the server answers `/login`
 * with: the form shows as soon as the HTML and the stylesheet have come, and the app adopts it
 * once its scripts run. It is the whole app at that address for a visitor without a session, as
 * the browser's first render draws it (the page's code loaded ahead, as the browser loads it), so
 * the markup is the one the app adopts. The app's state is read as it is at start, so each
 * language is drawn by a fresh load of the app's modules.
 */
export async function drawSignIn(): Promise<SignInDrawing> {
  const language = storedLanguage()
  await Promise.all([loadStartText(language), preloadPage(SIGN_IN_PATH)])
  const cache = createCache()
  const html = renderToString(
    <StyleProvider cache={cache}>
      <AppRoot Router={AtSignIn} />
    </StyleProvider>,
  )
  return { language, html, styles: drawnStyles(cache) }
}

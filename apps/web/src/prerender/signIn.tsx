import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import type { LanguageCode } from '@app/core'
import hash from '@emotion/hash'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AppRoot } from '../app/AppRoot'
import { preloadPage } from '../app/routes'
import { loadStartText, storedLanguage } from '../i18n'

const SIGN_IN_PATH = '/login'
const CACHE_PATH_STYLE = /<style data-ant-cssinjs-cache-path[^>]*>.*?<\/style>/
const TOKEN_STYLE = / data-token-hash="([^"]+)" data-css-hash="[^"]+"/g

/**
 * The style elements antd adds to the page for what the drawing used: the theme's tokens and the
 * components' CSS variables. antd names the tokens' element by its variables' class when it looks
 * for it in the page, but by the tokens' own key when it draws it ahead, so it is renamed here: under
 * its own name antd would add it a second time, changing the page's styles just after the first paint.
 */
function drawnStyles(cache: ReturnType<typeof createCache>): string {
  const tokens = extractStyle(cache, { types: 'token' })
    .replace(CACHE_PATH_STYLE, '')
    .replace(
      TOKEN_STYLE,
      (_, key: string) => ` data-token-hash="${key}" data-css-hash="${hash(`css-var-${key}`)}"`,
    )
  return tokens + extractStyle(cache, { types: ['cssVar', 'style'] })
}

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

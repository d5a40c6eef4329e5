import fs from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer, defaultClientConditions, isRunnableDevEnvironment, type Plugin } from 'vite'
import { DRAWING_ATTRIBUTE, DRAWN_TEST_ID } from '../src/prerender/drawn'
import type { SignInDrawing } from '../src/prerender/signIn'

/** The page the server answers `/login` with, beside index.html. */
const SIGN_IN_PAGE = 'login.html'
/** Sets the chosen language on the page before it is drawn (the content policy allows no inline script). */
export const LANGUAGE_SCRIPT = '/signin-language.js'

/**
 * The script's text: the language stored under `key` marks the page (English for a stored value
 * starting with "en", as the app reads it, else Chinese); without one the default shows.
 */
export const languageScript = (key: string): string =>
  `try{var l=localStorage.getItem(${JSON.stringify(key)});if(l)document.documentElement.setAttribute('data-language',/^en/i.test(l)?'en':'zh')}catch(e){}\n`

const STYLE_ELEMENT = /<style\b[^>]*>[\s\S]*?<\/style>/g
const CSS_HASH = / data-css-hash="([^"]+)"/

/** The style elements in `html`. */
const styleElements = (html: string): string[] => [...html.matchAll(STYLE_ELEMENT)].map((m) => m[0])

/** What tells a style element apart: the hash antd knows it by, else its whole text. */
const styleKey = (element: string): string => CSS_HASH.exec(element)?.[1] ?? element

/** antd's style elements of the drawings that `html` does not carry yet, each once. */
function newStyles(html: string, drawings: SignInDrawing[]): string {
  const present = new Set(styleElements(html).map(styleKey))
  const added: string[] = []
  for (const element of drawings.flatMap((d) => styleElements(d.styles))) {
    const key = styleKey(element)
    if (present.has(key)) continue
    present.add(key)
    added.push(element)
  }
  return added.join('')
}

/**
 * index.html with the theme's styles (src/prerender/themeStyles.tsx) at the end of its head, as
 * antd's own style elements: every page of the app starts with them, so antd adds none while the
 * page loads.
 */
export function withThemeStyles(indexHtml: string, styles: string): string {
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no head')
  return indexHtml.replace('</head>', () => `${styles}\n</head>`)
}

/**
 * index.html with the sign-in page drawn in it: each language's drawing (the chosen language's
 * shown, the default language's when none was chosen), inert and with its test ids put aside
 * until the app adopts it, and the theme's styles the markup uses as antd's own style elements.
 */
export function signInPage(indexHtml: string, drawings: SignInDrawing[], defaultLanguage: string): string {
  const others = drawings.map((d) => d.language).filter((l) => l !== defaultLanguage)
  // what the drawings use beyond the theme's styles the page already carries
  const styles = newStyles(indexHtml, drawings)
  const css = [
    ...others.map((l) => `[${DRAWING_ATTRIBUTE}="${l}"]{display:none}`),
    ...others.map(
      (l) =>
        `html[data-language="${l}"] [${DRAWING_ATTRIBUTE}="${l}"]{display:block}` +
        `html[data-language="${l}"] [${DRAWING_ATTRIBUTE}]:not([${DRAWING_ATTRIBUTE}="${l}"]){display:none}`,
    ),
  ].join('\n')
  // a picture of the page until the app adopts it: nothing in it is the app's to find before then
  const markup = drawings
    .map((d) => `<div ${DRAWING_ATTRIBUTE}="${d.language}" lang="${d.language}">${d.html}</div>`)
    .join('')
    .replace(/ data-testid="/g, ` ${DRAWN_TEST_ID}="`)
  if (!indexHtml.includes('<div id="root"></div>') || !indexHtml.includes('</head>')) {
    throw new Error('index.html has no empty #root or no head')
  }
  return indexHtml
    .replace(
      '</head>',
      () => `<script src="${LANGUAGE_SCRIPT}"></script>\n${styles}\n<style>${css}</style>\n</head>`,
    )
    .replace('<div id="root"></div>', () => `<div id="root"><div inert>${markup}</div></div>`)
}

/**
 * After the build, puts the theme's styles (src/prerender/themeStyles.tsx) in index.html, and draws
 * the sign-in page (src/prerender/signIn.tsx; both run in Node through Vite) into a copy of it, so a
 * phone shows the form as soon as the HTML and the stylesheet have come instead of after the app's
 * scripts have loaded and run.
 */
export function prerenderSignIn(): Plugin {
  let root = ''
  let outDir = ''
  return {
    name: 'prerender-sign-in',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle() {
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'warn',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        resolve: { conditions: ['@app/source', ...defaultClientConditions] },
        environments: {
          ssr: {
            resolve: {
              // the browser's builds of the packages (Node's would be CommonJS run as modules)
              conditions: ['@app/source', 'module', 'browser', 'import', 'default'],
              mainFields: ['module', 'main'],
              // packages whose modules import each other without file extensions, which Node refuses
              noExternal: [/^antd/, /^@ant-design\//, /^@rc-component\//, /^@emotion\//],
            },
          },
        },
      })
      // the app reads the stored language from localStorage: a stand-in while it is drawn
      const storage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
      try {
        const ssr = server.environments.ssr
        if (!isRunnableDevEnvironment(ssr)) throw new Error('no module runner for the sign-in page')
        const { DEFAULT_LANGUAGE, Language } =
          await ssr.runner.import<typeof import('@app/core')>('@app/core')
        const { StorageKey } =
          await ssr.runner.import<typeof import('../src/utils/storage')>('/src/utils/storage.ts')
        const drawings: SignInDrawing[] = []
        for (const language of Object.values(Language)) {
          // the app as it starts for a user who chose this language: a fresh load of its modules
          ssr.runner.clearCache()
          const stored = new Map<string, string>([[StorageKey.language, language]])
          Object.defineProperty(globalThis, 'localStorage', {
            configurable: true,
            value: { getItem: (k: string) => stored.get(k) ?? null },
          })
          const { drawSignIn } =
            await ssr.runner.import<typeof import('../src/prerender/signIn')>('/src/prerender/signIn.tsx')
          drawings.push(await drawSignIn())
        }
        const { drawThemeStyles } = await ssr.runner.import<typeof import('../src/prerender/themeStyles')>(
          '/src/prerender/themeStyles.tsx',
        )
        const index = withThemeStyles(
          fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'),
          drawThemeStyles(),
        )
        fs.writeFileSync(path.join(outDir, 'index.html'), index)
        fs.writeFileSync(path.join(outDir, SIGN_IN_PAGE), signInPage(index, drawings, DEFAULT_LANGUAGE))
        fs.writeFileSync(path.join(outDir, LANGUAGE_SCRIPT.slice(1)), languageScript(StorageKey.language))
      } finally {
        if (storage) Object.defineProperty(globalThis, 'localStorage', storage)
        else Reflect.deleteProperty(globalThis, 'localStorage')
        await server.close()
      }
    },
  }
}

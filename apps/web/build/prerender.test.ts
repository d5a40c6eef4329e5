import { describe, expect, it } from 'vitest'
import { LANGUAGE_SCRIPT, languageScript, signInPage, withThemeStyles } from './prerender'

const index =
  '<html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>'
const styles = '<style data-css-hash="v1">.v{--c:#1d4ed8}</style>'
const drawings = [
  { language: 'zh' as const, html: '<h1 data-testid="t">登录</h1>', styles },
  { language: 'en' as const, html: '<h1 data-testid="t">Sign in</h1>', styles },
]

describe('the sign-in page drawn into index.html', () => {
  const page = signInPage(index, drawings, 'zh')

  it('holds each language inert in #root, its test ids put aside, the default one shown', () => {
    expect(page).toContain(
      '<div id="root"><div inert><div data-prerender="zh" lang="zh"><h1 data-prerender-testid="t">登录</h1></div><div data-prerender="en" lang="en"><h1 data-prerender-testid="t">Sign in</h1></div></div></div>',
    )
    expect(page).not.toContain('data-testid')
    expect(page).toContain('[data-prerender="en"]{display:none}')
    expect(page).toContain('html[data-language="en"] [data-prerender="en"]{display:block}')
    expect(page).not.toContain('[data-prerender="zh"]{display:none}')
  })

  it("carries the theme styles once, as antd's own elements, and the language script before the app", () => {
    expect(page.match(/--c:#1d4ed8/g)).toHaveLength(1)
    expect(page).toContain(`${styles}\n<style>`)
    expect(page.indexOf(`<script src="${LANGUAGE_SCRIPT}">`)).toBeGreaterThan(
      page.indexOf('/assets/index.js'),
    )
    expect(page.indexOf(`<script src="${LANGUAGE_SCRIPT}">`)).toBeLessThan(page.indexOf('</head>'))
  })

  it("adds only the drawings' styles the page does not already carry", () => {
    const theme = '<style data-css-hash="t1">.t{--t:1}</style>'
    const own = '<style data-css-hash="s2">.s{--s:2}</style>'
    const withTheme = withThemeStyles(index, theme + styles)
    const drawn = signInPage(
      withTheme,
      drawings.map((d) => ({ ...d, styles: styles + own })),
      'zh',
    )
    expect(drawn.match(/--c:#1d4ed8/g)).toHaveLength(1)
    expect(drawn.match(/--t:1/g)).toHaveLength(1)
    expect(drawn.match(/--s:2/g)).toHaveLength(1)
    expect(drawn.indexOf(own)).toBeGreaterThan(drawn.indexOf(theme))
  })

  it('refuses an index.html it cannot draw into', () => {
    expect(() => signInPage('<html><body><div id="app"></div></body></html>', drawings, 'zh')).toThrow()
  })
})

describe("the theme's styles in index.html", () => {
  it('go at the end of the head, before any page is drawn', () => {
    const page = withThemeStyles(index, styles)
    expect(page).toContain(`${styles}\n</head>`)
    expect(page.indexOf(styles)).toBeGreaterThan(page.indexOf('/assets/index.js'))
    expect(() => withThemeStyles('<html><body></body></html>', styles)).toThrow()
  })
})

describe('the language script', () => {
  /** Runs the script with `stored` as the stored language; answers the language it marks. */
  function marked(stored: string | null): string | null {
    let language: string | null = null
    const localStorage = { getItem: (k: string) => (k === 'language' ? stored : null) }
    const document = { documentElement: { setAttribute: (_: string, v: string) => (language = v) } }
    new Function('localStorage', 'document', languageScript('language'))(localStorage, document)
    return language
  }

  it('marks the stored choice as the app reads it, and nothing without one', () => {
    expect(marked('en')).toBe('en')
    expect(marked('en-US')).toBe('en')
    expect(marked('zh')).toBe('zh')
    expect(marked(null)).toBeNull()
  })

  it('leaves the page as it is where storage is refused', () => {
    expect(() =>
      new Function('localStorage', 'document', languageScript('language'))(
        {
          getItem: () => {
            throw new Error('denied')
          },
        },
        {},
      ),
    ).not.toThrow()
  })
})

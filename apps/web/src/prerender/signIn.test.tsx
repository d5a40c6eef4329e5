import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** The drawing made by a fresh load of the app's modules, with `language` as the stored choice. */
async function drawnIn(language: string | null) {
  vi.resetModules()
  if (language) localStorage.setItem('language', language)
  else localStorage.removeItem('language')
  const { drawSignIn } = await import('./signIn')
  return drawSignIn()
}

/** The language the drawn switch shows as chosen. */
const chosen = (markup: string) =>
  /ant-segmented-item-selected[^"]*"><input[^>]*><div[^>]*><span data-testid="language-option-(\w+)"/.exec(
    markup,
  )?.[1]

afterEach(() => localStorage.removeItem('language'))

describe('the sign-in page drawn ahead of the app', () => {
  it('draws the form in the default language when none was chosen, with the theme styles', async () => {
    const { language, html, styles } = await drawnIn(null)
    expect(language).toBe('zh')
    expect(html).toContain('data-testid="login-form"')
    expect(html).toContain('data-testid="login-username"')
    expect(html).toContain('账号登录')
    expect(chosen(html)).toBe('zh')
    // the theme's primary blue, as the markup's classes read it, in antd's own style elements
    expect(styles).toContain('#1d4ed8')
    expect(styles).toMatch(/^<style [^>]*data-css-hash="/)
  })

  it('draws it in the chosen language, the switch on that language', async () => {
    const { language, html } = await drawnIn('en')
    expect(language).toBe('en')
    expect(html).toContain('Sign in')
    expect(html).not.toContain('账号登录')
    expect(chosen(html)).toBe('en')
  })

  it.each([
    ['', false],
    [', on a system that asks for less motion', true],
  ])(
    "is the app's own first render at that address: the app adopts the drawing as it is%s",
    async (_, still) => {
      const { html } = await drawnIn('en')
      vi.mocked(window.matchMedia).mockImplementation(
        (query) =>
          ({
            matches: still && query.includes('reduced-motion'),
            media: query,
            addEventListener: () => {},
            removeEventListener: () => {},
          }) as unknown as MediaQueryList,
      )
      window.history.replaceState(null, '', '/login')
      const drawing = document.createElement('div')
      drawing.innerHTML = html
      document.body.append(drawing)
      const field = drawing.querySelector('[data-testid="login-username"]')
      const mismatches: unknown[] = []
      const errors = vi.spyOn(console, 'error')
      try {
        // the app's modules as the drawing loaded them: the same text, the page's code loaded ahead
        const { AppRoot } = await import('../app/AppRoot')
        const { BrowserHistoryRouter } = await import('../app/router')
        await act(async () => {
          hydrateRoot(drawing, <AppRoot Router={BrowserHistoryRouter} />, {
            onRecoverableError: (error) => mismatches.push(error),
          })
        })
        expect(mismatches).toEqual([])
        // React's warnings of markup that differs from what it would draw
        expect(errors.mock.calls.filter((args) => args.join(' ').includes('hydrat'))).toEqual([])
        // the drawn field is the app's field: nothing was drawn again
        expect(drawing.querySelector('[data-testid="login-username"]')).toBe(field)
        expect(drawing.querySelector('[data-testid="login-title"]')).toHaveTextContent('Sign in')
      } finally {
        vi.mocked(window.matchMedia).mockReset()
        errors.mockRestore()
        drawing.remove()
      }
    },
  )
})

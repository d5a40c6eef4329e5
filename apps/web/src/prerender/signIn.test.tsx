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
    const { language, html, css } = await drawnIn(null)
    expect(language).toBe('zh')
    expect(html).toContain('data-testid="login-form"')
    expect(html).toContain('data-testid="login-username"')
    expect(html).toContain('账号登录')
    expect(chosen(html)).toBe('zh')
    // the theme's primary blue, as the markup's classes read it
    expect(css).toContain('#1d4ed8')
  })

  it('draws it in the chosen language, the switch on that language', async () => {
    const { language, html } = await drawnIn('en')
    expect(language).toBe('en')
    expect(html).toContain('Sign in')
    expect(html).not.toContain('账号登录')
    expect(chosen(html)).toBe('en')
  })
})

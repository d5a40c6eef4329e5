import { expect, test } from '@playwright/test'
import { demo, signIn } from './support'

/**
 * The sign-in page comes drawn in its HTML (the build draws it): a phone shows the form as soon as
 * the page and its stylesheet have come, before the app's scripts have loaded and run; the app
 * then adopts the drawing as it is (nothing is drawn again), and it signs in.
 */

test.describe('before the app has run', () => {
  test.use({ javaScriptEnabled: false })

  test('the sign-in page shows its form, in the default language, and takes no input', async ({ page }) => {
    await page.goto('/login')
    const drawn = page.locator('[data-prerender="zh"]')
    await expect(drawn).toBeVisible()
    await expect(drawn.getByRole('heading', { level: 1, includeHidden: true })).toHaveText('WS 客服营销系统')
    await expect(drawn).toContainText('账号登录')
    await expect(drawn.locator('input:not([type=radio])')).toHaveCount(3)
    await expect(page.locator('[data-prerender="en"]')).toBeHidden()
    await expect(page.locator('#root > [inert]')).toHaveCount(1)
  })
})

test.describe('on a system with motion (the theme the build draws with)', () => {
  test.use({ reducedMotion: 'no-preference' })

  test('the drawing is in the language the user chose, and the app adopts it as it is', async ({ page }) => {
    await page.goto('/login')
    await page.getByTestId('language-option-en').click()
    await expect(page.getByTestId('login-title')).toHaveText('Sign in')
    // the app's scripts held back: the drawing alone, in English
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.reload({ waitUntil: 'commit' })
    const drawn = page.locator('[data-prerender="en"]')
    await expect(drawn).toBeVisible()
    await expect(drawn).toContainText('Sign in')
    await expect(page.locator('[data-prerender="zh"]')).toBeHidden()
    await expect(page.getByTestId('login-username')).toHaveCount(0)
    const antdStyles = () =>
      page.$$eval('head style[data-css-hash]', (styles) => styles.map((s) => s.getAttribute('data-css-hash')))
    const drawnStyles = await antdStyles()
    await page.evaluate(() => {
      Object.assign(window, {
        drawnField: document.querySelector('[data-prerender="en"] input[autocomplete="username"]'),
      })
    })
    // with its scripts the app takes the drawing over: the same field, no second drawing
    release()
    await expect(page.getByTestId('login-username')).toBeVisible()
    expect(
      await page.evaluate(
        () => document.querySelector('[data-testid="login-username"]') === Reflect.get(window, 'drawnField'),
      ),
    ).toBe(true)
    await expect(page.locator('[data-prerender="zh"]')).toHaveCount(0)
    await expect(page.locator('[inert]')).toHaveCount(0)
    // antd found the theme's styles in the page: it added none, each of which would restyle the page
    expect(await antdStyles()).toEqual(drawnStyles)
    await page.unroute(/\/assets\/.*\.js$/)
    await page.getByTestId('language-option-zh').click()
    await expect(page.getByTestId('login-title')).toHaveText('账号登录')
    await signIn(page, demo.master, '')
    await expect(page).toHaveURL(/\/home$/)
  })
})

test('with a query in the address the app draws the page afresh, its links keeping the query', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Faccount')
  await expect(page.getByTestId('to-admin-login')).toHaveAttribute('href', '/adminLogin?redirect=%2Faccount')
  await expect(page.locator('[data-prerender]')).toHaveCount(0)
})

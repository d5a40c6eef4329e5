import { expect, test } from '@playwright/test'
import { demo, signIn } from './support'

/**
 * The sign-in page comes drawn in its HTML (the build draws it): a phone shows the form as soon as
 * the page and its stylesheet have come, before the app's scripts have loaded and run; the app
 * then replaces the drawing with the same page, which signs in.
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

test('the drawing is in the language the user chose, and the app takes its place', async ({ page }) => {
  await page.goto('/login')
  await page.getByTestId('language-option-en').click()
  await expect(page.getByTestId('login-title')).toHaveText('Sign in')
  // the app's scripts held back: the drawing alone, in English
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.reload()
  await expect(page.locator('[data-prerender="en"]')).toBeVisible()
  await expect(page.locator('[data-prerender="en"]')).toContainText('Sign in')
  await expect(page.locator('[data-prerender="zh"]')).toBeHidden()
  // with its scripts the app replaces the drawing, and signs in
  await page.unroute(/\/assets\/.*\.js$/)
  await page.reload()
  await expect(page.getByTestId('login-title')).toHaveText('Sign in')
  await expect(page.locator('[data-prerender]')).toHaveCount(0)
  await page.getByTestId('language-option-zh').click()
  await signIn(page, demo.master, '')
  await expect(page).toHaveURL(/\/home$/)
})

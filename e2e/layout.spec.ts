import { expect, test } from '@playwright/test'
import { demo, signIn } from './support'

test('at 800 px the sidebar is a drawer that closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 })
  await signIn(page, demo.master)
  await expect(page.getByTestId('home-greeting')).toBeVisible()
  await expect(page.getByTestId('menu-/myOrder')).toBeHidden()
  await page.getByTestId('sidebar-toggle').click()
  await expect(page.getByTestId('menu-/myOrder')).toBeVisible()
  await page.getByTestId('menu-/myOrder').click()
  await expect(page).toHaveURL(/\/myOrder$/)
  await expect(page.getByTestId('menu-/myOrder')).toBeHidden()
  await page.screenshot({ path: 'test-results/layout-800.png', fullPage: true })
})

test('on a desktop the sidebar collapses and remembers it', async ({ page }) => {
  await signIn(page, demo.master)
  const logo = page.getByTestId('sidebar-logo')
  const wide = (await logo.boundingBox())?.width ?? 0
  expect(wide).toBeGreaterThan(150)
  await page.getByTestId('sidebar-toggle').click()
  await expect.poll(async () => (await logo.boundingBox())?.width ?? 0).toBeLessThan(100)
  await page.reload()
  await expect(page.getByTestId('home-greeting')).toBeVisible()
  expect((await logo.boundingBox())?.width ?? 0).toBeLessThan(100)
})

test('the supervisor sees the validity, and unknown paths go to 404', async ({ page }) => {
  await signIn(page, demo.master)
  await expect(page.getByTestId('home-validity')).toBeVisible()
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/404$/)
  await page.getByTestId('not-found-home').click()
  await expect(page).toHaveURL(/\/home$/)
})

test('the first Tab reaches a skip link that takes the keyboard past the menu to the page', async ({
  page,
}) => {
  await signIn(page, demo.master)
  await expect(page.getByTestId('home-greeting')).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByTestId('skip-to-content')
  await expect(skip).toBeFocused()
  // out of sight until focused, then on screen
  expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0)
  await page.keyboard.press('Enter')
  await expect(page.locator('#main-content')).toBeFocused()
  await expect(page).toHaveURL(/\/home$/)
})

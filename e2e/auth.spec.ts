import { expect, test } from '@playwright/test'
import { adminSignIn, announcementsSeen, demo, menuPaths, signIn } from './support'

const masterMenu = [
  '/accountManage',
  '/apiInterface',
  '/chatHistory/index',
  '/counter/index',
  '/customerServiceManage',
  '/dataStatistics',
  '/dynamicManage/index',
  '/fansManage',
  '/home',
  '/marketing',
  '/materialManage',
  '/myOrder',
  '/portRecord',
  '/riskManage',
  '/seatRecord/index',
  '/sessionConsole',
  '/Setting/index',
].sort()

test.describe('each role sees exactly its menu', () => {
  test('customerMaster', async ({ page }) => {
    await signIn(page, demo.master)
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByTestId('home-greeting')).toBeVisible()
    expect(await menuPaths(page)).toEqual(masterMenu)
  })

  test('customerUser', async ({ page }) => {
    await signIn(page, demo.agent)
    // an agent lands straight on the desk
    await expect(page).toHaveURL(/\/customerServiceDesk\/deskSession$/)
    await page.goto('/home')
    await expect(page.getByTestId('home-greeting')).toBeVisible()
    expect(await menuPaths(page)).toEqual(['/home'])
  })

  test('customerUserLeader', async ({ page }) => {
    await signIn(page, demo.leader)
    await expect(page.getByTestId('home-greeting')).toBeVisible()
    expect(await menuPaths(page)).toEqual(['/chatHistory/index', '/home'])
  })

  test('admin, through the enterprise sign-in and its slider captcha', async ({ page }) => {
    await adminSignIn(page, demo.admin)
    await expect(page.getByTestId('home-greeting')).toBeVisible()
    expect(await menuPaths(page)).toEqual(
      [
        '/accountNurturingManage',
        '/announcementManage/index',
        '/home',
        '/operationsManage',
        '/systemManage/index',
      ].sort(),
    )
  })

  test('operations', async ({ page }) => {
    await adminSignIn(page, demo.operations)
    await expect(page.getByTestId('home-greeting')).toBeVisible()
    expect(await menuPaths(page)).toEqual(
      [
        '/businessManage',
        '/businessSet',
        '/configManage',
        '/customerManage',
        '/customerMasterManage',
        '/home',
        '/orderManage',
        '/orderStatistics/index',
      ].sort(),
    )
  })

  test('business', async ({ page }) => {
    await adminSignIn(page, demo.business)
    await expect(page.getByTestId('home-greeting')).toBeVisible()
    expect(await menuPaths(page)).toEqual([
      '/customerManage',
      '/customerMasterManage',
      '/home',
      '/orderManage',
    ])
  })
})

test('a wrong password keeps the user on the sign-in page with a message', async ({ page }) => {
  await page.goto('/login')
  await page.getByTestId('login-username').fill('master')
  await page.getByTestId('login-password').fill('Wrong9876')
  await page.getByTestId('login-submit').click()
  await expect(page.getByText('用户名或密码错误')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('a deep link while signed out returns there after sign-in', async ({ page }) => {
  await page.goto('/fansManage/list?tab=2')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(
    '/fansManage/list?tab=2',
  )
  await signIn(page, demo.master, '')
  await expect(page).toHaveURL(/\/fansManage\/list\?tab=2$/)
})

test('a page outside the role goes nowhere it should not', async ({ page }) => {
  await signIn(page, demo.agent)
  await page.goto('/announcementManage/index')
  await expect(page.getByTestId('announcement-table')).toHaveCount(0)
})

test('a revoked token shows the 401 dialog; cancel stays, confirm signs out', async ({ page, request }) => {
  // an announcement's notification sliding in, and its poll answering 401 too, would race the dialog
  await announcementsSeen(page.context())
  await adminSignIn(page, demo.admin)
  await page.getByTestId('menu-/announcementManage/index').click()
  await expect(page.getByTestId('announcement-table')).toBeVisible()
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value
  expect(token).toBeTruthy()
  const out = await request.post('/damai/system/auth/logout', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect((await out.json()).code).toBe(0)

  // the page's next call meets the revoked token: the search, or a background poll that comes
  // first and opens the dialog over the button (so the click is dispatched, not aimed)
  const dialog = page.getByTestId('dialog-session-expired')
  await page.getByTestId('announcement-search-title').fill('a')
  await page.getByTestId('announcement-search-submit').dispatchEvent('click')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('登录失效，您可以取消留在该页面，或重新登录')
  await dialog.getByRole('button', { name: /取\s*消/ }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/announcementManage\/index/)

  await page.getByTestId('announcement-search-title').fill('b')
  await page.getByTestId('announcement-search-submit').dispatchEvent('click')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: /确\s*定|重新登录/ }).click()
  await expect(page).toHaveURL(/\/login/)
})

test('the language switch changes the interface and is remembered', async ({ page }) => {
  await page.goto('/login')
  const title = await page.getByTestId('login-submit').innerText()
  await page.getByTestId('language-switch').click()
  await page.getByTestId('language-option-en').click()
  await expect(page.getByTestId('login-submit')).not.toHaveText(title)
  await expect(page.getByTestId('login-submit')).toHaveText(/sign in/i)
  await page.reload()
  await expect(page.getByTestId('login-submit')).toHaveText(/sign in/i)
  await signIn(page, demo.master, '')
  await expect(page.getByTestId('menu-/home')).toHaveText(/home/i)
})

test('logging out keeps the current path for the next sign-in', async ({ page }) => {
  // an announcement's notification would cover the user menu
  await announcementsSeen(page.context())
  await signIn(page, demo.master)
  await page.getByTestId('menu-/myOrder').click()
  await expect(page).toHaveURL(/\/myOrder$/)
  await page.getByTestId('user-dropdown').click()
  await page.getByTestId('user-menu-logout').click()
  await expect(page).toHaveURL(/\/login\?redirect=%2FmyOrder/)
  await signIn(page, demo.master, '')
  await expect(page).toHaveURL(/\/myOrder$/)
})

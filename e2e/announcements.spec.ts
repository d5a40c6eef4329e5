import { expect, test } from '@playwright/test'
import { adminSignIn, demo, signIn } from './support'

test('the admin publishes an announcement and a supervisor sees it once', async ({ page, browser }) => {
  const title = `Maintenance ${Date.now()}`
  await adminSignIn(page, demo.admin)
  await page.getByTestId('menu-/announcementManage/index').click()
  await page.getByTestId('announcement-create').click()
  const dialog = page.getByTestId('announcement-dialog')
  await page.getByTestId('announcement-save').click()
  await expect(dialog.getByText('请输入标题（最多100个字符）')).toBeVisible()
  await page.getByTestId('announcement-title').fill(title)
  await page.getByTestId('announcement-content').fill('Sending pauses from 23:00 to 23:30.')
  await page.getByTestId('announcement-save').click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('announcement-table')).toContainText(title)

  const other = await browser.newPage()
  await signIn(other, demo.master)
  await expect(
    other.getByTestId('announcement-notification').filter({ hasText: 'Sending pauses' }),
  ).toBeVisible()
  await expect(other.getByTestId('home-announcements')).toContainText(title)
  await other.reload()
  await expect(other.getByTestId('home-announcements')).toContainText(title)
  await expect(other.getByTestId('announcement-notification')).toHaveCount(0)
  await other.close()
})

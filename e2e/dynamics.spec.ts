import { expect, type Page, test } from '@playwright/test'
import { adminSignIn, announcementsSeen, demo, signIn } from './support'

const SHOP = '8613800138000'
/** A 1x1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** Minutes east of UTC at which it is about 03:00 now (inside the form's -720..840). */
function offsetOutsideHours(): number {
  const now = new Date()
  let offset = 3 * 60 - (now.getUTCHours() * 60 + now.getUTCMinutes())
  while (offset < -720) offset += 1440
  while (offset > 720) offset -= 1440
  return offset
}
const randomNumber = () => `44773${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** A choice of an antd select, by the text of the option. */
async function choose(page: Page, testId: string, title: string) {
  await page.getByTestId(testId).click()
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click()
  await page.keyboard.press('Escape')
}

test('the supervisor posts a text status now from an account and sees its result per account', async ({
  page,
  context,
}) => {
  // a customer of the shop: a contact who can see its status
  const number = randomNumber()
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(`Status Viewer ${number.slice(-4)}`)
  await sim.getByTestId('sim-new-phone-add').click()
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill('Hello shop')
  await sim.getByTestId('sim-send').click()
  await sim.close()

  await announcementsSeen(context)
  await signIn(page, demo.master)
  await page.goto('/dynamicManage/index')
  await page.getByTestId('dynamic-create').click()

  // the form refuses an empty post in the user's language
  await page.getByTestId('dynamic-submit').click()
  await expect(page.getByText('请选择发布账号')).toBeVisible()
  await expect(page.getByText('请输入动态内容')).toBeVisible()

  const text = `Weekend offer ${Date.now().toString(36)}`
  await choose(page, 'dynamic-accounts', `+${SHOP}`)
  await page.getByTestId('dynamic-text').fill(text)
  await page.getByTestId('dynamic-submit').click()
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0)

  const row = page.getByTestId('dynamic-table').locator('tr', { hasText: text })
  await expect(row).toBeVisible()
  // the engine posts on its next round, later while the machine is busy
  await expect(row.locator('[data-testid^="dynamic-result-"]')).toHaveText('成功 1 / 失败 0 / 待发布 0', {
    timeout: 45_000,
  })
  await page.screenshot({ path: '/tmp/p8-dynamics-list.png', fullPage: true })
  await row.getByRole('button', { name: '详情' }).click()
  const targets = page.getByTestId('dynamic-targets')
  await expect(targets.locator('tr', { hasText: `+${SHOP}` })).toContainText('已发布')
  await page.screenshot({ path: '/tmp/p8-dynamics-detail.png', fullPage: true })
})

test('the admin keeps nurturing material and a rule for the demo tenant, and sees its accounts’ progress', async ({
  page,
  context,
}) => {
  await announcementsSeen(context)
  await adminSignIn(page, demo.admin)

  await page.goto('/accountNurturingManage/sourceMaterial')
  await page.getByTestId('nurturing-material-create').click()
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click()
  await expect(page.getByText('请输入素材内容')).toBeVisible()
  const text = `How is your day ${Date.now().toString(36)}`
  await page.getByTestId('nurturing-material-text').fill(text)
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click()
  await expect(page.locator('tr', { hasText: text })).toBeVisible()

  // an image is uploaded as material and listed with its thumbnail
  await page.getByTestId('nurturing-material-create').click()
  await page.locator('.ant-modal:visible').getByText('图片', { exact: true }).click()
  await page
    .locator('.ant-modal:visible input[type=file]')
    .setInputFiles({ name: 'wave.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') })
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click()
  // the file is checked, uploaded and stored before the dialog closes: slower on a loaded machine
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0, { timeout: 45_000 })
  await expect(page.locator('[data-testid^="nurturing-thumb-"] img').first()).toBeVisible()
  await page.screenshot({ path: '/tmp/p8-nurturing-material.png', fullPage: true })

  await page.goto('/accountNurturingManage/rule')
  await page.getByTestId('nurturing-rule-create').click()
  const name = `Demo warm-up ${Date.now().toString(36)}`
  await page.getByTestId('nurturing-rule-name').fill(name)
  await page.getByTestId('nurturing-rule-tenants').click()
  await page.keyboard.type(demo.master.enterprise)
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: `(${demo.master.enterprise})`,
    })
    .first()
    .click()
  await page.keyboard.press('Escape')
  // the active hours (09:00–21:00) are read at an offset where it is about 03:00 now: the rule
  // enrols the demo accounts but never starts a conversation before it is deleted below
  await page.getByTestId('nurturing-rule-utc-offset').fill(String(offsetOutsideHours()))
  await page.screenshot({ path: '/tmp/p8-nurturing-rule-form.png' })
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click()
  // the progress table below names the rule too, once the engine has enrolled the accounts
  const rules = page.getByTestId('nurturing-rules')
  const row = rules.locator('tr', { hasText: name })
  await expect(row).toBeVisible()
  await expect(row).toContainText('09:00–21:00')
  // the demo tenant's new accounts take part: the engine enrols them within a few rounds
  await expect
    .poll(
      async () => {
        const answer = page.waitForResponse((r) => r.url().includes('/damai/admin/nurturing/progress'))
        await page.reload()
        const body = (await (await answer).json()) as { data: { list: { ruleName: string }[] } }
        return body.data.list.filter((p) => p.ruleName === name).length
      },
      { timeout: 45_000, intervals: [3_000, 5_000] },
    )
    .toBeGreaterThan(0)
  await expect(page.getByTestId('nurturing-progress').locator('tbody tr.ant-table-row').first()).toBeVisible()
  await page.screenshot({ path: '/tmp/p8-nurturing-rule.png', fullPage: true })
  // the rule is removed again: the demo tenant's accounts stop taking turns for the flows after this one
  await row.getByRole('button', { name: /删\s*除/ }).click()
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click()
  await expect(rules.locator('tr', { hasText: name })).toHaveCount(0)
  // its accounts stopped at once, with the reason shown: none is enrolled any more
  // listened for once the reloaded page is there: the table's own refresh after the delete may
  // answer just before, for the page being left, whose body can no longer be read
  await page.reload({ waitUntil: 'commit' })
  const answer = page.waitForResponse((r) => r.url().includes('/damai/admin/nurturing/progress'))
  const after = (await (await answer).json()) as {
    data: { list: { state: string; stopReason: string | null }[] }
  }
  expect(after.data.list.length).toBeGreaterThan(0)
  expect(after.data.list.filter((p) => p.state === 'waiting' || p.state === 'active')).toEqual([])
  await expect(page.getByTestId('nurturing-progress').getByText('已停止: 规则已删除').first()).toBeVisible()
  await page.screenshot({ path: '/tmp/p8-nurturing-stopped.png', fullPage: true })
})

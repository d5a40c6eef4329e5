import { expect, type Page, test } from '@playwright/test'
import { announcementsSeen, demo, signIn } from './support'

const SHOP = '8613800138000'
const randomNumber = () => `44773${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** A choice of an antd select, by the text of the option. */
async function choose(page: Page, testId: string, title: string) {
  await page.getByTestId(testId).click()
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click()
}

test('a diversion link sends a visitor to WhatsApp, and the visitor who writes in counts as its new fan', async ({
  page,
  context,
}) => {
  const name = `Ads ${Date.now() % 100_000}`
  await announcementsSeen(context)
  await signIn(page, demo.master)
  await page.goto('/marketing/diversionLink')

  // the supervisor makes a link to the shop's account, with a greeting
  await page.getByTestId('diversion-create').click()
  await page.getByTestId('diversion-name').fill(name)
  await page.getByTestId('diversion-greeting').fill('Hello, I saw your ad')
  await choose(page, 'diversion-account-0', SHOP)
  await page.getByTestId('diversion-cap-0').fill('50')
  await page.locator('.ant-modal:visible .ant-btn-primary').click()
  const row = page.getByTestId('diversion-table').locator('tr', { hasText: name })
  await expect(row).toBeVisible()
  const address = (await row.getByTestId('diversion-address').textContent()) ?? ''
  expect(address).toMatch(/\/s\?c=[\w-]+$/)
  await page.screenshot({ path: '/tmp/diversion-links.png', fullPage: true })

  // a visitor opens the link: the server answers a redirect to wa.me, captured here, not followed
  const visitor = await context.newPage()
  let whatsapp = ''
  await visitor.route(/\/s\?c=/, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 })
    const location = answer.headers().location ?? ''
    if (!location.startsWith('https://wa.me/')) return route.fulfill({ response: answer })
    whatsapp = location
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp</p>' })
  })
  await visitor.goto(address)
  await expect.poll(() => whatsapp).not.toBe('')
  const target = new URL(whatsapp)
  expect(target.pathname).toBe(`/${SHOP}`)
  const text = target.searchParams.get('text') ?? ''
  expect(text).toMatch(/^Hello, I saw your ad #[A-Z2-9]{6}$/)

  // the visitor writes in from the simulated phone with the prefilled text
  const number = randomNumber()
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(`Visitor ${number.slice(-4)}`)
  await sim.getByTestId('sim-new-phone-add').click()
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill(text)
  await sim.getByTestId('sim-send').click()

  // the link's statistics show the new fan
  await page.bringToFront()
  await expect(async () => {
    await page.reload()
    await expect(row.getByTestId('diversion-new-fans')).toHaveText('1', { timeout: 10_000 })
  }).toPass({ timeout: 60_000 })
  await row.getByTestId('diversion-stats').click()
  await expect(page.getByTestId('diversion-stats-newFans')).toContainText('1')
  await expect(page.getByTestId('diversion-stats-accounts')).toContainText(SHOP)
  await page.screenshot({ path: '/tmp/diversion-stats.png', fullPage: true })

  // a disabled link shows the visitor why, in their language
  await page.keyboard.press('Escape')
  await row.getByTestId('diversion-enabled').click()
  await expect(row.getByTestId('diversion-enabled')).not.toBeChecked()
  await visitor.goto(address)
  await expect(visitor.getByTestId('diversion-unavailable')).toHaveText(/链接已停用/)
  await visitor.screenshot({ path: '/tmp/diversion-disabled.png' })

  // the desk's marketing interaction opens for the supervisor
  await page.goto('/customerServiceDesk/marketingInteraction')
  await expect(page.getByTestId('interaction-table')).toBeVisible()
  await page.screenshot({ path: '/tmp/marketing-interaction.png' })
})

test('a counter tallies new fans of chosen accounts, and its share page works until revoked', async ({
  page,
  context,
}) => {
  // a customer on /sim, then the tally's ten-second refresh, while the onboarding flow runs beside it
  const name = `Supplier ${Date.now() % 100_000}`
  await announcementsSeen(context)
  await signIn(page, demo.master)
  await page.goto('/counter/index')
  await page.getByTestId('counter-create').click()
  await page.getByTestId('counter-name').fill(name)
  await choose(page, 'counter-accounts', SHOP)
  await page.keyboard.press('Escape')
  await page.locator('.ant-modal:visible .ant-btn-primary').click()
  await expect(page.getByText(name).first()).toBeVisible()
  await expect(page.getByTestId('counter-rows')).toContainText(SHOP)
  const before = Number(
    (await page.getByTestId('counter-total').locator('.ant-statistic-content').textContent()) ?? '0',
  )

  // a new customer writes in to the shop today: the tally grows at its next refresh
  const number = randomNumber()
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(`Lead ${number.slice(-4)}`)
  await sim.getByTestId('sim-new-phone-add').click()
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill('How much is it?')
  await sim.getByTestId('sim-send').click()
  await page.bringToFront()
  // the demo's own customers may write in to the shop meanwhile: the tally grows by at least one
  const total = page.getByTestId('counter-total').locator('.ant-statistic-content')
  await expect
    .poll(async () => Number((await total.textContent()) ?? '0'), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(before + 1)
  const after = Number((await total.textContent()) ?? '0')
  await page.screenshot({ path: '/tmp/counter.png', fullPage: true })

  // shared read-only, then revoked
  await page.locator('tr', { hasText: name }).getByTestId('counter-share').click()
  const shareLink = page.getByTestId('counter-share-link')
  await page.getByTestId('counter-share-create').click()
  await expect(shareLink).toBeVisible()
  const link = (await shareLink.textContent()) ?? ''
  expect(link).toMatch(/\/counterShare\?c=[\w-]+$/)
  const viewer = await context.newPage()
  await viewer.goto(link)
  const shared = viewer.getByTestId('counter-total').locator('.ant-statistic-content')
  await expect.poll(async () => Number((await shared.textContent()) ?? '0')).toBeGreaterThanOrEqual(after)
  await viewer.screenshot({ path: '/tmp/counter-share.png', fullPage: true })
  await page.bringToFront()
  await page.getByTestId('counter-revoke').click()
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click()
  await viewer.reload()
  await expect(viewer.getByTestId('counter-share-invalid')).toBeVisible()
})

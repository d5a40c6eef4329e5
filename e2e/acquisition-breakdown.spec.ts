import { expect, type Page, test } from '@playwright/test'
import { announcementsSeen, demo, signIn } from './support'

const SHOP = '8613800138000'
const randomNumber = () => `44774${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** A choice of an antd select, by the text of the option. */
async function choose(page: Page, testId: string, title: string) {
  await page.getByTestId(testId).click()
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click()
}

test('the acquisition statistics break new fans down per link and per agent, on the page and its share', async ({
  page,
  context,
}) => {
  const name = `Acq ${Date.now() % 100_000}`
  await announcementsSeen(context)
  await signIn(page, demo.master)

  // a diversion link to the shop's account
  await page.goto('/marketing/diversionLink')
  await page.getByTestId('diversion-create').click()
  await page.getByTestId('diversion-name').fill(name)
  await page.getByTestId('diversion-greeting').fill('Hi from the ad')
  await choose(page, 'diversion-account-0', SHOP)
  await page.locator('.ant-modal:visible .ant-btn-primary').click()
  const linkRow = page.getByTestId('diversion-table').locator('tr', { hasText: name })
  await expect(linkRow).toBeVisible()
  const address = (await linkRow.getByTestId('diversion-address').textContent()) ?? ''

  // one visit, captured before it leaves for wa.me
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
  const text = new URL(whatsapp).searchParams.get('text') ?? ''

  // the visitor writes in from a simulated phone with the prefilled text
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

  // the statistics page lists the link with its visit and its new fan, and an agent row
  await page.bringToFront()
  await page.goto('/accountManage/customerAcquisitionStatistics')
  const row = page.getByTestId('acquisition-links').locator('tr', { hasText: name })
  await expect(async () => {
    await page.getByTestId('acquisition-refresh').click()
    await expect(row.locator('td')).toHaveText([name, '1', '1'], { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByTestId('acquisition-agents').locator('tbody tr.ant-table-row').first()).toBeVisible()
  await page.screenshot({ path: '/tmp/acquisition-breakdown.png', fullPage: true })

  // a share of every account shows the same breakdowns read-only
  await page.getByTestId('acquisition-share').click()
  await page.getByTestId('acquisition-share-submit').click()
  const shared = await page.getByTestId('acquisition-share-link').inputValue()
  expect(shared).toMatch(/\/s2\?c=/)
  const reader = await context.newPage()
  await reader.goto(shared)
  await expect(
    reader.getByTestId('acquisition-links').locator('tr', { hasText: name }).locator('td'),
  ).toHaveText([name, '1', '1'])
  await expect(reader.getByTestId('acquisition-agents')).toBeVisible()
  await reader.screenshot({ path: '/tmp/acquisition-breakdown-s2.png', fullPage: true })
})

import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { demo, signIn } from './support'

const randomNumber = () => `86137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

/** The simulated phone in its own tab: a person holding the phone next to the screen. */
async function phone(context: BrowserContext, number: string, name: string): Promise<Page> {
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await expect(sim.getByTestId('sim-current-phone')).toContainText(name)
  return sim
}

async function openAccounts(page: Page): Promise<void> {
  await signIn(page, demo.master)
  await page.goto('/accountManage/index')
  await expect(page.getByTestId('account-table')).toBeVisible()
  await expect(page.getByTestId('port-usage')).toBeVisible()
}

test('link a number by QR: scanned on the phone, online on the list without a reload', async ({
  page,
  context,
}) => {
  await openAccounts(page)
  await page.getByTestId('account-add-qr').click()
  const qr = page.getByTestId('account-qr-image')
  await expect(qr).toBeVisible()
  const accountId = await qr.getAttribute('data-qr')
  expect(accountId).toMatch(/^\d+$/)

  const number = randomNumber()
  const sim = await phone(context, number, 'QR shop')
  await sim.getByTestId('sim-scan-qr').click()
  await sim.getByTestId(`sim-qr-${accountId}`).click()

  // the dialog closes by itself and the row shows the account online, no reload
  await page.bringToFront()
  await expect(page.getByTestId('account-qr-dialog')).toBeHidden()
  await expect(page.getByTestId(`account-status-${accountId}`)).toHaveText(/在线/)
  await expect(page.getByTestId('account-table')).toContainText(number)

  // a ban on the network shows as banned, live
  await sim.bringToFront()
  await sim.getByTestId('sim-fault-ban').click()
  await sim.getByTestId('sim-fault-ban-ok').click()
  await page.bringToFront()
  await expect(page.getByTestId(`account-status-${accountId}`)).toContainText(/封/)
})

test('link a number by pairing code typed into the phone; a bad phone is refused', async ({
  page,
  context,
}) => {
  await openAccounts(page)
  await page.getByTestId('account-add-code').click()
  await page.getByTestId('account-code-phone').fill('12ab')
  await page.getByTestId('account-code-submit').click()
  await expect(page.getByTestId('account-code-dialog')).toContainText(/手机号/)
  await expect(page.getByTestId('account-code-value')).toBeHidden()

  const number = randomNumber()
  await page.getByTestId('account-code-phone').fill(`+${number}`)
  await page.getByTestId('account-code-submit').click()
  const code = (await page.getByTestId('account-code-value').innerText()).replace(/[^A-Z0-9]/gi, '')
  expect(code).toHaveLength(8)

  const sim = await phone(context, number, 'Code shop')
  await sim.getByTestId('sim-pairing').click()
  await sim.getByTestId('sim-pairing-input').fill(code)
  await sim.getByTestId('sim-pairing-submit').click()
  await page.bringToFront()
  await expect(page.getByTestId('account-code-dialog')).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: number })
  await expect(row).toContainText(/在线/)
})

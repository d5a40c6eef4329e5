import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { demo } from './support'

/** A demo customer seeded on the simulated network. */
const CUSTOMER = '8613911110001'
const randomNumber = () => `86139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

/** The demo supervisor's API headers (sign-in through the API: the browser is the simulated phone). */
async function supervisor(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/damai/system/auth/login', {
    data: { username: demo.master.username, password: demo.master.password },
  })
  const body = (await res.json()) as { code: number; data: { accessToken: string; tenantId: number } }
  expect(body.code).toBe(0)
  return { authorization: `Bearer ${body.data.accessToken}`, 'tenant-id': String(body.data.tenantId) }
}

async function accountStatus(request: APIRequestContext, headers: Record<string, string>, accountId: number) {
  const res = await request.get('/damai/customer/wsAccount/loginStatus', { headers, params: { accountId } })
  return ((await res.json()) as { data: { accountStatus: string } }).data.accountStatus
}

async function addPhone(page: Page, number: string, name: string): Promise<void> {
  await page.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await page.getByTestId('sim-new-phone-name').fill(name)
  await page.getByTestId('sim-new-phone-add').click()
  await expect(page.getByTestId('sim-current-phone')).toContainText(name)
}

test('a number linked by scanning a QR on /sim receives what a customer writes there', async ({
  page,
  request,
}) => {
  const headers = await supervisor(request)
  const started = await request.post('/damai/customer/wsAccount/loginQr', { headers, data: {} })
  const { accountId } = ((await started.json()) as { data: { accountId: number } }).data
  const shop = randomNumber()

  await page.goto('/sim')
  await expect(page.getByTestId(`sim-phone-${CUSTOMER}`)).toBeVisible()
  await addPhone(page, shop, 'Shop phone')
  await page.getByTestId('sim-scan-qr').click()
  await page.getByTestId(`sim-qr-${accountId}`).click()
  await expect(page.getByTestId(`sim-phone-${shop}`)).toContainText('在线')
  await expect.poll(() => accountStatus(request, headers, accountId)).toBe('online')

  const text = `Do you ship to Rome? ${Date.now()}`
  await page.getByTestId(`sim-phone-${CUSTOMER}`).click()
  await page.getByTestId('sim-new-chat-input').fill(shop)
  await page.getByTestId('sim-new-chat-open').click()
  await expect(page.getByTestId('sim-chat-title')).toHaveText('Shop phone')
  await page.getByTestId('sim-composer-input').fill(text)
  await page.getByTestId('sim-send').click()
  await expect(page.getByTestId('sim-messages')).toContainText(text)
  await expect(page.getByTestId('sim-composer-input')).toHaveValue('')
  await expect(page.getByTestId(`sim-chat-${shop}`)).toContainText(text)

  // the product stored it as an inbound message of the demo tenant's account
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'app.db'), { readonly: true })
  try {
    await expect
      .poll(() =>
        db.prepare('select from_me from messages where account_id = ? and body = ?').get(accountId, text),
      )
      .toEqual({ from_me: 0 })
  } finally {
    db.close()
  }
})

test('a pairing code typed on /sim links the number, and a ban there reaches the product', async ({
  page,
  request,
}) => {
  const headers = await supervisor(request)
  const shop = randomNumber()
  await page.goto('/sim')
  await addPhone(page, shop, 'Second shop')

  const started = await request.post('/damai/customer/wsAccount/loginCode', {
    headers,
    data: { phone: shop },
  })
  const { accountId, code } = ((await started.json()) as { data: { accountId: number; code: string } }).data
  expect(code).toMatch(/^[A-Z0-9]{8}$/)

  await page.getByTestId('sim-pairing').click()
  await page.getByTestId('sim-pairing-input').fill('WRONG-999')
  // the page polls its phones: a refusal answered within 300 ms of a poll shows no toast of its
  // own (a burst of failures shows one), so a wrong code is submitted again until one shows
  await expect(async () => {
    await page.getByTestId('sim-pairing-submit').click()
    await expect(page.getByText('配对码错误或已过期，请核对号码和配对码')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await page.getByTestId('sim-pairing-input').fill(`${code.slice(0, 4)}-${code.slice(4)}`)
  await page.getByTestId('sim-pairing-submit').click()
  await expect(page.getByTestId(`sim-phone-${shop}`)).toContainText('在线')
  await expect.poll(() => accountStatus(request, headers, accountId)).toBe('online')

  await page.getByTestId('sim-fault-ban').click()
  await page.getByTestId('sim-fault-ban-ok').click()
  await expect(page.getByTestId(`sim-phone-${shop}`)).toContainText('已封禁')
  await expect.poll(() => accountStatus(request, headers, accountId)).toBe('banned')
})

import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { announcementsSeen, demo, signIn } from './support'

/** A demo customer seeded on the simulated network. */
const CUSTOMER = '8613911110001'
const randomNumber = () => `86137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

async function supervisor(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/damai/system/auth/login', {
    data: { username: demo.master.username, password: demo.master.password },
  })
  const body = (await res.json()) as { code: number; data: { accessToken: string; tenantId: number } }
  expect(body.code).toBe(0)
  return { authorization: `Bearer ${body.data.accessToken}`, 'tenant-id': String(body.data.tenantId) }
}

async function issueCode(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  quota = 2,
): Promise<{ id: number; code: string }> {
  const res = await request.post('/damai/customer/merchantCode', {
    headers,
    data: { name, quota, expiresAt: null },
  })
  const body = (await res.json()) as { code: number; data: { id: number; code: string } }
  expect(body.code).toBe(0)
  return body.data
}

async function addPhone(sim: Page, number: string, name: string): Promise<void> {
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await expect(sim.getByTestId('sim-current-phone')).toContainText(name)
}

test('a supplier links a number on the public page, and its chats show on the history share page', async ({
  page,
  context,
  request,
}) => {
  const headers = await supervisor(request)
  const name = `Supplier ${Date.now()}`
  const { code } = await issueCode(request, headers, name)
  const shop = randomNumber()

  // the supplier's phone on the simulated network
  const sim = await context.newPage()
  await sim.goto('/sim')
  await addPhone(sim, shop, 'Supplier phone')

  // the public page: no sign-in
  await page.goto(`/apiInterfaceCodeShare?c=${code}`)
  await expect(page.getByTestId('merchant-name')).toHaveText(name)
  await expect(page.getByTestId('merchant-quota')).toHaveText('已接入 0 / 2')
  await page.getByTestId('merchant-phone').fill('12')
  await page.getByTestId('merchant-get-code').click()
  await expect(page.getByText('手机号格式不正确')).toBeVisible()
  await page.getByTestId('merchant-phone').fill(`+${shop}`)
  await page.getByTestId('merchant-get-code').click()
  const pairing = page.getByTestId('merchant-pairing-code')
  await expect(pairing).toHaveText(/^[A-Z0-9]{8}$/)
  const typed = (await pairing.textContent())?.trim() ?? ''
  await expect(page.getByTestId('merchant-waiting')).toBeVisible()
  await page.screenshot({ path: '/tmp/p7-code-share-pairing.png', fullPage: true })

  // typed on the phone, the number links; the page sees it without a reload
  await sim.getByTestId('sim-pairing').click()
  await sim.getByTestId('sim-pairing-input').fill(typed)
  await sim.getByTestId('sim-pairing-submit').click()
  await expect(sim.getByTestId(`sim-phone-${shop}`)).toContainText('在线')
  await expect(page.getByTestId('merchant-linked')).toContainText(shop)
  await expect(page.getByTestId('merchant-quota')).toHaveText('已接入 1 / 2')
  await expect(page.getByTestId('merchant-number')).toContainText(`+${shop}`)
  await expect(page.getByTestId('merchant-number')).toContainText('在线')
  await page.screenshot({ path: '/tmp/p7-code-share-linked.png', fullPage: true })

  // a customer writes to the new number; the history share page shows it
  const text = `Is the blue one in stock? ${Date.now()}`
  // the customer's phone is the one writing (the phone list refreshes while the number links)
  await expect(async () => {
    await sim.getByTestId(`sim-phone-${CUSTOMER}`).click()
    await expect(sim.getByTestId('sim-current-phone')).toContainText(`+${CUSTOMER}`, { timeout: 1_000 })
  }).toPass({ timeout: 10_000 })
  await sim.getByTestId('sim-new-chat-input').fill(shop)
  await sim.getByTestId('sim-new-chat-open').click()
  await expect(sim.getByTestId('sim-chat-title')).toHaveText('Supplier phone')
  await sim.getByTestId('sim-composer-input').fill(text)
  await sim.getByTestId('sim-send').click()
  await expect(sim.getByTestId('sim-messages')).toContainText(text)

  await expect(async () => {
    await page.goto(`/apiInterfaceChatHistoryShare?c=${code}`)
    // the demo's customers write to the new number too: the message is looked for among them
    await expect(page.getByTestId('merchant-message').filter({ hasText: text })).toBeVisible({
      timeout: 2_000,
    })
  }).toPass({ timeout: 15_000 })
  await page.screenshot({ path: '/tmp/p7-history-share.png', fullPage: true })

  // the supervisor sees the code with its number
  const office = await context
    .browser()
    ?.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 860 } })
  if (!office) throw new Error('no browser')
  await announcementsSeen(office)
  const boss = await office.newPage()
  await signIn(boss, demo.master)
  await boss.goto('/apiInterface/index')
  const row = boss.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('1 / 2')
  await row.getByRole('button', { name: /展开|Expand/ }).click()
  await expect(boss.getByTestId('merchant-linked-numbers')).toContainText(`+${shop}`)
  await boss.screenshot({ path: '/tmp/p7-codes.png', fullPage: true })
  await boss.goto('/apiInterface/chatHistory')
  await boss.getByTestId('merchant-history-code').click()
  await boss.getByTitle(new RegExp(name)).click()
  await expect(boss.getByTestId('merchant-message').filter({ hasText: text })).toBeVisible()
  await boss.screenshot({ path: '/tmp/p7-codes-history.png', fullPage: true })
  await office.close()
})

test('a revoked or unknown code shows why, in the visitor language', async ({ page, request }) => {
  const headers = await supervisor(request)
  const { id, code } = await issueCode(request, headers, `Revoked ${Date.now()}`)
  const revoked = await request.put('/damai/customer/merchantCode/revoke', { headers, data: { id } })
  expect(((await revoked.json()) as { code: number }).code).toBe(0)
  await page.goto(`/apiInterfaceCodeShare?c=${code}`)
  await expect(page.getByTestId('merchant-refused')).toContainText('该链接已被撤销')
  await expect(page.getByTestId('merchant-phone')).toHaveCount(0)
  await page.goto(`/apiInterfaceChatHistoryShare?c=${code}`)
  await expect(page.getByTestId('merchant-refused')).toContainText('该链接已被撤销')
  await page.goto('/apiInterfaceCodeShare?c=nosuchcode')
  await expect(page.getByTestId('merchant-refused')).toContainText('链接无效')
  await page.screenshot({ path: '/tmp/p7-code-refused.png', fullPage: true })
})

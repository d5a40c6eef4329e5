import { expect, type Page, test } from '@playwright/test'
import { adminSignIn, signIn } from './support'

/**
 * From an empty database started as `npm start` starts it (no demo seed, the simulated network
 * only): the admin makes an operations user, operations a salesperson and a tenant with an order
 * of two ports and one seat; the supervisor links a number and makes one agent (a second is
 * refused for want of a seat); the agent answers a customer. Then a refunded port logs its
 * number out, two seat records merge, and a renewal moves an expiry.
 */
const dataDir = process.env.E2E_ONBOARD_DATA_DIR
const run = Date.now().toString(36).slice(-5)
const admin = {
  enterprise: 'platform',
  username: 'admin',
  password: process.env.E2E_ONBOARD_ADMIN_PASSWORD ?? '',
}
const ops = { enterprise: 'platform', username: `ops${run}`, password: 'Oper2468x' }
const sales = { enterprise: 'platform', username: `biz${run}`, password: 'Busi2468x' }
const boss = { enterprise: `acme${run}`, username: 'boss', password: 'Boss2468x' }
const agent = { enterprise: boss.enterprise, username: 'alice', password: 'Alice2468x' }
const SHOP = `4477${String(Date.now()).slice(-8)}`

async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
}

async function fill(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).fill(value)
}

/** Chooses an option of an antd Select by its text. */
async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click()
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click()
}

test('from an empty start to a paying tenant whose agent answers a customer', async ({ page, context }) => {
  test.setTimeout(300_000)
  const started = Date.now()

  // the admin: an operations user
  await adminSignIn(page, admin, dataDir)
  await page.goto('/operationsManage')
  await page.getByTestId('staff-create').first().click()
  await fill(page, 'staff-username', ops.username)
  await fill(page, 'staff-password', ops.password)
  await page.getByTestId('staff-save').click()
  await expect(page.getByTestId('staff-table').first()).toContainText(ops.username)
  await signOut(page)

  // operations: a salesperson, then a tenant with its supervisor, sold by that salesperson
  await adminSignIn(page, ops, dataDir)
  await page.goto('/businessManage')
  await page.getByTestId('staff-create').click()
  await fill(page, 'staff-username', sales.username)
  await fill(page, 'staff-password', sales.password)
  await page.getByTestId('staff-save').click()
  await expect(page.getByTestId('staff-table')).toContainText(sales.username)

  await page.goto('/customerMasterManage')
  await page.getByTestId('supervisor-create').click()
  await fill(page, 'supervisor-enterprise', boss.enterprise)
  await fill(page, 'supervisor-tenant-name', `Acme ${run}`)
  await fill(page, 'supervisor-username', boss.username)
  await fill(page, 'supervisor-password', boss.password)
  await choose(page, 'supervisor-seller', sales.username)
  await page.getByTestId('supervisor-save').click()
  await expect(page.getByTestId('supervisor-table')).toContainText(boss.enterprise)

  // an order of two ports, then one of one seat; each makes its records
  await page.goto('/orderManage')
  // the seat's order is short: the supervisor's expiry reminder has it to show
  for (const [kind, quantity, days] of [
    ['端口', '2', '30'],
    ['坐席', '1', '5'],
  ] as const) {
    await page.getByTestId('order-create').click()
    await choose(page, 'order-tenant', boss.enterprise)
    await page.getByTestId('order-kind').getByText(kind).click()
    await fill(page, 'order-quantity', quantity)
    await fill(page, 'order-days', days)
    await fill(page, 'order-amount', '300')
    await page.getByTestId('order-save').click()
    await expect(page.getByTestId('order-save')).toBeHidden()
  }
  await expect(page.getByTestId('orders-table').locator('tbody tr.ant-table-row')).toHaveCount(2)
  await signOut(page)

  // the supervisor: VIP shown, a number linked through the simulated phone
  await signIn(page, boss)
  await expect(page.getByTestId('home-validity')).toBeVisible()
  await expect(page.getByTestId('expiry-seats')).toContainText('剩余 5 天')
  await page.getByTestId('expiry-close').click()
  await page.goto('/accountManage/index')
  await page.getByTestId('account-add-qr').click()
  const qr = page.getByTestId('account-qr-image')
  await expect(qr).toBeVisible()
  const accountId = await qr.getAttribute('data-qr')
  const phone = await context.newPage()
  await phone.goto('/sim')
  await phone.getByTestId('sim-new-phone-input').fill(`+${SHOP}`)
  await phone.getByTestId('sim-new-phone-name').fill('Acme shop')
  await phone.getByTestId('sim-new-phone-add').click()
  await phone.getByTestId('sim-scan-qr').click()
  await phone.getByTestId(`sim-qr-${accountId}`).click()
  await page.bringToFront()
  await expect(page.getByTestId('account-qr-dialog')).toBeHidden({ timeout: 15_000 })
  await expect(page.getByTestId(`account-status-${accountId}`)).toHaveText(/在线/)

  // one agent on the one seat, with the number; a second is refused
  await page.goto('/customerServiceManage/list')
  await page.getByTestId('agent-create').click()
  await fill(page, 'agent-username', agent.username)
  await fill(page, 'agent-password', agent.password)
  await page.getByTestId('agent-save').click()
  await expect(page.getByTestId('agent-table')).toContainText(agent.username)
  const row = page
    .getByTestId('agent-table')
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: agent.username })
  await row.getByTestId(/^agent-bind-\d+$/).click()
  await choose(page, 'agent-bind-accounts', SHOP)
  // a multiple choice stays open: a click on the dialog's title closes it
  await page.locator('.ant-modal-title').filter({ hasText: 'WS' }).click()
  await page.getByTestId('agent-bind-save').click()
  await expect(row).toContainText(SHOP)
  await page.getByTestId('agent-create').click()
  await fill(page, 'agent-username', 'bob')
  await fill(page, 'agent-password', 'Bobby2468x')
  await page.getByTestId('agent-save').click()
  await expect(page.getByText('没有可用的坐席，请购买或续费坐席后再添加客服')).toBeVisible()
  await signOut(page)

  // a customer writes; the agent answers from the desk
  const customer = await context.newPage()
  await customer.goto('/sim')
  await customer.getByTestId('sim-new-phone-input').fill(`+4478${String(Date.now()).slice(-8)}`)
  await customer.getByTestId('sim-new-phone-name').fill('Carol')
  await customer.getByTestId('sim-new-phone-add').click()
  await customer.getByTestId('sim-new-chat-input').fill(SHOP)
  await customer.getByTestId('sim-new-chat-open').click()
  await customer.getByTestId('sim-composer-input').fill('Do you ship to Leeds?')
  await customer.getByTestId('sim-send').click()

  await page.bringToFront()
  await signIn(page, agent)
  await page.goto('/customerServiceDesk/deskSession')
  const session = page.getByTestId(/^desk-session-\d+$/).filter({ hasText: 'Leeds' })
  await session.click()
  await page.getByTestId('chat-input').fill('Yes, next day.')
  await page.getByTestId('chat-send').click()
  await customer.bringToFront()
  await expect(customer.getByTestId('sim-messages')).toContainText('Yes, next day.')
  test.info().annotations.push({ type: 'onboarding-ms', description: String(Date.now() - started) })
  await signOut(page)

  // operations: refund the linked number's port (it is logged out), merge two seats, renew one
  await adminSignIn(page, ops, dataDir)
  await page.goto('/orderManage')
  await page.getByRole('tab', { name: '端口记录' }).click()
  const ports = page.getByTestId('records-port-table')
  const linked = ports.locator('tbody tr.ant-table-row').filter({ hasText: SHOP })
  await expect(linked).toHaveCount(1)
  const portId = await linked.getAttribute('data-row-key')
  // the refunded port lets its number go, so the row is found by its record id afterwards
  const linkedPort = ports.locator(`tbody tr[data-row-key="${portId}"]`)
  await linkedPort.locator('input[type=checkbox]').check()
  await page.getByTestId('records-port-refund').click()
  await fill(page, 'record-action-amount', '150')
  await page.getByTestId('record-action-save').click()
  await expect(linkedPort).toContainText('已退款')

  await page.getByRole('tab', { name: '坐席记录' }).click()
  // a second seat for the tenant, so two seat records can merge
  await page.getByRole('tab', { name: '订单' }).click()
  await page.getByTestId('order-create').click()
  await choose(page, 'order-tenant', boss.enterprise)
  await page.getByTestId('order-kind').getByText('坐席').click()
  await fill(page, 'order-quantity', '1')
  await fill(page, 'order-days', '10')
  await page.getByTestId('order-save').click()
  await expect(page.getByTestId('order-save')).toBeHidden()
  await page.getByRole('tab', { name: '坐席记录' }).click()
  const seats = page.getByTestId('records-seat-table').locator('tbody tr.ant-table-row')
  await expect(seats).toHaveCount(2)
  for (const box of await seats.locator('input[type=checkbox]').all()) await box.check()
  await page.getByTestId('records-seat-merge').click()
  await page.getByTestId('record-action-save').click()
  await expect(page.getByTestId('records-seat-table')).toContainText('已合并')

  // renewal: the merged-into seat gets 30 more days
  const running = seats.filter({ hasText: '使用中' })
  const before = Number(await running.locator('td').nth(6).innerText())
  await running.locator('input[type=checkbox]').check()
  await page.getByTestId('records-seat-renew').click()
  await fill(page, 'record-action-days', '30')
  await page.getByTestId('record-action-save').click()
  await expect(running.locator('td').nth(6)).toHaveText(String(before + 30))

  // the supervisor sees the refunded number logged out
  await signOut(page)
  await signIn(page, boss)
  await page.goto('/accountManage/index')
  await expect(page.getByTestId(`account-status-${accountId}`)).not.toHaveText(/在线/)
})

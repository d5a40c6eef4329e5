import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { announcementsSeen, type DemoUser, demo, signIn } from './support'

/** Demo Shop 1, linked on the first demo start and handed to agent1 (Alice). */
const SHOP = '8613800138000'
/** The demo's second agent (Bob), signed in like agent1. */
const agent2: DemoUser = { username: 'agent2', password: 'Agent2468', enterprise: 'demo' }
const shots = process.env.CONSOLE_SHOTS ?? '/tmp/console-shots'
const randomNumber = () => `44771${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

async function signedIn(browser: Browser, user: DemoUser): Promise<Page> {
  const context = await browser.newContext()
  // announcements published by other tests would cover the header
  await announcementsSeen(context)
  const page = await context.newPage()
  await signIn(page, user)
  return page
}

/** A customer on /sim writes to the shop; returns the name the desk shows. */
async function customerWrites(browser: Browser, text: string): Promise<string> {
  const number = randomNumber()
  const name = `Console Customer ${number.slice(-5)}`
  const sim = await (await browser.newContext()).newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await expect(sim.getByTestId('sim-current-phone')).toContainText(name)
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill(text)
  const sent = sim.waitForResponse((r) => r.url().includes('/damai/sim/send'))
  await sim.getByTestId('sim-send').click()
  expect((await (await sent).json()).code).toBe(0)
  return name
}

/** In the allocated view, give the shop to the agent of that row. */
async function assignShopTo(boss: Page, agentName: string): Promise<void> {
  const row = boss.getByTestId('console-agents').locator('tr').filter({ hasText: agentName })
  await row.locator('[data-testid^="console-agent-assign-"]').click()
  await boss.getByTestId('console-assign-accounts').click()
  await boss.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: SHOP }).click()
  // the multiple choice stays open: close it before saving
  await boss.locator('.ant-modal-title:visible').click()
  await expect(boss.locator('.ant-select-dropdown:visible')).toHaveCount(0)
  const saved = boss.waitForResponse((r) => r.url().includes('/damai/customer/console/account/assign'))
  await boss.getByTestId('console-assign-save').click()
  expect((await (await saved).json()).code).toBe(0)
  await expect(row.locator(`[data-testid^="console-agent-account-"]`).filter({ hasText: SHOP })).toBeVisible()
}

/**
 * The shop goes back to Alice (agent1) whatever this flow left: the flows after it answer
 * customers of the shop at her desk.
 */
async function shopBackToAlice(request: APIRequestContext): Promise<void> {
  const login = await request.post('/damai/system/auth/login', {
    data: { username: demo.master.username, password: demo.master.password },
  })
  const { accessToken, tenantId } = (await login.json()).data as { accessToken: string; tenantId: number }
  const headers = { authorization: `Bearer ${accessToken}`, 'tenant-id': String(tenantId) }
  const overview = (await (await request.get('/damai/customer/console/overview', { headers })).json())
    .data as {
    agents: { id: number; username: string }[]
    accounts: { id: number; phone: string | null }[]
  }
  const alice = overview.agents.find((a) => a.username === demo.agent.username)
  const shop = overview.accounts.find((a) => a.phone?.includes(SHOP))
  if (!alice || !shop) return
  const res = await request.put('/damai/customer/console/account/assign', {
    headers,
    data: { accountIds: [shop.id], userId: alice.id },
  })
  expect((await res.json()).code).toBe(0)
}

test.afterAll(async ({ request }) => shopBackToAlice(request))

test("the supervisor hands an account to agent2: its sessions show on agent2's open desk at once, and leave when handed back", async ({
  browser,
}) => {
  const name = await customerWrites(browser, `Which sizes do you have? ${Date.now()}`)

  // agent2 (Bob) at the desk: the customer of agent1's shop is not theirs
  const desk = await signedIn(browser, agent2)
  await desk.goto('/customerServiceDesk/deskSession')
  await expect(desk.getByTestId('desk-session-list')).toBeVisible()
  await desk.evaluate(() => Object.assign(window, { deskNeverReloaded: true }))
  const row = desk.getByTestId(/^desk-session-\d+$/).filter({ hasText: name })
  await expect(row).toHaveCount(0)

  // the supervisor's console: the shop is Alice's
  const boss = await signedIn(browser, demo.master)
  await boss.goto('/sessionConsole')
  await boss.getByTestId('console-tab-allocated').click()
  const alice = boss.getByTestId('console-agents').locator('tr').filter({ hasText: 'Alice' })
  await expect(
    alice.locator('[data-testid^="console-agent-account-"]').filter({ hasText: SHOP }),
  ).toBeVisible()
  await boss.screenshot({ path: `${shots}/allocated.png`, fullPage: true })

  await assignShopTo(boss, 'Bob')
  // agent2's desk shows the shop's customer without a reload
  await expect(row).toBeVisible()
  expect(await desk.evaluate(() => 'deskNeverReloaded' in window)).toBe(true)
  const bob = boss.getByTestId('console-agents').locator('tr').filter({ hasText: 'Bob' })
  await bob.locator('[data-testid^="console-agent-sessions-"]').click()
  await expect(
    boss.getByTestId('console-agent-sessions').locator('tr').filter({ hasText: name }),
  ).toBeVisible()
  await boss.screenshot({ path: `${shots}/agent-sessions.png`, fullPage: true })
  await boss.keyboard.press('Escape')

  // handed back to Alice: it leaves agent2's desk, again without a reload
  await assignShopTo(boss, 'Alice')
  await expect(row).toHaveCount(0)
  expect(await desk.evaluate(() => 'deskNeverReloaded' in window)).toBe(true)
  await boss.getByTestId('console-tab-unallocated').click()
  await expect(boss.getByTestId('console-free-accounts')).toBeVisible()
  await boss.screenshot({ path: `${shots}/unallocated.png`, fullPage: true })
})

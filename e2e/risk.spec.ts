import path from 'node:path'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { announcementsSeen, demo, signIn } from './support'

/** Demo Shop 1, linked on the first demo start and handed to agent1. */
const SHOP = '8613800138000'
const randomNumber = () => `44772${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** A customer's phone on /sim writing to the shop. */
async function customerWrites(context: BrowserContext, text: string): Promise<string> {
  const number = randomNumber()
  const name = `Risk Customer ${number.slice(-5)}`
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await expect(sim.getByTestId('sim-current-phone')).toContainText(name)
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill(text)
  await sim.getByTestId('sim-send').click()
  await sim.close()
  return name
}

const numberInput = (page: Page, id: string) =>
  page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`)

/** The demo tenant's saved risk config goes, so the flows after this one send without its limits. */
function forgetRiskConfig(): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'app.db'), { fileMustExist: true })
  try {
    db.prepare('delete from risk_configs').run()
    db.prepare('delete from risk_holds').run()
  } finally {
    db.close()
  }
}

test.afterAll(() => forgetRiskConfig())

test('a supervisor lowers a limit; the agent’s next send is refused with the count left; the warning reaches the header badge live', async ({
  page,
  browser,
}) => {
  // the supervisor, in a browser of their own
  const bossContext = await browser.newContext()
  const boss = await bossContext.newPage()
  await announcementsSeen(bossContext)
  await signIn(boss, demo.master)
  await boss.goto('/riskManage/config')
  const perMinute = numberInput(boss, 'risk-limit-perMinute')
  await expect(perMinute).toBeVisible()
  // out of bounds first: refused in the form, in the user's language
  await perMinute.fill('99')
  await boss.getByTestId('risk-config-save').click()
  await expect(boss.getByText('每分钟消息数须在1到30之间')).toBeVisible()
  await perMinute.fill('1')
  const saved = boss.waitForResponse(
    (r) => r.url().includes('/damai/customer/risk/config') && r.request().method() === 'PUT',
  )
  await boss.getByTestId('risk-config-save').click()
  expect(((await (await saved).json()) as { code: number }).code).toBe(0)
  const badge = boss.getByTestId('risk-badge')
  const before = Number(await badge.getAttribute('data-count'))

  // the agent answers a customer twice within the minute
  await announcementsSeen(page.context())
  const name = await customerWrites(page.context(), `Is it on sale? ${Date.now()}`)
  await signIn(page, demo.agent)
  // an agent lands on the desk: opening it a second time at once could race the first for the
  // agent's one live desk
  await expect(page).toHaveURL(/\/customerServiceDesk\/deskSession/)
  await page
    .getByTestId(/^desk-session-\d+$/)
    .filter({ hasText: name })
    .click()
  for (const text of [`First answer ${Date.now()}`, `Second answer ${Date.now()}`]) {
    await page.getByTestId('chat-input').fill(text)
    await page.getByTestId('chat-send').click()
    await expect(page.getByTestId(/^chat-message-\d+$/).filter({ hasText: text })).toHaveAttribute(
      'data-status',
      /sent|failed/,
      { timeout: 10_000 },
    )
  }
  const refused = page.getByTestId(/^chat-message-\d+$/).filter({ hasText: 'Second answer' })
  await expect(refused).toHaveAttribute('data-status', 'failed')
  await expect(refused.getByTestId(/^chat-failed-\d+$/)).toContainText(
    /风控限制: 每分钟条数已达上限，今日剩余\d+条，\d{4}-\d\d-\d\d \d\d:\d\d:\d\d后恢复/,
  )
  // the refusal puts the account's sessions in risk control at once: chat header and session row
  // (controlled until the minute's window reopens, then shown unlocked: a slow machine may pass it)
  const header = page.getByTestId(/^desk-chat-flag-risk(-unlocked)?$/)
  await expect(header).toHaveText(/风控中|已解除/)
  await expect(
    page
      .getByTestId(/^desk-session-\d+$/)
      .filter({ hasText: name })
      .getByTestId(/^desk-flag-risk(-unlocked)?$/),
  ).toBeVisible()
  await page.screenshot({ path: '/tmp/risk-desk-refused.png' })

  // the supervisor's badge counts the warning without a reload
  await expect(badge).toHaveAttribute('data-count', String(before + 1))
  await boss.screenshot({ path: '/tmp/risk-config.png', fullPage: true })
  await badge.click()
  await expect(boss).toHaveURL(/\/riskManage\/warning/)
  const table = boss.getByTestId('risk-warning-table')
  await expect(table).toContainText('触发发送限制')
  await expect(table).toContainText(SHOP)
  await boss.screenshot({ path: '/tmp/risk-warning.png', fullPage: true })
  await boss.goto('/riskManage/statistics')
  await expect(boss.getByTestId('risk-stats-table')).toContainText(SHOP)
  await expect(boss.getByTestId('risk-stats-chart').locator('canvas')).toBeVisible()
  await boss.screenshot({ path: '/tmp/risk-statistics.png', fullPage: true })
  await bossContext.close()
})

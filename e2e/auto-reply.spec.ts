import { expect, test } from '@playwright/test'
import { announcementsSeen, demo, signIn } from './support'

/** Demo Shop 1, linked on the first demo start and handed to agent1. */
const SHOP = '8613800138000'
const randomNumber = () => `44775${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
const DELAY_S = 4

test('the supervisor makes a keyword rule; a customer writes the keyword and gets the reply after the delay, shown on the desk as automatic', async ({
  page,
  context,
  browser,
}) => {
  const stamp = Date.now().toString(36)
  const keyword = `opening${stamp}`
  const ruleName = `Hours ${stamp}`
  const answer = `We open at 9, ${stamp}`

  // the supervisor creates the rule on the marketing page
  await announcementsSeen(context)
  await signIn(page, demo.master)
  await page.goto('/marketing/automaticReplyMarketing')
  await page.getByTestId('auto-reply-create').click()
  await page.getByTestId('auto-reply-name').fill(ruleName)
  const keywords = page.getByTestId('auto-reply-keywords').locator('input')
  // an English comma is refused with the spec's rule before anything is sent
  await keywords.fill('a,b')
  await keywords.press('Enter')
  await page.getByRole('button', { name: /保\s*存/ }).click()
  await expect(page.getByText('关键词不能包含英文逗号')).toBeVisible()
  await page.getByTestId('auto-reply-keywords').locator('.ant-select-selection-item-remove').click()
  await keywords.fill(keyword)
  await keywords.press('Enter')
  await page.getByTestId('auto-reply-delay').fill(String(DELAY_S))
  await page.getByTestId('auto-reply-sentence-0').fill(answer)
  await page.screenshot({ path: '/tmp/auto-reply-form.png', fullPage: true })
  await page.getByRole('button', { name: /保\s*存/ }).click()
  const row = page.getByTestId(`auto-reply-row-${ruleName}`)
  await expect(row).toBeVisible()
  await expect(row).toContainText(keyword)

  // a customer writes the keyword from the simulated phone
  const number = randomNumber()
  const name = `Auto Customer ${number.slice(-5)}`
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await expect(sim.getByTestId('sim-current-phone')).toContainText(name)
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill(`What are your ${keyword.toUpperCase()} hours?`)
  const sent = sim.waitForResponse((r) => r.url().includes('/damai/sim/send'))
  await sim.getByTestId('sim-send').click()
  expect((await (await sent).json()).code).toBe(0)
  const sentAt = Date.now()

  // the reply arrives on the phone, not before the delay
  const messages = sim.getByTestId('sim-messages')
  await expect(messages).toContainText(answer, { timeout: 30_000 })
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(DELAY_S * 1000 - 500)

  // the agent's desk shows the reply marked as automatic
  const agentContext = await browser.newContext()
  const desk = await agentContext.newPage()
  await announcementsSeen(agentContext)
  await signIn(desk, demo.agent)
  await desk.goto('/customerServiceDesk/deskSession')
  await desk
    .getByTestId(/^desk-session-\d+$/)
    .filter({ hasText: name })
    .click()
  const reply = desk.getByTestId(/^chat-message-\d+$/).filter({ hasText: answer })
  await expect(reply).toBeVisible()
  await expect(reply.getByTestId(/^chat-auto-reply-\d+$/)).toHaveText('自动回复')
  await desk.screenshot({ path: '/tmp/auto-reply-desk.png' })

  // the rule counts the hit, the reply and the customer
  await page.bringToFront()
  await page.reload()
  await expect(row).toContainText('1')
  const cells = await row.locator('td').allTextContents()
  expect(cells.filter((c) => c.trim() === '1').length).toBeGreaterThanOrEqual(3)
  await page.screenshot({ path: '/tmp/auto-reply-list.png', fullPage: true })
  await agentContext.close()
})

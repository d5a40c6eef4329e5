import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { announcementsSeen, demo, signIn } from './support'

const SHOP = '8613800138000'
const randomNumber = () => `44772${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

test('a customer writes a unique word; the supervisor finds it in the chat history, opens the chat at it and exports it', async ({
  page,
  context,
}) => {
  const number = randomNumber()
  const name = `History Customer ${number.slice(-5)}`
  // a word no other message holds, inside longer text, in two messages; a third message without it
  const word = `zephyr${Date.now().toString(36)}`
  const texts = [
    `Do you have the ${word}lamp in blue?`,
    'Also, what are your opening hours?',
    `Price of the ${word.toUpperCase()} please`,
  ]

  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  for (const text of texts) {
    await sim.getByTestId('sim-composer-input').fill(text)
    await sim.getByTestId('sim-send').click()
    await expect(sim.getByTestId('sim-messages')).toContainText(text)
  }

  await page.bringToFront()
  await announcementsSeen(context)
  await signIn(page, demo.master)
  await page.goto('/chatHistory/index')
  await page.getByTestId('history-keyword').fill(word)
  const hits = page.locator('[data-testid^="history-hit-"]')
  // the messages arrive through the simulated network: search until both are stored
  await expect(async () => {
    await page.getByTestId('history-search').click()
    await expect(hits).toHaveCount(2, { timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  // newest first, the keyword marked whatever its case, the customer named
  await expect(hits.nth(0)).toContainText(texts[2] as string)
  await expect(hits.nth(1)).toContainText(texts[0] as string)
  await expect(hits.nth(0).locator('mark')).toHaveText(word.toUpperCase())
  await expect(hits.nth(1).locator('mark')).toHaveText(word)
  await expect(hits.nth(0)).toContainText(name)
  await expect(hits.nth(0)).toContainText(SHOP)
  await page.screenshot({ path: '/tmp/history-shots/results.png', fullPage: true })

  // the conversation opens at the older hit, marked, with the message after it
  const older = hits.nth(1)
  const hitId = (await older.getAttribute('data-testid'))?.replace('history-hit-', '')
  await page.getByTestId(`history-view-${hitId}`).click()
  const conversation = page.getByTestId('history-conversation')
  const marked = conversation.getByTestId('history-conversation-hit')
  await expect(marked).toBeVisible()
  await expect(marked).toContainText(texts[0] as string)
  await expect(conversation).toContainText(texts[1] as string)
  await expect(conversation).toContainText(name)
  await expect(conversation.getByTestId(`chat-reply-${hitId}`)).toHaveCount(0)
  await page.screenshot({ path: '/tmp/history-shots/conversation.png' })
  await page.keyboard.press('Escape')
  await expect(conversation).toBeHidden()

  // the export holds the rows shown
  const shown = await hits.evaluateAll((rows) =>
    rows.map((r) => r.querySelector('.history-content')?.textContent ?? ''),
  )
  const downloading = page.waitForEvent('download')
  await page.getByTestId('history-export').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
  const file = await download.path()
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer)
  const rows: string[][] = []
  wb.worksheets[0]?.eachRow((row) => {
    const values = row.values as unknown[]
    rows.push(Array.from({ length: 12 }, (_, i) => String(values[i + 1] ?? '')))
  })
  expect(rows[0]?.[9]).toBe('内容')
  expect(rows.slice(1).map((r) => r[9])).toEqual(shown)
  expect(rows.slice(1).map((r) => r[2])).toEqual([name, name])
  expect(rows.slice(1).map((r) => r[3])).toEqual([number, number])
})

test('the team lead reads the chat history end to end, and none of its calls is refused', async ({
  page,
  context,
}) => {
  const number = randomNumber()
  const word = `quartz${Date.now().toString(36)}`
  const text = `Is the ${word} clock still in stock?`

  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(`Lead Customer ${number.slice(-5)}`)
  await sim.getByTestId('sim-new-phone-add').click()
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill(text)
  await sim.getByTestId('sim-send').click()
  await expect(sim.getByTestId('sim-messages')).toContainText(text)

  await page.bringToFront()
  await announcementsSeen(context)
  // every answer of the API the lead's pages get: the team lead is refused nothing it is shown
  const refused: string[] = []
  page.on('response', async (r) => {
    if (!r.url().includes('/damai/')) return
    const body = await r.json().catch(() => null)
    if (r.status() === 403 || (body as { code?: number } | null)?.code === 403) refused.push(r.url())
  })
  await signIn(page, demo.leader)
  await expect(page.getByTestId('home-greeting')).toBeVisible()
  await page.getByTestId('shortcut-/chatHistory/index').click()
  await expect(page).toHaveURL(/\/chatHistory\/index$/)
  await page.getByTestId('history-keyword').fill(word)
  const hits = page.locator('[data-testid^="history-hit-"]')
  await expect(async () => {
    await page.getByTestId('history-search').click()
    await expect(hits).toHaveCount(1, { timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  const hitId = (await hits.nth(0).getAttribute('data-testid'))?.replace('history-hit-', '')
  await page.getByTestId(`history-view-${hitId}`).click()
  const conversation = page.getByTestId('history-conversation')
  await expect(conversation.getByTestId('history-conversation-hit')).toContainText(text)
  await expect(conversation.getByTestId(`chat-reply-${hitId}`)).toHaveCount(0)
  expect(refused).toEqual([])
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { announcementsSeen, demo, signIn } from './support'

/** Demo Shop 1, linked on the first demo start. */
const SHOP = '8613800138000'
const randomNumber = () => `44770${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
/** Where screenshots of the list go, to look at the zh screen. */
const SHOTS = path.join(os.tmpdir(), 'fans-shots')

/** A customer on /sim who writes to the shop, and so becomes a customer of the demo tenant. */
async function customerWrites(context: BrowserContext, name: string): Promise<string> {
  const number = randomNumber()
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await expect(sim.getByTestId('sim-current-phone')).toContainText(name)
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill('hello, I would like a catalogue')
  const sent = sim.waitForResponse((r) => r.url().includes('/damai/sim/send'))
  await sim.getByTestId('sim-send').click()
  expect((await (await sent).json()).code).toBe(0)
  await sim.close()
  return number
}

async function search(page: Page, keyword: string): Promise<void> {
  await page.getByTestId('fan-filter-keyword').fill(keyword)
  await page.getByTestId('fan-filter-submit').click()
}

/** The export's rows under its header, as text. */
async function xlsxRows(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  const ws = wb.worksheets[0]
  const rows: string[][] = []
  ws?.eachRow((row) => {
    const values = row.values as unknown[]
    rows.push(Array.from({ length: ws.columnCount }, (_, i) => String(values[i + 1] ?? '')))
  })
  return rows
}

test('the supervisor searches the customers, sees the match marked, and exports what is shown', async ({
  page,
  context,
}) => {
  // a word only this run's customers carry, written in mixed case; the search uses lower case
  const token = `Fq${Date.now().toString(36).slice(-6)}`
  const names = [`${token} Anna`, `${token} Bruno`]
  const phones: string[] = []
  for (const name of names) phones.push(await customerWrites(context, name))

  await announcementsSeen(context)
  await signIn(page, demo.master)
  await page.goto('/fansManage/list')
  await expect(page.getByTestId('fan-table')).toBeVisible()
  // the customers arrive as their messages are stored: search until both are there
  await expect(async () => {
    await search(page, token.toLowerCase())
    await expect(page.getByTestId(/^fan-row-\d+$/)).toHaveCount(2, { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })

  const rows = page.getByTestId(/^fan-row-\d+$/)
  for (const name of names) await expect(rows.filter({ hasText: name })).toHaveCount(1)
  // the match is marked as typed in the name, whatever the case searched
  const marks = page.locator('[data-testid^="fan-name-"] mark.search-highlight')
  await expect(marks).toHaveCount(2)
  await expect(marks.first()).toHaveText(token)
  await expect(page.getByTestId('fan-total')).toContainText('2')
  await expect(rows.first()).toContainText('被动添加')
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, 'fans-list-zh.png'), fullPage: true })

  // the drawer shows the customer's session with a way to its chat
  await rows
    .filter({ hasText: names[0] as string })
    .getByRole('button', { name: '详情' })
    .click()
  await expect(page.getByTestId('fan-detail-fields')).toContainText(`+${phones[0]}`)
  await expect(page.getByTestId('fan-detail-sessions')).toContainText(`+${SHOP}`)
  await page.screenshot({ path: path.join(SHOTS, 'fans-detail-zh.png') })
  await page.keyboard.press('Escape')

  const shown = (await page.locator('[data-testid^="fan-name-"]').allInnerTexts()).map((t) => t.trim()).sort()
  const download = page.waitForEvent('download')
  await page.getByTestId('fan-export').click()
  const file = path.join(SHOTS, 'customers.xlsx')
  await (await download).saveAs(file)
  const [header, ...data] = await xlsxRows(file)
  expect(header?.[0]).toBe('昵称')
  expect(data).toHaveLength(2)
  // the WhatsApp names (column 2) and phones (column 4) of the rows shown
  expect(data.map((r) => r[1]).sort()).toEqual(shown)
  expect(data.map((r) => r[3]).sort()).toEqual([...phones].sort())
  expect(data.every((r) => r[5] === SHOP && r[6] === '被动添加')).toBe(true)
})

test('the supervisor imports phones into an account: per-line outcomes, nothing twice', async ({ page }) => {
  const fresh = [randomNumber(), randomNumber()]
  await announcementsSeen(page.context())
  await signIn(page, demo.master)
  await page.goto('/fansManage/list')
  await page.getByTestId('fan-import').click()
  await page.getByTestId('fan-import-account').click()
  await page.locator('.ant-select-item-option', { hasText: SHOP }).click()
  await page.getByTestId('fan-import-text').fill([...fresh, 'not a phone', fresh[0]].join('\n'))
  await page.getByTestId('fan-import-start').click()
  await expect(page.getByTestId('fan-import-summary')).toContainText(
    '新增 2，已是客户 1，非 WhatsApp 号码 0，无效行 1',
    {
      timeout: 20_000,
    },
  )
  await page.screenshot({ path: path.join(SHOTS, 'fans-import-zh.png') })
  await page.getByRole('button', { name: /取\s*消/ }).click()

  await search(page, fresh[0] as string)
  await expect(page.getByTestId(/^fan-row-\d+$/)).toHaveCount(1)
  await expect(page.getByTestId(/^fan-row-\d+$/)).toContainText('主动添加')
})

test("an agent's desk lists the customers of their sessions under 'my customer'", async ({
  page,
  context,
}) => {
  const name = `Fd${Date.now().toString(36).slice(-6)} Carla`
  await customerWrites(context, name)
  await announcementsSeen(context)
  await signIn(page, demo.agent)
  await page.goto('/customerServiceDesk/deskFansList')
  await expect(page.getByTestId('fan-table')).toBeVisible()
  await expect(async () => {
    await search(page, name)
    await expect(page.getByTestId(/^fan-row-\d+$/)).toHaveCount(1, { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  // the desk has no export: the supervisor's list does
  await expect(page.getByTestId('fan-export')).toHaveCount(0)
  await page.screenshot({ path: path.join(SHOTS, 'fans-desk-zh.png') })
})

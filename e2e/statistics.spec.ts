import { STATS_EXPORT_COLUMNS, STATS_EXPORT_SHEETS } from '@app/core'
import { expect, type Page, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { announcementsSeen, demo, signIn } from './support'

const SHOP = '8613800138000'
const randomNumber = () => `44773${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** The number a figure tile shows. */
async function tile(page: Page, key: string): Promise<number> {
  const text = await page
    .getByTestId(`stats-total-${key}`)
    .locator('.ant-statistic-content-value')
    .innerText()
  return Number(text.replace(/[^\d]/g, ''))
}

test("the supervisor sees today's figures change after a customer writes and the job runs, and exports them", async ({
  page,
  context,
}) => {
  await announcementsSeen(context)
  await signIn(page, demo.master)
  // home: the supervisor's figures of today
  await expect(page.getByTestId('home-figure-messagesIn')).toBeVisible()
  await expect(page.getByTestId('home-figure-expiringPorts')).toBeVisible()
  await page.screenshot({ path: '/tmp/stats-home-master.png', fullPage: true })

  await page.goto('/dataStatistics')
  await expect(page.getByTestId('stats-total-messagesIn')).toBeVisible()
  // the rollups of the demo's own traffic settle first; then the count stays put until someone writes
  await expect
    .poll(
      async () => {
        await page.getByTestId('stats-refresh').click()
        return page.getByTestId('stats-zone').innerText()
      },
      { timeout: 20_000 },
    )
    .toContain('数据更新至')
  const before = await tile(page, 'messagesIn')
  const fansBefore = await tile(page, 'newFans')

  // a new customer writes in to the shop from the simulated phone
  const number = randomNumber()
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(`Stats ${number.slice(-4)}`)
  await sim.getByTestId('sim-new-phone-add').click()
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill('What are your opening hours?')
  await sim.getByTestId('sim-send').click()
  await sim.close()

  // the rollup job runs every few seconds: refresh until today's figures include both the message
  // and its new customer. The demo's other traffic of today may still be rolling up, so a figure
  // can grow before this message is counted, and each grows by at least one.
  const refreshed = async () => {
    await page.getByTestId('stats-refresh').click()
    await expect(page.getByTestId('stats-refresh')).not.toHaveClass(/ant-btn-loading/)
    return { messagesIn: await tile(page, 'messagesIn'), newFans: await tile(page, 'newFans') }
  }
  await expect
    .poll(
      async () => {
        const now = await refreshed()
        return now.messagesIn > before && now.newFans > fansBefore
      },
      { timeout: 40_000, intervals: [1_000] },
    )
    .toBe(true)
  const shown = await tile(page, 'messagesIn')
  await page.screenshot({ path: '/tmp/stats-page.png', fullPage: true })
  await page.getByText('English', { exact: true }).click()
  await expect(page.getByTestId('stats-export')).toContainText('Export Excel')
  await page.screenshot({ path: '/tmp/stats-page-en.png', fullPage: true })
  await page.getByText('中文', { exact: true }).click()
  await expect(page.getByTestId('stats-export')).toContainText('导出')

  // the export: one sheet per day, account and agent, with the stated columns, in the user's language
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('stats-export').click(),
  ])
  const file = `/tmp/stats-export-${Date.now()}.xlsx`
  await download.saveAs(file)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  const sheets = STATS_EXPORT_SHEETS.zh
  expect(wb.worksheets.map((w) => w.name)).toEqual([sheets.days, sheets.accounts, sheets.agents])
  const days = wb.getWorksheet(sheets.days)
  expect(((days?.getRow(1).values ?? []) as unknown[]).slice(1)).toEqual([...STATS_EXPORT_COLUMNS.zh])
  const total = ((days?.getRow(days.rowCount).values ?? []) as unknown[]).slice(1)
  expect(total[0]).toBe(sheets.total)
  // the file is made on the click, so it holds at least what the page showed a moment before
  expect(total[1]).toBeGreaterThanOrEqual(shown)
})

import path from 'node:path'
import { expect, type Locator, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { announcementsSeen, apiAs, demo, signIn } from './support'

const SHOP = '8613800138000'
const randomNumber = () => `44772${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** The data of a successful API answer. */
async function dataOf<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string; data: T }
  expect(body.code, body.msg).toBe(0)
  return body.data
}

/**
 * What a paused task holds in the server's database: its working lanes, the lanes' messages not
 * settled by the outbox, whether the time of its recipients' next sentence has come, and the
 * sentences written.
 */
function pausedState(taskId: number) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'app.db'), {
    readonly: true,
    fileMustExist: true,
  })
  try {
    const one = (sql: string) => (db.prepare(sql).get(taskId) as { n: number | null }).n
    const nextAt = one('select max(next_at) as n from mass_send_recipients where task_id = ?')
    return {
      lanesActive: one('select count(*) as n from mass_send_lanes where task_id = ? and active = 1'),
      inFlight: one(
        `select count(*) as n from mass_send_lanes l join messages m on m.id = l.last_message_id
         where l.task_id = ? and m.status in ('requested', 'sending')`,
      ),
      nextSentenceDue: nextAt !== null && nextAt <= Date.now(),
      sentences: one('select count(*) as n from mass_send_items where task_id = ?'),
    }
  } finally {
    db.close()
  }
}

/** A choice of an antd select, by the text of the option. */
async function choose(page: Page, select: Locator, title: string) {
  await select.click()
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click()
  await page.keyboard.press('Escape')
}

async function addText(page: Page, text: string) {
  await page.getByTestId('mass-send-sentence-add').click()
  await page.getByTestId('mass-send-sentence-text').fill(text)
  await page.getByTestId('mass-send-sentence-save').click()
  await expect(page.getByTestId('mass-send-sentence-dialog').locator('.ant-modal')).toBeHidden()
}

test('the supervisor sends to customers by label, pauses and resumes; the customer gets the sentences in order', async ({
  page,
  context,
  request,
}) => {
  // a customer writes in to the shop from the simulated phone
  const number = randomNumber()
  const name = `Mass Customer ${number.slice(-5)}`
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill('Any offers this week?')
  await sim.getByTestId('sim-send').click()

  // the supervisor labels that customer (through the API: labelling has its own tests)
  const headers = await apiAs(request, demo.master)
  let fanId = 0
  await expect
    .poll(
      async () => {
        const found = await dataOf<{ list: { id: number }[] }>(
          request.post('/damai/customer/fans/page', {
            headers,
            data: { filter: { keyword: number }, pageSize: 5 },
          }),
        )
        fanId = found.list[0]?.id ?? 0
        return fanId
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0)
  const label = `Offer${Date.now().toString(36)}`
  const { id: labelId } = await dataOf<{ id: number }>(
    request.post('/damai/customer/label', { headers, data: { name: label } }),
  )
  await dataOf(
    request.post('/damai/customer/label/fan/add', {
      headers,
      data: { fanIds: [fanId], labelIds: [labelId] },
    }),
  )

  // the task: three sentences, five seconds apart
  await page.bringToFront()
  await announcementsSeen(context)
  await signIn(page, demo.master)
  await page.goto('/marketing/addFansGroupSend')
  await page.getByTestId('mass-send-create').click()
  const taskName = `Weekly offer ${number.slice(-5)}`
  await page.getByTestId('mass-send-name').fill(taskName)
  await page.getByTestId('mass-send-audience-customers').click()
  await choose(page, page.getByTestId('mass-send-include-labels'), label)
  await expect(page.getByTestId('mass-send-audience-count')).toContainText('1')
  const stamp = Date.now().toString(36)
  const sentences = [`First: hello ${stamp}`, `Second: our offer ${stamp}`, `Third: see you ${stamp}`]
  for (const s of sentences) await addText(page, s)
  for (const [field, value] of [
    ['sentenceInterval-min', '5'],
    ['sentenceInterval-max', '5'],
    ['sendCount-min', '1'],
    ['sendCount-max', '1'],
    ['customerInterval-min', '0'],
    ['customerInterval-max', '0'],
  ])
    await page.getByTestId(`mass-send-${field}`).fill(value)
  await page.getByTestId('mass-send-submit').click()
  await expect(page.getByTestId('mass-send-form').locator('.ant-drawer-content')).toBeHidden()

  // the row follows the task live: the messages count moves without a reload
  const row = page.getByTestId(/^mass-send-row-\d+$/).filter({ hasText: taskName })
  const taskId = (await row.getAttribute('data-testid'))?.replace('mass-send-row-', '')
  const status = page.getByTestId(`mass-send-status-${taskId}`)
  const counts = page.getByTestId(`mass-send-counts-${taskId}`)
  await expect(status).toHaveAttribute('data-status', 'executing', { timeout: 20_000 })
  await expect(counts).toHaveAttribute('data-messages', '1', { timeout: 20_000 })

  // paused after the first sentence: nothing more goes out
  await page.getByTestId(`mass-send-pause-${taskId}`).click()
  await expect(status).toHaveAttribute('data-status', 'paused')
  const sentWhenPaused = Number(await counts.getAttribute('data-messages'))
  expect(sentWhenPaused).toBeLessThan(3)
  // the proof by the task's state: its lanes are stopped with no message in flight, and the
  // time its recipient's next sentence was due has passed, yet no further sentence was written
  await expect
    .poll(() => pausedState(Number(taskId)), { timeout: 20_000 })
    .toEqual({ lanesActive: 0, inFlight: 0, nextSentenceDue: true, sentences: sentWhenPaused })
  await expect(counts).toHaveAttribute('data-messages', String(sentWhenPaused))
  await expect(page.getByTestId(`mass-send-delete-${taskId}`)).toBeVisible()

  // resumed where it stopped, to the end
  await page.getByTestId(`mass-send-resume-${taskId}`).click()
  await expect(status).toHaveAttribute('data-status', 'executing')
  await expect(page.getByTestId(`mass-send-delete-${taskId}`)).toHaveCount(0)
  await expect(counts).toHaveAttribute('data-messages', '3', { timeout: 30_000 })
  await expect(status).toHaveAttribute('data-status', 'completed', { timeout: 30_000 })

  // the customer's phone got each sentence once, in order
  await sim.bringToFront()
  const chat = sim.getByTestId('sim-messages')
  await expect(chat).toContainText(sentences[2] as string, { timeout: 15_000 })
  const text = (await chat.textContent()) ?? ''
  const at = sentences.map((s) => text.indexOf(s))
  expect(at.every((i) => i >= 0)).toBe(true)
  expect([...at].sort((a, b) => a - b)).toEqual(at)
  for (const s of sentences) expect(text.split(s).length - 1).toBe(1)

  // the log: the recipient with its three sentences
  await page.bringToFront()
  await page.getByTestId(`mass-send-log-${taskId}`).click()
  await expect(page.getByTestId('mass-send-counter-messagesSent')).toContainText('3')
  const recipient = page.getByTestId(/^mass-send-recipient-\d+$/).first()
  await expect(recipient).toHaveAttribute('data-state', 'sent')
  await expect(recipient).toContainText(number)
})

import { execFileSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { announcementsSeen, demo, signIn } from './support'

const SHOP = '8613800138000'
const randomNumber = () => `44771${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** A 320×320 PNG, made by ffmpeg (installed for the server's conversions). */
function samplePng(): string {
  const file = path.join(os.tmpdir(), `desk-e2e-${process.pid}.png`)
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x320',
    '-frames:v',
    '1',
    file,
  ])
  return file
}

const messageWith = (page: Page, text: string) =>
  page.getByTestId(/^chat-message-\d+$/).filter({ hasText: text })

test('the agent answers with an image, a file, a location and a card; quotes, withdraws, translates; the customer sees each', async ({
  page,
  context,
}) => {
  const number = randomNumber()
  const nameC = `Desk Customer C ${number.slice(-5)}`
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(nameC)
  await sim.getByTestId('sim-new-phone-add').click()
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  const question = `Can you send the catalogue? ${Date.now()}`
  await sim.getByTestId('sim-composer-input').fill(question)
  await sim.getByTestId('sim-send').click()

  // the agent's own screen in front: a page behind another tab gets no animation frames
  await page.bringToFront()
  await announcementsSeen(context)
  await signIn(page, demo.agent)
  // an agent lands on the desk: opening it a second time at once could race the first for the
  // agent's one live desk
  await expect(page).toHaveURL(/\/customerServiceDesk\/deskSession/)
  await page
    .getByTestId(/^desk-session-\d+$/)
    .filter({ hasText: nameC })
    .click()
  await expect(messageWith(page, question)).toBeVisible()

  // an image and a file, picked from disk
  await page.getByTestId('chat-file-input-image').setInputFiles(samplePng())
  await page.getByTestId('chat-file-input-file').setInputFiles({
    name: 'price-list.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('red: 10 EUR\nblue: 12 EUR\n'),
  })
  // a location typed by hand (the map tiles are out of reach here) and a contact card
  await page.getByTestId('chat-location').click()
  const numberInput = (id: string) => page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`)
  await numberInput('chat-location-lat').fill('41.9028')
  await numberInput('chat-location-lng').fill('12.4964')
  await page.getByTestId('chat-location-name').fill('Our shop in Rome')
  await page.getByTestId('chat-location-submit').click()
  await page.getByTestId('chat-card').click()
  await page.getByTestId('chat-card-name-0').fill('Marco Sales')
  await page.getByTestId('chat-card-phone-0').fill('393331234567')
  await page.getByTestId('chat-card-submit').click()

  await sim.bringToFront()
  const kinds = async () =>
    sim
      .locator('[data-testid^="sim-message-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))
  await expect
    .poll(kinds, { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['image', 'document', 'location', 'contact']))
  await expect(sim.getByTestId('sim-messages')).toContainText('Our shop in Rome')
  await expect(sim.getByTestId('sim-messages')).toContainText('Marco Sales')

  // a quoted answer, then withdrawn
  await page.bringToFront()
  const asked = messageWith(page, question)
  const askedId = (await asked.getAttribute('data-testid'))?.replace('chat-message-', '')
  await asked.hover()
  await page.getByTestId(`chat-reply-${askedId}`).click()
  await expect(page.getByTestId('chat-quote-bar')).toContainText('catalogue')
  const answer = `Here it is, see above ${Date.now()}`
  await page.getByTestId('chat-input').fill(answer)
  await page.getByTestId('chat-send').click()
  const mine = messageWith(page, answer)
  await expect(mine.getByTestId('chat-quoted')).toContainText('catalogue')
  await expect(mine).toHaveAttribute('data-status', 'sent', { timeout: 10_000 })
  await sim.bringToFront()
  await expect(sim.getByTestId('sim-messages')).toContainText(answer)
  await page.bringToFront()
  const mineId = (await mine.getAttribute('data-testid'))?.replace('chat-message-', '')
  await mine.hover()
  await page.getByTestId(`chat-revoke-${mineId}`).click()
  await page.getByTestId(`chat-revoke-confirm-${mineId}`).click()
  await expect(page.getByTestId(`chat-message-${mineId}`)).toHaveAttribute('data-status', 'withdrawn', {
    timeout: 10_000,
  })
  await sim.bringToFront()
  await expect(sim.getByTestId('sim-messages')).not.toContainText(answer, { timeout: 10_000 })

  // the original / translated toggle (the test server's translation service tags the language)
  await page.bringToFront()
  await asked.hover()
  await page.getByTestId(`chat-translate-${askedId}`).click()
  await expect(asked).toContainText(`[zh] ${question}`)
  await asked.hover()
  await page.getByTestId(`chat-translate-${askedId}`).click()
  await expect(asked).not.toContainText('[zh]')
})

test('the agent records a voice note and sends a material; the customer gets both', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['microphone'])
  // a personal material of agent1, made through the API
  const login = await request.post('/damai/system/auth/login', {
    data: { username: demo.agent.username, password: demo.agent.password },
  })
  const { accessToken, tenantId } = (
    (await login.json()) as { data: { accessToken: string; tenantId: number } }
  ).data
  const greeting = `Welcome to our shop! ${Date.now()}`
  const created = await request.post('/damai/customer/material', {
    headers: { authorization: `Bearer ${accessToken}`, 'tenant-id': String(tenantId) },
    data: { ownerType: 2, name: 'Greeting', content: { type: 'text', text: greeting } },
  })
  const material = (await created.json()) as { code: number; data: { id: number } }
  expect(material.code).toBe(0)

  const number = randomNumber()
  const nameD = `Desk Customer D ${number.slice(-5)}`
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(nameD)
  await sim.getByTestId('sim-new-phone-add').click()
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  await sim.getByTestId('sim-composer-input').fill('hello?')
  await sim.getByTestId('sim-send').click()

  // the agent's own screen in front: a page behind another tab gets no animation frames
  await page.bringToFront()
  await announcementsSeen(context)
  await signIn(page, demo.agent)
  // an agent lands on the desk: opening it a second time at once could race the first for the
  // agent's one live desk
  await expect(page).toHaveURL(/\/customerServiceDesk\/deskSession/)
  await page
    .getByTestId(/^desk-session-\d+$/)
    .filter({ hasText: nameD })
    .click()
  await expect(messageWith(page, 'hello?')).toBeVisible()

  // voice: Chromium's fake microphone records a tone; the server turns the WebM into Ogg
  await page.getByTestId('chat-voice').click()
  await expect(page.getByTestId('chat-recording')).toBeVisible()
  // at least a second of sound recorded, as the running time shows
  await expect(page.getByTestId('chat-recording-time')).not.toHaveText('0:00')
  await page.getByTestId('chat-recording-send').click()

  // a material from the personal library
  await page.getByTestId('chat-material').click()
  // a click while the dialog still opens may not reach the tab: clicked until it is the chosen one
  const mine = page.getByTestId('material-picker').getByRole('tab', { name: '我的素材' })
  await expect(async () => {
    await mine.click()
    await expect(mine).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 })
  }).toPass({ timeout: 10_000 })
  await page.getByTestId(`material-pick-${material.data.id}`).click()

  await sim.bringToFront()
  await expect(sim.getByTestId('sim-messages')).toContainText(greeting, { timeout: 20_000 })
  const kinds = async () =>
    sim
      .locator('[data-testid^="sim-message-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))
  await expect.poll(kinds, { timeout: 20_000 }).toContain('audio')
})

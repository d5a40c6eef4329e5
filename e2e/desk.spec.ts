import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { announcementsSeen, demo, signIn } from './support'

/** Demo Shop 1, linked on the first demo start and handed to agent1. */
const SHOP = '8613800138000'
const randomNumber = () => `44770${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** A customer's phone on /sim, with a chat open to the shop. */
async function customer(
  context: BrowserContext,
  label: string,
): Promise<{ sim: Page; number: string; name: string }> {
  const number = randomNumber()
  // unique per run, so a retried test on the same server finds only its own customer
  const name = `${label} ${number.slice(-5)}`
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await expect(sim.getByTestId('sim-current-phone')).toContainText(name)
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  return { sim, number, name }
}

async function write(sim: Page, text: string): Promise<void> {
  await sim.getByTestId('sim-composer-input').fill(text)
  const sent = sim.waitForResponse((r) => r.url().includes('/damai/sim/send'))
  await sim.getByTestId('sim-send').click()
  expect((await (await sent).json()).code).toBe(0)
}

async function openDesk(page: Page, user = demo.agent): Promise<void> {
  // announcements published by other tests would cover the header
  await announcementsSeen(page.context())
  await signIn(page, user)
  await page.goto('/customerServiceDesk/deskSession')
  await expect(page.getByTestId('desk-session-list')).toBeVisible()
}

/**
 * Records what the page asks its audio elements to play: the source, the sound's length once the
 * browser has read it, and whether the browser played it.
 */
const RECORD_SOUNDS = `
  window.sounds = []
  const play = HTMLMediaElement.prototype.play
  HTMLMediaElement.prototype.play = function () {
    const sound = { src: this.currentSrc || this.src, result: 'pending', seconds: 0 }
    window.sounds.push(sound)
    const read = () => { sound.seconds = this.duration }
    if (this.readyState >= 1) read(); else this.addEventListener('loadedmetadata', read, { once: true })
    const started = play.call(this)
    started.then(() => { sound.result = 'played' }, (e) => { sound.result = e.name })
    return started
  }
`
interface Sound {
  src: string
  result: string
  seconds: number
}

const sessionRow = (page: Page, name: string) =>
  page.getByTestId(/^desk-session-\d+$/).filter({ hasText: name })

test('a customer writes from /sim: the agent sees it at once, answers, and the ticks turn to read', async ({
  page,
  context,
}) => {
  await page.addInitScript(RECORD_SOUNDS)
  await openDesk(page)
  // a mark on this page's window: still there afterwards, it proves the page never reloaded
  await page.evaluate(() => Object.assign(window, { deskNeverReloaded: true }))
  const { sim, name } = await customer(context, 'Desk Customer A')
  const hello = `Hello, is the red one in stock? ${Date.now()}`
  await write(sim, hello)
  // the desk list does not poll: the socket brings it, with no reload
  await expect(sessionRow(page, name)).toContainText(hello)
  expect(await page.evaluate(() => 'deskNeverReloaded' in window)).toBe(true)
  // the message chimed (the demo tenant's sound is on): a sound the browser can read and play
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sounds: Sound[] }).sounds.at(-1)))
    .toMatchObject({
      src: expect.stringMatching(/^blob:/),
      result: 'played',
      seconds: expect.closeTo(0.4, 2),
    })

  await page.bringToFront()
  await sessionRow(page, name).click()
  await expect(page.getByTestId('chat-box')).toContainText(hello)
  const answer = `Yes, we have it. ${Date.now()}`
  await page.getByTestId('chat-input').fill(answer)
  await page.getByTestId('chat-send').click()
  const mine = page.getByTestId(/^chat-message-\d+$/).filter({ hasText: answer })
  await expect(mine).toHaveAttribute('data-status', 'sent', { timeout: 10_000 })

  // the customer sees it, opens the chat (reads it), and the agent's ticks turn to read
  await sim.bringToFront()
  await expect(sim.getByTestId('sim-messages')).toContainText(answer)
  await page.bringToFront()
  await expect(mine).toHaveAttribute('data-delivery', 'read', { timeout: 10_000 })
})

test('a blocked session refuses to send with the spec message, and the text stays', async ({
  page,
  context,
}) => {
  await openDesk(page)
  const { sim, name } = await customer(context, 'Desk Customer B')
  await write(sim, `spam ${Date.now()}`)
  await page.bringToFront()
  const row = sessionRow(page, name)
  await row.click()
  const id = (await row.getAttribute('data-testid'))?.replace('desk-session-', '')
  await page.getByTestId(`desk-session-actions-${id}`).click()
  await page.getByTestId('desk-action-block').click()
  const confirm = page.getByRole('dialog').filter({ hasText: '拉黑' })
  await confirm.getByRole('button', { name: /确\s*[认定]/ }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByTestId('desk-chat-flag-blocked')).toBeVisible()
  await page.getByTestId('chat-input').fill('are you there?')
  // a refusal answered within 300 ms of another answer (the calls that follow the block) shows no
  // toast of its own (a burst of failures shows one): the send is tried again until one shows
  await expect(async () => {
    await page.getByTestId('chat-send').click()
    await expect(page.getByText('会话已拉黑，无法发送')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(page.getByTestId('chat-input')).toHaveValue('are you there?')
})

test('only one live desk per agent: the older one is told a supervisor took it (433)', async ({
  page,
  browser,
}) => {
  await openDesk(page)
  const other = await (browser as Browser).newContext()
  const boss = await other.newPage()
  await openDesk(boss, demo.master)
  await boss.getByTestId('desk-acting-agent').click()
  await boss.locator('.ant-select-item-option').filter({ hasText: 'Alice' }).click()
  await expect(page.getByText('主管已经登录到了其他客服台')).toBeVisible({ timeout: 10_000 })
  await other.close()
})

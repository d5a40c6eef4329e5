import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { announcementsSeen, apiAs, demo, signIn } from './support'

/** Demo Shop 1, handed to agent1. */
const SHOP = '8613800138000'
const REPLY = 'AI: yes, we ship to Spain within 5 days.'
const randomNumber = () => `44773${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** An OpenAI-compatible chat-completions service started by the flow: it records each request and answers REPLY. */
const asked: {
  authorization?: string
  body: { model: string; messages: { role: string; content: string }[] }
}[] = []
let provider: Server
let providerUrl = ''

test.beforeAll(async () => {
  provider = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8')
    })
    req.on('end', () => {
      asked.push({ authorization: req.headers.authorization, body: JSON.parse(raw || '{}') })
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: REPLY }, finish_reason: 'stop' }],
          usage: { total_tokens: 30 },
        }),
      )
    })
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`
})

/** The settings go back to the defaults, so later flows meet the demo tenant as seeded. */
test.afterAll(async ({ request }) => {
  const headers = await apiAs(request, demo.master)
  const current = await (await request.get('/damai/customer/tenantSetting/get', { headers })).json()
  const { platformOptOutWords: _p, aiUsage: _u, ai, ...rest } = current.data
  const { apiKeySet: _s, apiKeyHint: _h, ...provider } = ai
  await request.put('/damai/customer/tenantSetting/update', {
    headers,
    data: { ...rest, pageTitle: '', optOutWords: null, ai: { ...provider, enabled: false } },
  })
  await new Promise<void>((resolve) => providerServer().close(() => resolve()))
})
const providerServer = () => provider

async function customer(context: BrowserContext): Promise<{ sim: Page; name: string }> {
  const number = randomNumber()
  const name = `AI Customer ${number.slice(-5)}`
  const sim = await context.newPage()
  await sim.goto('/sim')
  await sim.getByTestId('sim-new-phone-input').fill(`+${number}`)
  await sim.getByTestId('sim-new-phone-name').fill(name)
  await sim.getByTestId('sim-new-phone-add').click()
  await expect(sim.getByTestId('sim-current-phone')).toContainText(name)
  await sim.getByTestId('sim-new-chat-input').fill(SHOP)
  await sim.getByTestId('sim-new-chat-open').click()
  return { sim, name }
}

async function write(sim: Page, text: string): Promise<void> {
  await sim.getByTestId('sim-composer-input').fill(text)
  const sent = sim.waitForResponse((r) => r.url().includes('/damai/sim/send'))
  await sim.getByTestId('sim-send').click()
  expect((await (await sent).json()).code).toBe(0)
}

test('the supervisor sets up AI reply and an opt-out word; the agent turns AI reply on; the customer gets the AI answer', async ({
  page,
  context,
  browser,
  request,
}) => {
  await announcementsSeen(context)
  await signIn(page, demo.master)
  await page.goto('/Setting/index')
  const title = page.getByTestId('settings-page-title')
  await expect(title).toBeEditable()

  // a bad entry is refused with its message in the user's language
  await title.fill('x'.repeat(51))
  await page.getByTestId('settings-save').click()
  await expect(page.getByText('页面标题最多50个字符')).toBeVisible()
  await title.fill('演示客服中心')

  // the tenant's own opt-out word
  await page.getByTestId('settings-opt-out-mode').getByText('使用本企业的退订词').click()
  const words = page.getByTestId('settings-opt-out-words')
  await words.click()
  await page.keyboard.type('TDquit')
  await page.keyboard.press('Enter')

  // the AI provider: enabling it without an address is refused first
  await page.getByTestId('settings-ai-enabled').click()
  await page.getByTestId('settings-save').click()
  await expect(page.getByText('开启AI回复需要填写接口地址')).toBeVisible()
  await page.getByTestId('settings-ai-url').fill(providerUrl)
  await page.getByTestId('settings-ai-key').fill('sk-e2e-secret-1234')
  await page.getByTestId('settings-ai-model').fill('gpt-e2e')
  await page.getByTestId('settings-ai-prompt').fill('You are the demo shop assistant.')
  await page.getByTestId('settings-ai-delay').fill('0')
  const saved = page.waitForResponse((r) => r.url().includes('/damai/customer/tenantSetting/update'))
  await page.getByTestId('settings-save').click()
  expect((await (await saved).json()).code).toBe(0)
  await expect(page.getByText('已保存尾号为 1234 的密钥，留空则保留')).toBeVisible()
  // the page title is the tenant's now
  await expect(page.getByTestId('sidebar-logo')).toContainText('演示客服中心')
  await page.screenshot({ path: '/tmp/p3-settings.png', fullPage: true })

  // a customer writes in from the simulated phone
  const { sim, name } = await customer(context)
  await write(sim, 'Hello, is anyone there?')

  // the agent turns AI reply on for that session at the desk
  const agentContext = await browser.newContext()
  await announcementsSeen(agentContext)
  const desk = await agentContext.newPage()
  await signIn(desk, demo.agent)
  await desk.goto('/customerServiceDesk/deskSession')
  const row = desk.getByTestId(/^desk-session-\d+$/).filter({ hasText: name })
  await row.click()
  const id = (await row.getAttribute('data-testid'))?.replace('desk-session-', '')
  await desk.getByTestId(`desk-session-actions-${id}`).click()
  await desk.getByTestId('desk-action-aiOn').click()
  await expect(desk.getByTestId('desk-chat-flag-ai')).toBeVisible()

  // the customer asks; the AI answer reaches the phone, and shows at the desk
  await write(sim, 'Do you ship to Spain?')
  await expect(sim.getByTestId('sim-messages')).toContainText(REPLY, { timeout: 20_000 })
  await expect(desk.getByTestId('chat-box')).toContainText(REPLY)
  const last = asked.at(-1)
  expect(last?.authorization).toBe('Bearer sk-e2e-secret-1234')
  expect(last?.body.model).toBe('gpt-e2e')
  expect(last?.body.messages[0]).toEqual({ role: 'system', content: 'You are the demo shop assistant.' })
  expect(last?.body.messages.at(-1)).toEqual({ role: 'user', content: 'Do you ship to Spain?' })
  await desk.screenshot({ path: '/tmp/p3-desk-ai.png' })

  // the tenant's opt-out word, in another case, forbids mass sends to the customer
  await write(sim, ' tdquit ')
  const headers = await apiAs(request, demo.agent)
  await expect
    .poll(async () => {
      const res = await request.post('/damai/customer/session/detail', {
        headers,
        data: { sessionId: Number(id) },
      })
      return ((await res.json()) as { data: { session: { massSendEnabled: boolean } } }).data.session
        .massSendEnabled
    })
    .toBe(false)
  await agentContext.close()
})

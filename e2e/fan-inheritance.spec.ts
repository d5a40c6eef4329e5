import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { announcementsSeen, type DemoUser, demo, signIn } from './support'

/** Demo Shop 1, linked on the first demo start and handed to agent1 (Alice): the receiving account. */
const SHOP = '8613800138000'
const shots = process.env.INHERIT_SHOTS ?? '/tmp/inherit-shots'
const randomNumber = (prefix: string) =>
  `${prefix}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

type Headers = Record<string, string>

/** The demo supervisor's API headers (the simulated network's setup goes through the API). */
async function supervisor(request: APIRequestContext): Promise<Headers> {
  const res = await request.post('/damai/system/auth/login', {
    data: { username: demo.master.username, password: demo.master.password },
  })
  const body = (await res.json()) as { code: number; data: { accessToken: string; tenantId: number } }
  expect(body.code).toBe(0)
  return { authorization: `Bearer ${body.data.accessToken}`, 'tenant-id': String(body.data.tenantId) }
}

async function ok<T>(res: Promise<{ json: () => Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string; data: T }
  expect(body.code, body.msg).toBe(0)
  return body.data
}

/** A new number of the demo tenant, linked by a QR its phone scans on the simulated network. */
async function linkShop(request: APIRequestContext, headers: Headers, shop: string): Promise<number> {
  const { accountId } = await ok<{ accountId: number }>(
    request.post('/damai/customer/wsAccount/loginQr', { headers, data: {} }),
  )
  await ok(request.post('/damai/sim/phones', { data: { phone: shop, name: 'Lost shop' } }))
  const qrs = await ok<{ accountId: number; qr: string }[]>(request.get('/damai/sim/qrs'))
  const qr = qrs.find((q) => q.accountId === accountId)?.qr
  expect(qr).toBeTruthy()
  await ok(request.post('/damai/sim/scan', { data: { phone: shop, qr } }))
  await expect
    .poll(async () => {
      const s = await ok<{ accountStatus: string }>(
        request.get('/damai/customer/wsAccount/loginStatus', { headers, params: { accountId } }),
      )
      return s.accountStatus
    })
    .toBe('online')
  return accountId
}

/** A customer writes to the shop from the simulated network; answers the name the desk shows. */
async function customerWrites(request: APIRequestContext, shop: string, label: string): Promise<string> {
  const number = randomNumber('44772')
  const name = `${label} ${number.slice(-5)}`
  await ok(request.post('/damai/sim/phones', { data: { phone: number, name } }))
  await ok(
    request.post('/damai/sim/send', {
      data: { phone: number, to: shop, content: { kind: 'text', text: `Hello from ${name}` } },
    }),
  )
  return name
}

async function signedIn(browser: Browser, user: DemoUser): Promise<Page> {
  const context = await browser.newContext()
  // announcements published by other tests would cover the header
  await announcementsSeen(context)
  const page = await context.newPage()
  await signIn(page, user)
  return page
}

async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).click()
}

test("a banned number's customers are handed to Demo Shop 1 and show on its agent's open desk", async ({
  browser,
  request,
}) => {
  const headers = await supervisor(request)
  const lost = randomNumber('861390')
  await linkShop(request, headers, lost)
  const first = await customerWrites(request, lost, 'Heir A')
  const second = await customerWrites(request, lost, 'Heir B')

  // the number is banned on the simulated network: the product sees it banned
  await ok(request.post('/damai/sim/fault', { data: { phone: lost, fault: 'ban' } }))

  // agent1 (Alice) has Demo Shop 1's desk open: the handed customers must arrive without a reload
  const desk = await signedIn(browser, demo.agent)
  await desk.goto('/customerServiceDesk/deskSession')
  await expect(desk.getByTestId('desk-session-list')).toBeVisible()
  await desk.evaluate(() => Object.assign(window, { deskNeverReloaded: true }))
  await expect(desk.getByTestId(/^desk-session-\d+$/).filter({ hasText: first })).toHaveCount(0)

  // the supervisor hands every customer of the lost number to Demo Shop 1
  const boss = await signedIn(browser, demo.master)
  await boss.goto('/fansManage/fanInheritance')
  await expect(boss.getByTestId('inherit-form')).toBeVisible()
  await choose(boss, 'inherit-source', lost)
  await expect(boss.getByTestId('inherit-all-hint')).toContainText('2')
  await choose(boss, 'inherit-target', SHOP)
  await boss.screenshot({ path: `${shots}/inheritance-form.png`, fullPage: true })
  const done = boss.waitForResponse((r) => r.url().endsWith('/damai/customer/fanInheritance'))
  await boss.getByTestId('inherit-submit').click()
  const record = (await (await done).json()) as {
    code: number
    data: { id: number; moved: number; repeat: number }
  }
  expect(record.code).toBe(0)
  expect(record.data).toMatchObject({ moved: 2, repeat: 0 })
  const row = boss.getByTestId(`inherit-record-${record.data.id}`)
  await expect(row).toContainText(`+${lost}`)
  await expect(row).toContainText(`+${SHOP}`)
  await boss.screenshot({ path: `${shots}/inheritance-records.png`, fullPage: true })

  // both customers are on Alice's desk now, as Demo Shop 1's sessions, and the page never reloaded
  await desk.bringToFront()
  for (const name of [first, second])
    await expect(desk.getByTestId(/^desk-session-\d+$/).filter({ hasText: name })).toBeVisible()
  expect(await desk.evaluate(() => 'deskNeverReloaded' in window)).toBe(true)

  // a second hand-over of the same customers flags them as repeats and adds nothing
  await boss.bringToFront()
  await choose(boss, 'inherit-source', lost)
  await choose(boss, 'inherit-target', SHOP)
  const again = boss.waitForResponse((r) => r.url().endsWith('/damai/customer/fanInheritance'))
  await boss.getByTestId('inherit-submit').click()
  const repeat = (await (await again).json()) as { data: { moved: number; repeat: number } }
  expect(repeat.data).toMatchObject({ moved: 0, repeat: 2 })
})

test("the supervisor's invalid customers and deletion records cover the agents' desks", async ({
  browser,
  request,
}) => {
  const name = await customerWrites(request, SHOP, 'Invalid C')
  // agent1 marks the customer invalid at the desk
  const desk = await signedIn(browser, demo.agent)
  await desk.goto('/customerServiceDesk/deskSession')
  const session = desk.getByTestId(/^desk-session-\d+$/).filter({ hasText: name })
  await expect(session).toBeVisible()
  const sessionId = Number((await session.getAttribute('data-testid'))?.replace('desk-session-', ''))
  const agentHeaders = await (async () => {
    const res = await request.post('/damai/system/auth/login', {
      data: { username: demo.agent.username, password: demo.agent.password },
    })
    const body = (await res.json()) as { data: { accessToken: string } }
    return { authorization: `Bearer ${body.data.accessToken}` }
  })()
  await ok(
    request.put('/damai/customer/session/flag', {
      headers: agentHeaders,
      data: { sessionId, flag: 'invalid', value: true },
    }),
  )

  // the supervisor finds it among every agent's invalid customers, searches it, and deletes it
  const boss = await signedIn(browser, demo.master)
  await boss.goto('/fansManage/invalidFansList')
  await boss.getByTestId('invalid-filter-keyword').locator('input').fill(name)
  await boss.getByTestId('invalid-filter-search').click()
  await expect(boss.getByTestId(`invalid-row-${sessionId}`)).toContainText(name)
  await boss.screenshot({ path: `${shots}/invalid-list.png`, fullPage: true })
  await boss.getByTestId(`invalid-delete-${sessionId}`).click()
  await boss.getByTestId('desk-delete-reason').fill('Not a real lead')
  await boss.getByTestId('desk-delete-confirm').fill('del')
  await boss.getByTestId('desk-delete-submit').click()
  await expect(boss.getByTestId(`invalid-row-${sessionId}`)).toHaveCount(0)

  // the deletion record: who, when, why, what
  await boss.goto('/fansManage/invalidFansDelete')
  await boss.getByTestId('invalid-filter-keyword').locator('input').fill(name)
  await boss.getByTestId('invalid-filter-search').click()
  const record = boss.getByTestId('deletion-records').locator('tr').filter({ hasText: name })
  await expect(record).toContainText('Not a real lead')
  await expect(record).toContainText(`+${SHOP}`)
  await boss.screenshot({ path: `${shots}/deletion-records.png`, fullPage: true })
})

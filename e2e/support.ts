import path from 'node:path'
import { AnnouncementStatus } from '@app/core'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'

export interface DemoUser {
  username: string
  password: string
  enterprise: string
}

/** The headers of an API call signed in as `user` (a flow's set-up or clean-up through the console's own API). */
export async function apiAs(request: APIRequestContext, user: DemoUser): Promise<Record<string, string>> {
  const login = await request.post('/damai/system/auth/login', {
    data: { username: user.username, password: user.password },
  })
  const { accessToken, tenantId } = (
    (await login.json()) as { data: { accessToken: string; tenantId: number } }
  ).data
  return { authorization: `Bearer ${accessToken}`, 'tenant-id': String(tenantId) }
}

export const demo = {
  admin: { username: 'admin', password: 'Admin123', enterprise: 'platform' },
  operations: { username: 'operations', password: 'Oper2468', enterprise: 'platform' },
  business: { username: 'business', password: 'Busi2468', enterprise: 'platform' },
  master: { username: 'master', password: 'Master123', enterprise: 'demo' },
  agent: { username: 'agent1', password: 'Agent2468', enterprise: 'demo' },
  leader: { username: 'leader', password: 'Leader123', enterprise: 'demo' },
} satisfies Record<string, DemoUser>

/** Where a server under test keeps its SQLite database (set in playwright.config.ts). */
const dbFile = (dataDir = process.env.E2E_DATA_DIR ?? '') => path.join(dataDir, 'app.db')

/** A captcha puzzle as the server keeps it: the gap position (only a person looking at it would know it) and its birth. */
function captchaRow(token: string, dataDir?: string): { x: number; created_at: number } {
  const db = new Database(dbFile(dataDir), { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare('select x, created_at from captchas where token = ?').get(token) as
      | { x: number; created_at: number }
      | undefined
    if (!row) throw new Error(`no captcha ${token}`)
    return row
  } finally {
    db.close()
  }
}

/** Signs in on /login (tenant users); lands wherever the app sends them. */
export async function signIn(page: Page, user: DemoUser, from = '/login'): Promise<void> {
  if (from) await page.goto(from)
  await page.getByTestId('login-username').fill(user.username)
  await page.getByTestId('login-password').fill(user.password)
  await page.getByTestId('login-submit').click()
  await expect(page).not.toHaveURL(/\/login/)
}

/** Page-clock milliseconds between two pointer samples of a drag (the server wants a drag of 300 ms or more). */
const DRAG_STEP_MS = 10
const DRAG_SAMPLES = 34
/** How long a drag lasts on the page's clock. */
const DRAG_MS = DRAG_STEP_MS * DRAG_SAMPLES

/**
 * Drags the captcha handle by `dx` pixels as a person does, since the server judges the drag's
 * track as well as the drop: over a third of a second, fast at first and slowing down, a few
 * pixels past the gap and back onto it. The page's clock (installed before the page loaded) is
 * moved on between samples, so the drag lasts that long for the page without the test waiting.
 */
async function dragCaptcha(page: Page, dx: number): Promise<void> {
  const handle = page.getByTestId('captcha-handle')
  const box = await handle.boundingBox()
  if (!box) throw new Error('captcha handle not visible')
  const x0 = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x0, y)
  await page.mouse.down()
  const steps = DRAG_SAMPLES - 4
  for (let i = 1; i <= steps; i++) {
    const s = i / steps
    await page.clock.runFor(DRAG_STEP_MS)
    await page.mouse.move(x0 + (dx + 4) * (1 - (1 - s) ** 3), y + Math.sin(s * Math.PI) * 2)
  }
  for (const past of [3, 2, 1, 0]) {
    await page.clock.runFor(DRAG_STEP_MS)
    await page.mouse.move(x0 + dx + past, y)
  }
  await page.mouse.up()
}

/** Browser contexts whose pages run on a page clock the test can move on. */
const clocked = new WeakSet<BrowserContext>()

/** Signs in on /adminLogin, solving the slider captcha. */
export async function adminSignIn(page: Page, user: DemoUser, dataDir?: string): Promise<void> {
  // the page's clock flows as the real one until a drag moves it on
  if (!clocked.has(page.context())) {
    await page.clock.install()
    clocked.add(page.context())
  }
  const puzzle = page.waitForResponse((r) => r.url().includes('/damai/system/captcha/get'))
  await page.goto('/adminLogin')
  const { data } = (await (await puzzle).json()) as { data: { token: string } }
  await page.getByTestId('login-enter-username').fill(user.enterprise)
  await page.getByTestId('login-username').fill(user.username)
  await page.getByTestId('login-password').fill(user.password)
  await expect(page.getByTestId('captcha-handle')).toBeVisible()
  const captcha = captchaRow(data.token, dataDir)
  // the server refuses a drag that lasted longer than the puzzle has existed on its clock
  await expect.poll(() => Date.now() - captcha.created_at).toBeGreaterThanOrEqual(DRAG_MS)
  const check = page.waitForResponse((r) => r.url().includes('/damai/system/captcha/check'))
  await dragCaptcha(page, captcha.x)
  expect(((await (await check).json()) as { code: number }).code).toBe(0)
  await page.getByTestId('login-submit').click()
  await expect(page).not.toHaveURL(/\/adminLogin/)
}

/** The top-level menu entries the sidebar shows. */
export async function menuPaths(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="menu-"]')
    .evaluateAll((els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => e.getAttribute('data-testid') ?? ''),
    )
  return ids.map((id) => id.replace(/^menu-/, '')).sort()
}

/**
 * Marks every enabled announcement as already shown in this browser, before its first page.
 * Each is shown once per browser as a notification that stays until closed, in the top right
 * corner over the header and the desk's side panel; it appears whenever the page's announcement
 * query answers, so a flow that is not about announcements starts from a browser that has seen
 * them (the browser remembers shown ids in the 'announcementIds' cookie).
 */
export async function announcementsSeen(context: BrowserContext, dataDir?: string): Promise<void> {
  const db = new Database(dbFile(dataDir), { readonly: true, fileMustExist: true })
  let ids: number[]
  try {
    const rows = db
      .prepare('select id from announcements where status = ?')
      .all(AnnouncementStatus.enabled) as { id: number }[]
    ids = rows.map((r) => r.id)
  } finally {
    db.close()
  }
  const url = test.info().project.use.baseURL
  if (!url) throw new Error('no baseURL in playwright.config.ts')
  await context.addCookies([{ name: 'announcementIds', value: encodeURIComponent(JSON.stringify(ids)), url }])
}

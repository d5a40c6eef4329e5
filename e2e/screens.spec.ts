import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type Request, test } from '@playwright/test'
import { adminSignIn, announcementsSeen, type DemoUser, demo, signIn } from './support'

/**
 * Every screen, as each role that may open it sees it: at the three widths the console is used at,
 * in both languages, with a screenshot of each kept under test-results/screens, and axe-core's
 * WCAG 2.1 A/AA rules run on each. No screen may break a serious or critical rule that
 * screens.a11y.json does not list for it (the reviewed rules it still breaks, with how often when
 * recorded); a screen that gets better is taken off (`A11Y_RECORD=1` writes what is found).
 * The walk has a fresh demo server of its own (playwright.config.ts).
 */

/** The screens server's data (its database holds the captcha answers and the announcements). */
const dataDir = process.env.E2E_SCREENS_DATA_DIR

const WIDTHS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '1024', width: 1024, height: 768 },
  { name: '390', width: 390, height: 844 },
] as const
const LANGUAGES = ['zh', 'en'] as const
/** Where the web app keeps the chosen language. */
const LANGUAGE_KEY = 'language'

/** The reviewed route → roles table of the web app (a snapshot its own tests keep current). */
function routeRoles(): Record<string, string> {
  const file = path.join(import.meta.dirname, '../apps/web/src/app/__snapshots__/routes.test.ts.snap')
  const text = readFileSync(file, 'utf8')
  const body = /route → roles[^`]*`\] = `\n([\s\S]*?)\n`/.exec(text)?.[1]
  if (!body) throw new Error('route → roles snapshot not found')
  return JSON.parse(body.replace(/,(\s*})/g, '$1')) as Record<string, string>
}

interface Role {
  name: string
  user: DemoUser
  platform: boolean
}
const ROLES: Role[] = [
  { name: 'customerMaster', user: demo.master, platform: false },
  { name: 'customerUser', user: demo.agent, platform: false },
  { name: 'customerUserLeader', user: demo.leader, platform: false },
  { name: 'admin', user: demo.admin, platform: true },
  { name: 'operations', user: demo.operations, platform: true },
  { name: 'business', user: demo.business, platform: true },
]

const screensOf = (role: Role, table: Record<string, string>): string[] =>
  Object.entries(table)
    .filter(([, roles]) => roles === 'all' || roles.split(',').includes(role.name))
    .map(([route]) => route)
    .sort()

const baselineFile = path.join(import.meta.dirname, 'screens.a11y.json')
type Counts = Record<string, Record<string, number>>
const baseline = (): Counts => JSON.parse(readFileSync(baselineFile, 'utf8')) as Counts

/** The requests each page has on their way (neither the realtime socket nor a media stream: they stay open). */
const onTheirWay = new WeakMap<Page, Set<Request>>()
function trackRequests(page: Page): void {
  const pending = new Set<Request>()
  onTheirWay.set(page, pending)
  page.on('request', (r) => {
    if (!r.url().includes('/socket.io/') && r.resourceType() !== 'media') pending.add(r)
  })
  page.on('requestfinished', (r) => pending.delete(r))
  page.on('requestfailed', (r) => pending.delete(r))
}

/** How long no request may be on its way before the page counts as having all its data. */
const QUIET_MS = 300

/** Waits until the page's data has come (no request for a moment) and nothing is loading. */
async function settled(page: Page): Promise<void> {
  const pending = onTheirWay.get(page)
  if (pending) {
    const deadline = Date.now() + 30_000
    let quietSince = Date.now()
    while (Date.now() - quietSince < QUIET_MS) {
      if (pending.size > 0) quietSince = Date.now()
      if (Date.now() > deadline)
        throw new Error(`still on their way: ${[...pending].map((r) => r.url()).join(', ')}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  } else await page.waitForLoadState('networkidle').catch(() => undefined)
  await expect(page.locator('.ant-spin-spinning, .app-spinner, [data-testid="page-loading"]')).toHaveCount(0)
}

/** Opens `route` as a click on a link would: in the page already loaded, without loading it again. */
async function open(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, route)
  await settled(page)
}

/**
 * Waits for the fades and slides on the page to end (at most a few seconds: a spinner's turn
 * never does): axe reads colours as they are, and a half-faded element measures low contrast.
 */
async function still(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined)
}

/** Where each screen's violations are, for the one who fixes them (kept with the screenshots). */
const details: Record<string, Record<string, string[]>> = {}

/** Serious and critical violations on the page, counted by rule. */
async function violations(page: Page, key: string): Promise<Record<string, number>> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const counts: Record<string, number> = {}
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue
    counts[v.id] = (counts[v.id] ?? 0) + v.nodes.length
    details[key] ??= {}
    details[key][v.id] = v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.slice(0, 400))
  }
  return counts
}

const shotPath = (language: string, width: string, key: string) =>
  path.join('test-results', 'screens', `${language}-${width}`, `${key.replace(/[^\w-]+/g, '_')}.png`)

const found: Counts = {}

/** How many `h1` each screen shows: a screen's title is its one heading of that level. */
const headings: Record<string, number> = {}

/**
 * Shows the screens in each language, each at the three widths with a screenshot, and returns
 * axe's counts and the number of `h1` of each (read at 1440 in Chinese). The page is loaded once
 * per language; each screen is then opened in it, as a link would. `chatOpen` also shows the desk
 * with a chat open.
 */
async function walk(page: Page, screens: { route: string; key: string }[], chatOpen?: string) {
  trackRequests(page)
  for (const language of LANGUAGES) {
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [LANGUAGE_KEY, language] as const)
    await page.goto(screens[0]?.route ?? '/')
    await settled(page)
    const shots = async (key: string) => {
      if (language === 'zh') {
        await still(page)
        found[key] = await violations(page, key)
        headings[key] = await page.locator('h1').count()
      }
      for (const w of WIDTHS) {
        await page.setViewportSize({ width: w.width, height: w.height })
        await settled(page)
        await page.screenshot({ path: shotPath(language, w.name, key), fullPage: true })
      }
      await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height })
    }
    for (const [i, { route, key }] of screens.entries()) {
      if (i > 0) await open(page, route)
      await shots(key)
    }
    if (chatOpen) {
      // the desk with a chat open, where an agent spends the day
      await open(page, '/customerServiceDesk/deskSession')
      await page
        .getByTestId(/^desk-session-\d+$/)
        .first()
        .click()
      await expect(page.getByTestId('chat-box')).toBeVisible()
      await settled(page)
      await shots(chatOpen)
    }
  }
  await page.evaluate(([k]) => localStorage.setItem(k, 'zh'), [LANGUAGE_KEY] as const)
}

test.describe('every screen, every role', () => {
  // a role's whole walk: about 5 minutes for the supervisor's 42 screens, more on a loaded machine
  test.describe.configure({ timeout: 1_800_000 })
  test.afterAll(() => {
    mkdirSync('test-results', { recursive: true })
    writeFileSync(path.join('test-results', 'screens.a11y.json'), `${JSON.stringify(found, null, 2)}\n`)
    writeFileSync(
      path.join('test-results', 'screens.a11y-details.json'),
      `${JSON.stringify(details, null, 2)}\n`,
    )
    if (process.env.A11Y_RECORD === '1') writeFileSync(baselineFile, `${JSON.stringify(found, null, 2)}\n`)
  })

  test('the sign-in pages', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    // each loaded afresh: a signed-out visitor comes to them by address
    await page.goto('/login')
    for (const route of ['/login', '/adminLogin', '/404'])
      await walk(page, [{ route, key: `public ${route}` }])
    expectWithinBaseline(['public /login', 'public /adminLogin', 'public /404'])
  })

  for (const role of ROLES) {
    test(`as ${role.name}`, async ({ page, context }) => {
      await page.setViewportSize({ width: 1440, height: 900 })
      await announcementsSeen(context, dataDir)
      if (role.platform) await adminSignIn(page, role.user, dataDir)
      else await signIn(page, role.user)
      const screens = screensOf(role, routeRoles()).map((route) => ({ route, key: `${role.name} ${route}` }))
      const chatOpen =
        role.name === 'customerUser' ? `${role.name} /customerServiceDesk/deskSession (chat open)` : undefined
      await walk(page, screens, chatOpen)
      const keys = [...screens.map((s) => s.key), ...(chatOpen ? [chatOpen] : [])]
      expectWithinBaseline(keys)
      const untitled = keys.filter((k) => headings[k] !== 1).map((k) => `${k}: ${headings[k]} h1`)
      expect(untitled, "screens without exactly one h1 (the page frame's title)").toEqual([])
    })
  }
})

/**
 * No screen breaks a rule its reviewed list does not name. Rules, not counts: how many rows a
 * list shows changes how often a rule is broken, not whether.
 */
function expectWithinBaseline(keys: string[]): void {
  if (process.env.A11Y_RECORD === '1') return
  const allowed = baseline()
  const worse: string[] = []
  for (const key of keys) {
    for (const [rule, count] of Object.entries(found[key] ?? {})) {
      // the elements too: the details file is written by the role's worker, which a failure ends
      if (allowed[key]?.[rule] === undefined)
        worse.push(`${key}: ${rule} (${count} elements) ${(details[key]?.[rule] ?? []).join(' | ')}`)
    }
  }
  expect(worse, 'serious or critical accessibility violations not in screens.a11y.json').toEqual([])
}

// Lighthouse's performance figures of the sign-in page and of the agent's desk with a chat open,
// on the mobile profile (a mid-range phone on a slow 4G link, simulated) and on the desktop one,
// against the built server in demo mode. Each page is measured RUNS times; the median is shown.
//
//   npm run build && npm run bench -- lighthouse
//
// Knobs: BENCH_RUNS (3), BENCH_PORT (4660), BENCH_PAGES (login,desk), CHROMIUM_PATH (/usr/bin/chromium).
import lighthouse, { type Config, type Flags } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import type { Browser, Page } from 'puppeteer-core'
import { deskWithChat, launchChromium, median, startDemo } from './_demo-desk.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PORT = Number(process.env.BENCH_PORT ?? 4660)
const PAGES = new Set((process.env.BENCH_PAGES ?? 'login,desk').split(','))

interface Figures {
  /** the main thread's work by kind, and the scripts that took longest (ms, throttled) */
  work?: string
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

async function measure(page: Page, url: string, config?: Config): Promise<Figures> {
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  }
  const result = await lighthouse(url, flags, config, page)
  if (!result) throw new Error(`no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  type Item = Record<string, unknown>
  const items = (id: string) => (lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []
  const work = [
    items('mainthread-work-breakdown')
      .slice(0, 5)
      .map((i) => `${i.groupLabel} ${Math.round(Number(i.duration))}`)
      .join(', '),
    ...items('bootup-time')
      .slice(0, 6)
      .map(
        (i) =>
          `  ${String(i.url).replace(base, '')}: script ${Math.round(Number(i.scripting))}, parse ${Math.round(Number(i.scriptParseCompile))}`,
      ),
    'long tasks (start ms, duration ms, attributed to):',
    ...items('long-tasks')
      .slice(0, 8)
      .map(
        (i) =>
          `  ${Math.round(Number(i.startTime))} +${Math.round(Number(i.duration))} ${String(i.url).replace(base, '')}`,
      ),
    `host benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
  ].join('\n')
  return {
    work,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  }
}

/** A load whose trace Chromium did not record whole (Lighthouse's NO_NAVSTART) is measured again, once. */
async function measureOnce(page: Page, url: string, config?: Config): Promise<Figures> {
  try {
    return await measure(page, url, config)
  } catch (e) {
    if (!String(e).includes('NO_NAVSTART')) throw e
    return measure(page, url, config)
  }
}

async function medianOf(page: Page, url: string, config?: Config): Promise<Figures> {
  const runs: Figures[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(page, url, config))
  const of = (k: Exclude<keyof Figures, 'work'>) => median(runs.map((r) => r[k]))
  return {
    work: runs.at(-1)?.work,
    score: of('score'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
  }
}

const row = (name: string, f: Figures) =>
  `${name.padEnd(26)} ${String(f.score).padStart(5)} ${(f.fcp / 1000).toFixed(2).padStart(7)} s ${(f.lcp / 1000).toFixed(2).padStart(7)} s ${String(Math.round(f.tbt)).padStart(7)} ms ${f.cls.toFixed(3).padStart(7)}`

const demo = await startDemo(PORT)
const base = demo.base
let browser: Browser | undefined
try {
  browser = await launchChromium()
  const page = await browser.newPage()
  const rows: [string, Figures][] = []
  if (PAGES.has('login')) {
    const login = `${base}/login`
    rows.push(['/login mobile', await medianOf(page, login)])
    rows.push(['/login desktop', await medianOf(page, login, desktopConfig)])
  }
  if (PAGES.has('desk')) {
    const desk = await deskWithChat(page, base)
    rows.push(['desk, chat open, mobile', await medianOf(page, desk)])
    rows.push(['desk, chat open, desktop', await medianOf(page, desk, desktopConfig)])
  }
  console.log(`median of ${RUNS} runs each (Lighthouse 12, simulated throttling)`)
  console.log(`${'page'.padEnd(26)} score     FCP         LCP         TBT       CLS`)
  for (const [name, figures] of rows) console.log(row(name, figures))
  // what occupied the main thread in the last run of each page on the mobile profile
  for (const [name, figures] of rows.filter(([n]) => n.endsWith('mobile'))) {
    console.log(`\n${name}: main thread (ms)\n${figures.work}`)
  }
} finally {
  await browser?.close()
  await demo.stop()
}

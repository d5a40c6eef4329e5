// The phone desk's main-thread tasks on load, as Lighthouse's mobile profile weighs them, over many
// loads: each load of agent1's desk with a chat open (or, with BENCH_PAGE=login, of the sign-in
// page for a visitor without a session) is traced at the phone's size with the trace
// categories Lighthouse itself records (their stacks and style and layout invalidations make every
// change to the page cost more while tracing, as in Lighthouse's own load), and every task after
// the first contentful paint counts 4 × its time − 50 ms, Lighthouse's 4× slowdown and its 50 ms
// blocking threshold.
// Lighthouse itself simulates the network around those tasks and takes minutes per load; this
// takes seconds, so a change is compared over many loads on the same server (the median).
//
//   npm run build && npm run bench -- desk-tasks
//   npm run build && BENCH_PAGE=login npm run bench -- desk-tasks
//
// Knobs: BENCH_RUNS (9), BENCH_PORT (4661), BENCH_PAGE (desk), CHROMIUM_PATH (/usr/bin/chromium), and
// the server's WEB_DIST (another web build to load, to set two builds side by side).
import Trace from 'lighthouse/core/gather/gatherers/trace.js'
import type { Browser } from 'puppeteer-core'
import { deskWithChat, launchChromium, median, startDemo } from './_demo-desk.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const PORT = Number(process.env.BENCH_PORT ?? 4661)
const CATEGORIES = Trace.getDefaultTraceCategories()
const SIGN_IN = process.env.BENCH_PAGE === 'login'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
}

interface Load {
  blocking: number
  busy: number
  long: number
}

/** The renderer's main thread (the one running the page's scripts) and its tasks after the first paint. */
function weigh(events: TraceEvent[]): Load {
  const scripting = new Map<string, number>()
  for (const e of events)
    if (e.name === 'FunctionCall' && e.dur) {
      const k = `${e.pid}:${e.tid}`
      scripting.set(k, (scripting.get(k) ?? 0) + e.dur)
    }
  const main = [...scripting].sort((a, b) => b[1] - a[1])[0]?.[0]
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').at(-1)
  if (!main || !fcp) throw new Error('the trace has no main thread or no first paint')
  const load: Load = { blocking: 0, busy: 0, long: 0 }
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || `${e.pid}:${e.tid}` !== main || e.ts < fcp.ts) continue
    const ms = (e.dur ?? 0) / 1000
    load.busy += ms
    load.blocking += Math.max(0, 4 * ms - 50)
    if (4 * ms > 50) load.long++
  }
  return load
}

const demo = await startDemo(PORT)
let browser: Browser | undefined
try {
  browser = await launchChromium()
  const page = await browser.newPage()
  // Lighthouse's mobile screen (a Moto G Power)
  await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 })
  const url = SIGN_IN ? `${demo.base}/login` : await deskWithChat(page, demo.base)
  const loads: Load[] = []
  for (let i = 0; i < RUNS; i++) {
    await page.goto('about:blank')
    await page.tracing.start({ categories: CATEGORIES })
    await page.goto(url, { waitUntil: 'networkidle0' })
    // what the chat does just after it shows (measuring its rows, the composer) belongs to the load
    await new Promise((r) => setTimeout(r, 2500))
    const raw = await page.tracing.stop()
    if (!raw) throw new Error('the browser gave no trace')
    const trace = JSON.parse(Buffer.from(raw).toString('utf8')) as { traceEvents: TraceEvent[] }
    loads.push(weigh(trace.traceEvents))
  }
  const name = SIGN_IN ? 'the sign-in page' : 'desk with a chat open'
  console.log(`${name}, phone size, ${RUNS} loads (tasks after the first paint)`)
  console.log('load   blocking (4x)   busy (1x)   tasks over 50 ms (4x)')
  for (const [i, l] of loads.entries())
    console.log(
      `${String(i + 1).padStart(4)} ${String(Math.round(l.blocking)).padStart(12)} ms ${String(Math.round(l.busy)).padStart(8)} ms ${String(l.long).padStart(10)}`,
    )
  console.log(
    `median ${String(Math.round(median(loads.map((l) => l.blocking)))).padStart(10)} ms ${String(Math.round(median(loads.map((l) => l.busy)))).padStart(8)} ms ${String(median(loads.map((l) => l.long))).padStart(10)}`,
  )
} finally {
  await browser?.close()
  await demo.stop()
}

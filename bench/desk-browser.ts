// The desk in Chromium with a 10,000-message chat: how long the chat takes to open (click on the
// session → newest message on screen) and how many message nodes the page holds (the history is
// virtualised, so the DOM stays bounded), at the top and after scrolling far up.
//
//   npm run build && npx tsx --conditions=@app/source bench/desk-browser.ts
//
// Knobs: BENCH_MESSAGES (10000), BENCH_PORT (4650), CHROMIUM_PATH (/usr/bin/chromium).
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { chromium } from '@playwright/test'
import Database from 'better-sqlite3'
import { startDemo } from './_demo-desk.js'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000)
const PORT = Number(process.env.BENCH_PORT ?? 4650)
const SHOP = '8613800138000'
const CUSTOMER = '447700955501'

const demo = await startDemo(PORT)
const { base } = demo

async function post(url: string, body: unknown): Promise<{ code: number }> {
  const r = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await r.json()) as { code: number }
}

try {
  // a customer writes once, so the session exists; then the history is filled in directly
  await post('/damai/sim/phones', { phone: CUSTOMER, name: 'Long Chat' })
  const sent = await post('/damai/sim/send', {
    phone: CUSTOMER,
    to: SHOP,
    content: { kind: 'text', text: 'first' },
  })
  if (sent.code !== 0) throw new Error(`sim send failed: ${JSON.stringify(sent)}`)
  await new Promise((r) => setTimeout(r, 500))
  const db = new Database(path.join(demo.dataDir, 'app.db'))
  const s = db
    .prepare(
      `select s.id, s.tenant_id, s.account_id, f.jid from sessions s join fans f on f.id = s.fan_id where f.phone = ?`,
    )
    .get(CUSTOMER) as { id: number; tenant_id: number; account_id: number; jid: string }
  const insert = db.prepare(
    `insert into messages (tenant_id, account_id, session_id, wa_message_id, from_me, sender_jid, type, body, meta,
       status, delivery, timestamp, created_at) values (?, ?, ?, ?, ?, ?, 'text', ?, '{}', ?, ?, ?, ?)`,
  )
  const start = Date.now() - MESSAGES * 60_000
  db.transaction(() => {
    for (let i = 0; i < MESSAGES; i++) {
      const mine = i % 3 === 0
      const t = start + i * 60_000
      insert.run(
        s.tenant_id,
        s.account_id,
        s.id,
        `BENCH${i}`,
        mine ? 1 : 0,
        mine ? '' : s.jid,
        `message ${i} ${'lorem ipsum '.repeat(1 + (i % 7))}`,
        'sent', // inbound messages are stored as sent too
        mine ? 'read' : 'none',
        t,
        t,
      )
    }
  })()
  db.prepare('update sessions set last_activity_at = ?, last_message = ? where id = ?').run(
    Date.now(),
    `message ${MESSAGES - 1}`,
    s.id,
  )
  db.close()

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  await page.goto(`${base}/login`)
  await page.getByTestId('login-username').fill('agent1')
  await page.getByTestId('login-password').fill('Agent2468')
  await page.getByTestId('login-submit').click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  await page.goto(`${base}/customerServiceDesk/deskSession`)
  const row = page.getByTestId(`desk-session-${s.id}`)
  await row.waitFor()
  const t0 = performance.now()
  await row.click()
  await page
    .getByTestId(/^chat-message-\d+$/)
    .filter({ hasText: `message ${MESSAGES - 1} ` })
    .waitFor()
  const openMs = performance.now() - t0
  const count = () => page.locator('[data-testid^="chat-message-"]').count()
  const atBottom = await count()
  // scroll far up: older pages load, the window of rendered rows moves
  for (let i = 0; i < 40; i++) {
    await page.getByTestId('chat-list').hover()
    await page.mouse.wheel(0, -4000)
    await page.waitForTimeout(150)
  }
  const afterScroll = await count()
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').length)
  await browser.close()
  console.log(`desk in Chromium, one chat of ${MESSAGES + 1} messages`)
  console.log(`  open the chat (click → newest message shown): ${openMs.toFixed(0)} ms`)
  console.log(
    `  message nodes in the DOM: ${atBottom} at the bottom, ${afterScroll} after scrolling up 40 times`,
  )
  console.log(`  (resources loaded by the page: ${loaded})`)
} finally {
  await demo.stop()
}

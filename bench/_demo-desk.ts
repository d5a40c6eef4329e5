// The built server in demo mode on a fresh data directory, and agent1's desk with a chat open in
// a browser page: what the page-load benchmarks share.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'

export interface DemoServer {
  base: string
  /** the server's data directory (its SQLite database is app.db there) */
  dataDir: string
  /** Stops the server and waits until it has let its port go (the next benchmark may take it). */
  stop(): Promise<void>
}

/** Starts `apps/server/dist/main.js` in demo mode on `port` and waits until it answers. */
export async function startDemo(port: number): Promise<DemoServer> {
  const base = `http://127.0.0.1:${port}`
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-demo-'))
  const server: ChildProcess = spawn('node', ['apps/server/dist/main.js'], {
    env: { ...process.env, DEMO: '1', PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = once(server, 'exit')
  const stop = async () => {
    if (server.exitCode === null) server.kill()
    await exited
    fs.rmSync(dir, { recursive: true, force: true })
  }
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return { base, dataDir: dir, stop }
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error('server did not start')
}

/**
 * Signs the agent in through the sign-in page and returns the desk's address with a chat open
 * (a fresh demo's first customers write to agent1's number as soon as the demo has linked it).
 */
export async function deskWithChat(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' })
  await page.type('[data-testid="login-username"]', 'agent1')
  await page.type('[data-testid="login-password"]', 'Agent2468')
  await Promise.all([page.waitForNavigation(), page.click('[data-testid="login-submit"]')])
  await page.goto(`${base}/customerServiceDesk/deskSession`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid="desk-session-list"]')
  // the list's rows come after the list itself
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid^="desk-session-"]')].some((e) =>
        /^desk-session-\d+$/.test(e.getAttribute('data-testid') ?? ''),
      ),
    { timeout: 120_000 },
  )
  const row = await page.$$eval('[data-testid^="desk-session-"]', (els) =>
    els.map((e) => e.getAttribute('data-testid') ?? '').find((id) => /^desk-session-\d+$/.test(id)),
  )
  const id = row?.replace('desk-session-', '')
  if (!id) throw new Error('the demo desk shows no session')
  return `${base}/customerServiceDesk/deskSession?sessionId=${id}`
}

/** Debian's Chromium, headless, as the page-load benchmarks drive it (CHROMIUM_PATH to use another). */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
}

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

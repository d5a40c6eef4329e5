import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { AnnouncementStatus } from '@app/core'
import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { io, type Socket } from 'socket.io-client'
import { demo } from './support'

// The server dies while customers keep writing: WhatsApp (the shared simulated network service)
// holds what they wrote and delivers it when the server is back. This flow runs its own network
// service and server (ports of its own, a data directory of its own), kills the server with
// SIGKILL and starts it again on the same data.

/** Demo Shop 1, linked on the first demo start and handed to agent1. */
const SHOP = '8613800138000'
const stamp = Date.now().toString(36)
const keyword = `hours${stamp}`
const answer = `We open at 9 (${stamp})`
const suffix = String(Date.now()).slice(-6)
/** A writes the rule's keyword; B wrote before by phone and now shows up by hidden id; C only ever by hidden id. */
const A = { number: `44771${suffix}1`, name: `Anna ${stamp}` }
const B = { number: `44771${suffix}2`, name: `Ben ${stamp}` }
const C = { number: `44771${suffix}3`, name: `Chloe ${stamp}` }

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })

/** Starts a built entry point of the server package; resolves once `ready` says so. */
async function startNode(
  script: string,
  env: Record<string, string>,
  ready: (out: string) => boolean | Promise<boolean>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [`apps/server/dist/${script}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d) => {
    out += String(d)
  })
  child.stderr?.on('data', (d) => {
    out += String(d)
  })
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null)
          throw new Error(`${script} exited ${child.exitCode}: ${out.slice(-2000)}`)
        return ready(out)
      },
      { message: `${script} ready`, timeout: 60_000 },
    )
    .toBe(true)
  return child
}

async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill(signal)
  await exited
}

/** The customers' phones, on the network service itself (the server may be down). */
class Phones {
  private readonly socket: Socket
  constructor(url: string) {
    this.socket = io(url, { transports: ['websocket'] })
  }
  async call<T = unknown>(method: string, ...args: unknown[]): Promise<T> {
    const reply = (await this.socket.timeout(15_000).emitWithAck('phone', method, args)) as {
      ok: boolean
      value?: T
      error?: unknown
    }
    if (!reply.ok) throw new Error(`${method}: ${JSON.stringify(reply.error)}`)
    return reply.value as T
  }
  write(from: string, text: string) {
    return this.call('customerSend', from, SHOP, { kind: 'text', text })
  }
  close() {
    this.socket.close()
  }
}

let dataDir = ''
let base = ''
let simService: ChildProcess | undefined
let server: ChildProcess | undefined
let phones: Phones | undefined
let serverEnv: Record<string, string> = {}

const dbFile = () => path.join(dataDir, 'app.db')
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(dbFile(), { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

const startServer = () =>
  startNode('main.js', serverEnv, () =>
    fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false),
  )

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-e2e-backlog-'))
  const simPort = await freePort()
  const appPort = await freePort()
  base = `http://127.0.0.1:${appPort}`
  simService = await startNode(
    'sim-service.js',
    // the network keeps its state in its data directory: this flow's own, so each run starts empty
    { SIM_PORT: String(simPort), SIM_HOST: '127.0.0.1', SIM_DATA_DIR: path.join(dataDir, 'sim') },
    (out) => out.includes('sim-service ready'),
  )
  const simUrl = `http://127.0.0.1:${simPort}`
  serverEnv = {
    DEMO: '1',
    GATEWAY: 'simulator',
    SIM_URL: simUrl,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_PER_MINUTE: '1000',
  }
  server = await startServer()
  phones = new Phones(simUrl)
  // the demo numbers link on the first start
  await expect
    .poll(() => query<{ n: number }>("select count(*) as n from ws_accounts where status = 'online'")[0].n, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1)
})

test.afterAll(async () => {
  phones?.close()
  await stop(server, 'SIGTERM')
  await stop(simService, 'SIGTERM')
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

async function signedIn(
  api: APIRequestContext,
  user: { username: string; password: string },
): Promise<string> {
  const res = await api.post(`${base}/damai/system/auth/login`, {
    data: { username: user.username, password: user.password, targetAccount: 'demo' },
  })
  const body = (await res.json()) as { code: number; data: { accessToken: string } }
  expect(body.code).toBe(0)
  return body.data.accessToken
}

/** An agent's desk in a browser that has seen the demo's announcements. */
async function agentDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: base })
  const ids = query<{ id: number }>(
    'select id from announcements where status = ?',
    AnnouncementStatus.enabled,
  )
  await context.addCookies([
    { name: 'announcementIds', value: encodeURIComponent(JSON.stringify(ids.map((r) => r.id))), url: base },
  ])
  const page = await context.newPage()
  await page.goto(`${base}/login`)
  await page.getByTestId('login-username').fill(demo.agent.username)
  await page.getByTestId('login-password').fill(demo.agent.password)
  await page.getByTestId('login-submit').click()
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto(`${base}/customerServiceDesk/deskSession`)
  return page
}

const fansNamed = (name: string) =>
  query<{ id: number; phone: string | null; lid: string | null }>(
    'select f.id, f.phone, f.lid from fans f join ws_accounts a on a.id = f.account_id where a.phone = ? and (f.nickname = ? or f.push_name = ?)',
    SHOP,
    name,
    name,
  )

test('what customers write while the server is down arrives unread when it is back, auto-replied where a rule matches, one customer per person', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const p = phones as Phones
  const api = await request.newContext()

  // the supervisor's keyword rule
  const master = await signedIn(api, demo.master)
  const rule = await api.post(`${base}/damai/customer/autoReply`, {
    headers: { authorization: `Bearer ${master}` },
    data: {
      name: `Hours ${stamp}`,
      classification: 'public',
      audience: 'all',
      replyType: 'all',
      matchMode: 'half',
      keywords: [keyword],
      sentences: [{ type: 'text', text: answer }],
      enabled: true,
    },
  })
  expect(((await rule.json()) as { code: number }).code).toBe(0)

  // three customers; B writes once while the server is up, by phone
  for (const c of [A, B, C]) await p.call('addPhone', c.number, { name: c.name })
  await p.write(B.number, 'hello, this is Ben')
  await expect.poll(() => fansNamed(B.name).length, { timeout: 20_000 }).toBe(1)

  // the server dies; WhatsApp now addresses B by hidden id (phone alongside) and C by hidden id only
  await stop(server, 'SIGKILL')
  await p.call('setAddressing', B.number, 'lid')
  await p.call('setAddressing', C.number, 'lid-hidden')
  await p.write(A.number, `What are your ${keyword.toUpperCase()} today?`)
  await p.write(B.number, 'are you still there?')
  await p.write(B.number, 'please call me back')
  await p.write(C.number, 'hi, Chloe here')
  // nobody received them: the network holds them for the linked device
  const pending = await p.call<{ status: string }[]>('messagesBetween', A.number, SHOP)
  expect(pending.map((m) => m.status)).toEqual(['sent'])

  // the server comes back on the same data and resumes the link: the backlog arrives
  server = await startServer()
  const desk = await agentDesk(browser)
  const row = (name: string) => desk.getByTestId(/^desk-session-\d+$/).filter({ hasText: name })
  const unread = (name: string) => row(name).getByTestId(/^desk-unread-\d+$/)
  await expect(unread(B.name)).toHaveText('3', { timeout: 30_000 })
  await expect(unread(A.name)).toHaveText('1')
  await expect(unread(C.name)).toHaveText('1')
  await expect
    .poll(async () => Number(await desk.getByTestId('desk-filter-count-unread').innerText()), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(3)

  // A's keyword is answered automatically, on the phone and on the desk; B and C get nothing automatic
  await expect
    .poll(
      async () => (await p.call<{ text?: string }[]>('messagesBetween', A.number, SHOP)).map((m) => m.text),
      {
        timeout: 30_000,
      },
    )
    .toContain(answer)
  await row(A.name).click()
  const reply = desk.getByTestId(/^chat-message-\d+$/).filter({ hasText: answer })
  await expect(reply.getByTestId(/^chat-auto-reply-\d+$/)).toHaveText('自动回复')
  for (const c of [B, C]) {
    const texts = (await p.call<{ text?: string }[]>('messagesBetween', c.number, SHOP)).map((m) => m.text)
    expect(texts).not.toContain(answer)
  }

  // one customer per person: Ben by phone and by hidden id is one customer with his three messages
  const ben = fansNamed(B.name)
  expect(ben).toHaveLength(1)
  expect(ben[0].phone).toBe(B.number)
  expect(ben[0].lid).toMatch(/@lid$/)
  const benMessages = query<{ n: number }>(
    'select count(*) as n from messages m join sessions s on s.id = m.session_id where s.fan_id = ? and m.from_me = 0',
    ben[0].id,
  )[0].n
  expect(benMessages).toBe(3)
  expect(fansNamed(C.name)).toHaveLength(1)
  expect(fansNamed(A.name)).toHaveLength(1)

  // and the sessions are waiting on us: the desk's home figure counts Ben and Chloe
  await desk.goto(`${base}/home`)
  await expect
    .poll(
      async () => {
        await desk.reload()
        const tile = desk.getByTestId('home-figure-unreplied')
        return Number((await tile.innerText()).replace(/\D+/g, ' ').trim().split(' ').pop())
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(2)
  await desk.context().close()
  await api.dispose()
})

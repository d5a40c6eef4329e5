import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type MessageNewEvent, massSendCreateBody, Role, SOCKET_PATH } from '@app/core'
import { Redis } from 'ioredis'
import pg from 'pg'
import { pino } from 'pino'
import { io, type Socket } from 'socket.io-client'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { type Db, migrate, openDatabase } from '../db/index.js'
import { SimulatorGateway } from '../gateway/simulator/gateway.js'
import { SimNetwork } from '../gateway/simulator/network.js'
import { type StartedSimService, startSimService } from '../gateway/simulator/remote/service.js'
import { taskBody } from '../modules/massSend/massSend.fixtures.js'
import { seedLinkedTenant } from '../test/linked-tenant.js'
import { killHard } from '../test/outbox-crash.js'
import { persistWorld, readJournal } from '../test/sim-journal.js'

// Three server processes on PostgreSQL + Redis, one shared simulated network hosted here.
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const ROOT = path.resolve(import.meta.dirname, '../../../..')
const CHILD = path.resolve(import.meta.dirname, '../test/cluster-child.ts')
const SHOPS = Array.from({ length: 30 }, (_, i) => `861390000${String(i + 1).padStart(4, '0')}`)
const CUSTOMERS = Array.from({ length: 8 }, (_, i) => `4477008${String(i).padStart(5, '0')}`)

async function reachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000 })
  redis.on('error', () => undefined)
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1_000 })
  try {
    await redis.connect()
    await redis.ping()
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    redis.disconnect()
    await client.end().catch(() => undefined)
  }
}
// runs once, in the SQLite project's pass: it brings its own PostgreSQL database
const run = process.env.TEST_DIALECT !== 'postgres' && (await reachable())

const until = async (what: string, cond: () => Promise<boolean> | boolean, ms = 90_000) => {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const children: ChildProcess[] = []
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of children) await killHard(c)
  for (const f of cleanups.reverse()) await f().catch(() => undefined)
})

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--conditions=@app/source', '--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let err = ''
  child.stderr?.on('data', (d) => {
    err += String(d)
  })
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      const m = /READY (\d+)/.exec(String(d))
      if (m) resolve({ child, port: Number(m[1]) })
    })
    child.once('exit', (code) =>
      reject(new Error(`server process exited (${code}) before it was ready:\n${err}`)),
    )
  })
}

describe.skipIf(!run)('three server processes, one killed during a mass send', () => {
  it('its numbers come back on the survivors within 30 s and all send again soon after, the agent sees every message, each sentence reaches each recipient once', {
    timeout: 240_000,
  }, async () => {
    // a database of its own
    const name = `failover_${process.pid}_${Date.now() % 100_000}`
    const admin = new pg.Client({ connectionString: PG_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(PG_URL)
    url.pathname = `/${name}`
    const db: Db = openDatabase({ databaseUrl: url.toString() })
    cleanups.push(async () => {
      await db.destroy()
      const c = new pg.Client({ connectionString: PG_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    })
    await migrate(db)
    const { tenantId, userId, accountIds } = await seedLinkedTenant(db, 'failover', SHOPS, CUSTOMERS)
    const shopOf = new Map(accountIds.map((id, i) => [id, SHOPS[i] as string]))

    // the network every process connects to, journaled so what the phones got can be read back
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-failover-'))
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }))
    const network = new SimNetwork({
      seed: 77,
      rules: { sendLimitPerMinute: 1_000_000, newChatsPerHour: 1_000_000 },
      timings: { readProbability: 0 },
    })
    for (const c of CUSTOMERS) network.addPhone(c, { name: `C${c.slice(-2)}` })
    const journal = path.join(dir, 'network.jsonl')
    persistWorld(network.world, journal)
    const svc: StartedSimService = await startSimService({ network })
    cleanups.push(() => svc.close())

    const prefix = `failover:${name}:`
    cleanups.push(async () => {
      const r = new Redis(REDIS_URL)
      const keys = await r.keys(`${prefix}*`)
      if (keys.length) await r.del(...keys)
      r.disconnect()
    })
    const env = (i: number): NodeJS.ProcessEnv => ({
      DATABASE_URL: url.toString(),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      SIM_URL: svc.url,
      DATA_DIR: path.join(dir, `p${i}`),
      OUTBOX_POLL_MS: '100',
      OUTBOX_SEND_TIMEOUT_MS: '3000',
      SEND_RATE_PER_MINUTE: '1000000',
      SEND_BURST: '1000000',
    })
    const procs = []
    for (const i of [1, 2, 3]) procs.push(await startServer(env(i)))
    const [p1, p2] = procs as [{ child: ChildProcess; port: number }, { child: ChildProcess; port: number }]
    const pidOf = (holder: string) => Number(holder.split(':').at(-2))
    const leases = () =>
      db.selectFrom('account_leases').selectAll().where('expires_at', '>=', Date.now()).execute()
    const online = (phone: string) =>
      Boolean(
        network
          .listPhones()
          .find((p) => p.number === phone)
          ?.devices.some((d) => d.online),
      )

    // the three share the thirty numbers
    await until('every number held, by all three processes', async () => {
      const rows = await leases()
      const pids = new Set(rows.map((r) => pidOf(r.holder)))
      return rows.length === SHOPS.length && pids.size === 3 && SHOPS.every(online)
    })

    // an agent's desk on process 1 (the supervisor hears the whole tenant)
    const maker = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dir }),
      db,
      logger: pino({ level: 'silent' }),
      gateway: new SimulatorGateway({ network: new SimNetwork({ seed: 1 }) }),
    })
    cleanups.push(() => maker.app.close())
    const user = await db
      .selectFrom('users')
      .select(['id', 'tenant_id'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const { accessToken } = await maker.services.tokens.issue(user, { ip: '127.0.0.1', userAgent: 'test' })
    const socket: Socket = io(`http://127.0.0.1:${p1.port}`, {
      path: SOCKET_PATH,
      auth: { token: accessToken },
      transports: ['websocket'],
    })
    cleanups.push(async () => void socket.close())
    const seen = new Set<string>()
    socket.on('message.new', (e: MessageNewEvent) => {
      if (!e.message.fromMe) seen.add(e.message.body)
    })
    await until('the desk connected', () => socket.connected)

    // the numbers process 2 holds, written to by customers
    const held2 = (await leases())
      .filter((r) => pidOf(r.holder) === p2.child.pid)
      .map((r) => Number(r.account_id))
    const shops2 = held2.map((id) => shopOf.get(id) as string)
    expect(shops2.length).toBeGreaterThan(0)
    const written: string[] = []
    const write = (tag: string) => {
      for (const shop of shops2)
        for (const c of CUSTOMERS) {
          const text = `${tag} ${c} to ${shop}`
          network.customerSend(c, shop, { kind: 'text', text })
          written.push(text)
        }
    }
    write('before')

    // a mass send over every number: two sentences to each of the 240 customers' chats
    const caller = {
      tenantId,
      userId,
      roleId: Role.customerMaster,
      username: 'failover-boss',
      tokenId: 0,
      isPlatform: false,
      actingUserId: userId,
      agentId: null,
    }
    const body = massSendCreateBody.parse(
      taskBody({
        accountIds,
        audience: { type: 'customers', all: true },
        sentences: [
          { type: 'text', text: 'A {phone}' },
          { type: 'text', text: 'B {phone}' },
        ],
      }),
    )
    const task = await maker.massSend.service.create(caller, body)
    const sentFrom = (shops: string[]) =>
      readJournal(journal).filter((l) => shops.includes(l.from) && /^[AB] /.test(l.text))
    await until('the mass send under way', () => sentFrom(SHOPS).length >= 40)

    // kill -9 process 2
    await killHard(p2.child)
    const killedAt = Date.now()
    write('after')

    await until('every number online again on the survivors', async () => {
      const rows = await leases()
      return (
        rows.length === SHOPS.length &&
        rows.every((r) => pidOf(r.holder) !== p2.child.pid) &&
        SHOPS.every(online)
      )
    })
    const allOnlineMs = Date.now() - killedAt
    await until('a number of process 2 sending again', () =>
      sentFrom(shops2).some((l) => l.at > killedAt + 1),
    )
    const firstDeliveryMs =
      Math.min(
        ...sentFrom(shops2)
          .filter((l) => l.at > killedAt)
          .map((l) => l.at),
      ) - killedAt

    // every number of the killed process sends again: its sends in flight were held under the
    // outbox lease of the dead process, free one lease (15 s) after its last renewal
    const lastBackMs = () => {
      const after = sentFrom(shops2).filter((l) => l.at > killedAt)
      return (
        Math.max(...shops2.map((s) => Math.min(...after.filter((l) => l.from === s).map((l) => l.at)))) -
        killedAt
      )
    }
    await until('every number of process 2 sending again', () => Number.isFinite(lastBackMs()))
    const everyNumberMs = lastBackMs()

    await until(
      'the mass send completed',
      async () => {
        const t = await db
          .selectFrom('mass_send_tasks')
          .select('status')
          .where('id', '=', task.id)
          .executeTakeFirstOrThrow()
        return t.status === 'completed'
      },
      120_000,
    )
    await until(
      'the desk heard every customer message',
      () => written.every((t) => seen.has(t)),
      60_000,
    ).catch(async (e: Error) => {
      const missing = written.filter((t) => !seen.has(t))
      const stored = await db
        .selectFrom('messages')
        .select(['body', 'account_id', 'created_at'])
        .where('body', 'in', missing)
        .execute()
      throw new Error(
        `${e.message}: ${missing.length} of ${written.length} not heard (${stored.length} of them stored), e.g. ${missing.slice(0, 3).join('; ')}`,
      )
    })

    // each recipient got each sentence once, from its own number
    const got = sentFrom(SHOPS)
    const count = new Map<string, number>()
    for (const l of got)
      count.set(`${l.from}|${l.to}|${l.text}`, (count.get(`${l.from}|${l.to}|${l.text}`) ?? 0) + 1)
    const expected = SHOPS.flatMap((s) => CUSTOMERS.flatMap((c) => [`${s}|${c}|A ${c}`, `${s}|${c}|B ${c}`]))
    expect({
      missing: expected.filter((k) => !count.has(k)).length,
      twice: [...count.values()].filter((n) => n > 1).length,
      delivered: got.length,
    }).toEqual({ missing: 0, twice: 0, delivered: expected.length })
    expect(allOnlineMs).toBeLessThan(30_000)
    // the account lease and the outbox lease run out together: the numbers send again soon after they are back
    expect(everyNumberMs).toBeLessThan(35_000)
    console.info(
      `failover: kill -9 → every number online ${allOnlineMs} ms, → first message from its numbers ${firstDeliveryMs} ms, → every number sending again ${everyNumberMs} ms; ${shops2.length} numbers moved, ${written.length} customer messages heard, ${got.length} sentences delivered once each`,
    )
  })
})

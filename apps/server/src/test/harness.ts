import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Role, type RoleId } from '@app/core'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { pino } from 'pino'
import { inject } from 'vitest'
import { type App, buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { type Db, migrate, openDatabase } from '../db/index.js'
import { KyselyAuthStateStore } from '../gateway/baileys/auth-store.js'
import { createSimHarness, type SimHarness, type SimHarnessOptions } from '../gateway/simulator/harness.js'
import { linkStoreOnAuthStore } from '../gateway/simulator/link-store.js'
import { hashPassword } from '../modules/auth/password.js'
import { ensurePlatformAdmin } from '../modules/system/bootstrap.js'
import type { OutboundGuard } from '../net/outbound/outbound-guard.js'
import type { DbTemplate } from './db-template.setup.js'

export const ADMIN_PASSWORD = 'Admin123'

/** The run's migrated database, when the project made one (db-template.setup.ts). */
function dbTemplate(): DbTemplate {
  try {
    return inject('dbTemplate') ?? {}
  } catch {
    // outside a project that provides one: each database is migrated on its own
    return {}
  }
}

/**
 * A database for one test file: a temp SQLite file, or a fresh PostgreSQL database when
 * TEST_DIALECT=postgres. Each is a copy of the run's migrated template when there is one, and
 * migrated on its own otherwise.
 */
export async function createTestDb(): Promise<{
  db: Db
  /** the PostgreSQL database's address (another connection to it); undefined on SQLite */
  url?: string
  drop: () => Promise<void>
}> {
  const template = dbTemplate()
  const url = process.env.TEST_DATABASE_URL
  if (process.env.TEST_DIALECT === 'postgres' && url) {
    const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(
      template.pgDatabase
        ? `CREATE DATABASE ${name} TEMPLATE ${template.pgDatabase}`
        : `CREATE DATABASE ${name}`,
    )
    // a test's database is thrown away: a commit need not wait for the disk
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`)
    await admin.end()
    const u = new URL(url)
    u.pathname = `/${name}`
    const db = openDatabase({ databaseUrl: u.toString() })
    if (!template.pgDatabase) await migrate(db)
    return {
      db,
      url: u.toString(),
      drop: async () => {
        await db.destroy()
        const c = new pg.Client({ connectionString: url })
        await c.connect()
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await c.end()
      },
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-test-'))
  const file = path.join(dir, 'app.db')
  if (template.sqliteFile) fs.copyFileSync(template.sqliteFile, file)
  const db = openDatabase({ sqliteFile: file })
  if (!template.sqliteFile) await migrate(db)
  return {
    db,
    drop: async () => {
      await db.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Bare tenants named by their accounts (for tests of the database layer). */
export async function insertTenants(db: Db, accounts: string[]): Promise<void> {
  const now = Date.now()
  await db
    .insertInto('tenants')
    .values(accounts.map((account) => ({ name: account, account, created_at: now, updated_at: now })))
    .execute()
}

/**
 * Hashes of the test users' passwords, one per password for the whole worker: a hash verifies
 * whatever user holds it, and hashing (Argon2id) is made slow on purpose.
 */
const passwordHashes = new Map<string, Promise<string>>()
const passwordHash = (password: string): Promise<string> => {
  let hash = passwordHashes.get(password)
  if (!hash) {
    hash = hashPassword(password)
    passwordHashes.set(password, hash)
  }
  return hash
}

export interface Signed {
  token: string
  userId: number
  tenantId: number
}

export interface TestContext extends App {
  db: Db
  /** the simulated WhatsApp network behind the app's gateway, on a manual clock that starts at the real now */
  sim: SimHarness
  close: () => Promise<void>
  /** Ports for a tenant (unexpired by default). */
  ports: (tenantId: number, count: number, expiresAt?: number) => Promise<void>
  /** A WS account linked by QR to `phone` on the simulated network (a port is added for it); returns its id. */
  linkAccount: (tenantId: number, phone: string) => Promise<number>
  /** Creates a tenant with the given account name; returns its id. */
  tenant: (account: string, opts?: { validEndDate?: number | null }) => Promise<number>
  user: (tenantId: number, roleId: RoleId, username: string, password?: string) => Promise<number>
  signIn: (username: string, password: string, targetAccount?: string) => Promise<Signed>
  /** Tenant user with a token, in one step. */
  as: (tenantId: number, roleId: RoleId, username: string) => Promise<Signed>
  /** A raw request: for non-envelope answers and malformed bodies. */
  res: (method: 'GET' | 'POST', url: string, rawBody?: string) => Promise<LightMyRequestResponse>
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: {
      token?: string
      body?: unknown
      query?: Record<string, string>
      headers?: Record<string, string>
    },
  ) => Promise<{ res: LightMyRequestResponse; code: number; msg: string; data: unknown }>
}

export interface TestContextOptions {
  /** network options of the simulator (seed, rules, timings…) */
  sim?: SimHarnessOptions
  /** start the engines (outbox dispatcher, port expiry, resume of linked accounts); default false */
  engines?: boolean
  /** reuse a database (restart tests); it is not dropped on close */
  db?: Db
  dataDir?: string
  /** serve the /damai/sim routes of the simulated phone page; default true */
  simRoutes?: boolean
  /** the guard of addresses tenants set (its own DNS, say); default: one by the config's OUTBOUND_PRIVATE_ADDRESSES */
  outbound?: OutboundGuard
}

/** The whole server over a fresh database, with helpers to make tenants, users and calls. */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: TestContextOptions = {},
): Promise<TestContext> {
  const fresh = opts.db ? { db: opts.db, drop: async () => undefined } : await createTestDb()
  const { db, drop } = fresh
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-data-'))
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, ...env })
  const logger = pino({ level: 'silent' })
  if (!opts.db) await ensurePlatformAdmin(db, logger, ADMIN_PASSWORD)
  const sim = createSimHarness({
    seed: Math.floor(Math.random() * 2 ** 31),
    start: Date.now(),
    links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)),
    ...opts.sim,
  })
  const built = await buildApp({
    config,
    db,
    logger,
    gateway: sim.gateway,
    sim: opts.simRoutes === false ? undefined : { network: sim.network, gateway: sim.gateway },
    outbound: opts.outbound,
  })
  const app: FastifyInstance = built.app
  await app.ready()
  if (opts.engines) await built.engines.start()
  const now = Date.now()
  const ctx: TestContext = {
    ...built,
    db,
    sim,
    close: async () => {
      await app.close()
      await drop()
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
    ports: async (tenantId, count, expiresAt = Date.now() + 30 * 86_400_000) => {
      await built.messaging.ports.add(tenantId, count, expiresAt, Date.now())
    },
    linkAccount: async (tenantId, phone) => {
      await ctx.ports(tenantId, 1)
      const { accountId } = await built.messaging.login.loginQr(tenantId, 0)
      const s = sim.gateway.getStatus(String(accountId))
      if (s?.state !== 'awaiting_qr')
        throw new Error(`expected a QR for account ${accountId}, got ${s?.state}`)
      sim.network.scanQr(phone, s.qr)
      await sim.settle()
      const row = await db
        .selectFrom('ws_accounts')
        .select('status')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
      if (row.status !== 'online') throw new Error(`account ${accountId} is ${row.status} after linking`)
      return accountId
    },
    tenant: async (account, opts = {}) => {
      const t = await db
        .insertInto('tenants')
        .values({
          name: `Tenant ${account}`,
          account,
          is_platform: 0,
          risk_status: 0,
          special_channel: 0,
          status: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await ctx.user(t.id, Role.customerMaster, `${account}-master`)
      const end = opts.validEndDate === undefined ? now + 30 * 86_400_000 : opts.validEndDate
      await db
        .updateTable('users')
        .set({ valid_start_date: now, valid_end_date: end })
        .where('tenant_id', '=', t.id)
        .execute()
      return t.id
    },
    user: async (tenantId, roleId, username, password = 'Passw0rd') => {
      const row = await db
        .insertInto('users')
        .values({
          tenant_id: tenantId,
          username,
          password_hash: await passwordHash(password),
          nickname: username,
          avatar: '',
          role_id: roleId,
          status: 0,
          valid_start_date: null,
          valid_end_date: null,
          target_language: 'zh-CN',
          parent_user_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },
    signIn: async (username, password, targetAccount) => {
      const { code, data, msg } = await ctx.call('POST', '/damai/system/auth/login', {
        body: { username, password, targetAccount },
      })
      if (code !== 0) throw new Error(`sign-in of ${username} failed: ${code} ${msg}`)
      const d = data as { accessToken: string; userId: number; tenantId: number }
      return { token: d.accessToken, userId: d.userId, tenantId: d.tenantId }
    },
    as: async (tenantId, roleId, username) => {
      const userId = await ctx.user(tenantId, roleId, username)
      const { accessToken } = await built.services.tokens.issue(
        { id: userId, tenant_id: tenantId },
        { ip: '127.0.0.1', userAgent: 'test' },
      )
      return { token: accessToken, userId, tenantId }
    },
    res: (method, url, rawBody) =>
      app.inject({
        method,
        url,
        payload: rawBody,
        headers: rawBody ? { 'content-type': 'application/json' } : {},
      }),
    call: async (method, url, opts = {}) => {
      const headers: Record<string, string> = { ...opts.headers }
      if (opts.token) headers.authorization = `Bearer ${opts.token}`
      const res = await app.inject({
        method,
        url,
        query: opts.query,
        headers,
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      })
      const json = res.headers['content-type']?.toString().includes('json')
        ? (res.json() as { code: number; msg: string; data: unknown })
        : { code: -1, msg: res.body, data: null }
      return { res, code: json.code, msg: json.msg, data: json.data }
    },
  }
  return ctx
}

/** Signs in as the platform admin through the service (the admin login needs a captcha). */
export async function adminToken(ctx: TestContext): Promise<string> {
  const admin = await ctx.db
    .selectFrom('users')
    .select(['id', 'tenant_id'])
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow()
  return (await ctx.services.tokens.issue(admin, { ip: '127.0.0.1', userAgent: 'test' })).accessToken
}

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { initAuthCreds, proto } from 'baileys'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serialize, useDatabaseAuthState } from './auth-state.js'
import { type AuthTables, KyselyAuthStateStore } from './auth-store.js'
import { down, up } from './auth-store.migration.js'

interface Harness {
  db: Kysely<AuthTables>
  cleanup(): Promise<void>
}

async function sqliteHarness(): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-auth-'))
  const db = new Kysely<AuthTables>({
    dialect: new SqliteDialect({ database: new SQLite(path.join(dir, 'test.db')) }),
  })
  await up(db as unknown as Kysely<unknown>)
  return {
    db,
    async cleanup() {
      await db.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function postgresHarness(url: string): Promise<Harness> {
  const schema = `wa_auth_test_${randomBytes(4).toString('hex')}`
  const pool = new pg.Pool({ connectionString: url, max: 4 })
  const root = new Kysely<AuthTables>({ dialect: new PostgresDialect({ pool }) })
  await sql`create schema ${sql.id(schema)}`.execute(root)
  const db = root.withSchema(schema)
  await up(db as unknown as Kysely<unknown>)
  return {
    db,
    async cleanup() {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(root)
      await root.destroy()
    },
  }
}

function storeSuite(name: string, make: () => Promise<Harness>) {
  describe(`auth-state store on ${name}`, () => {
    let h: Harness
    let store: KyselyAuthStateStore
    beforeAll(async () => {
      h = await make()
      store = new KyselyAuthStateStore(h.db, () => 1_000)
    })
    afterAll(async () => {
      await h?.cleanup()
    })

    it('reads nothing for an unknown account', async () => {
      expect(await store.readCreds('404')).toBeUndefined()
      expect((await store.readKeys('404', 'session', ['a'])).size).toBe(0)
    })

    it('upserts creds', async () => {
      await store.writeCreds('1', 'first')
      await store.writeCreds('1', 'second')
      expect(await store.readCreds('1')).toBe('second')
    })

    it('writes a large key batch with upserts and deletes in one transaction', async () => {
      const ids = Array.from({ length: 812 }, (_, i) => String(i + 1))
      await store.writeKeys(
        '1',
        ids.map((id) => ({ type: 'pre-key', id, value: `v${id}` })),
      )
      await store.writeKeys('1', [
        { type: 'pre-key', id: '1', value: null },
        { type: 'pre-key', id: '2', value: 'changed' },
        { type: 'session', id: 'x.0', value: 's' },
      ])
      const got = await store.readKeys('1', 'pre-key', ['1', '2', '812', '813'])
      expect([...got.entries()].sort()).toEqual([
        ['2', 'changed'],
        ['812', 'v812'],
      ])
      expect(await store.readKeys('1', 'session', ['x.0'])).toEqual(new Map([['x.0', 's']]))
    })

    it('rolls the whole batch back when one write fails', async () => {
      const bad = { type: null as unknown as string, id: 'b', value: 'b' }
      await expect(store.writeKeys('2', [{ type: 'session', id: 'ok', value: 'ok' }, bad])).rejects.toThrow()
      expect((await store.readKeys('2', 'session', ['ok'])).size).toBe(0)
    })

    it('clears one account and lists the rest', async () => {
      await store.writeCreds('3', 'c3')
      await store.writeKeys('3', [{ type: 'session', id: 'z', value: 'z' }])
      expect(await store.listAccounts()).toEqual(['1', '3'])
      await store.clear('3')
      expect(await store.readCreds('3')).toBeUndefined()
      expect((await store.readKeys('3', 'session', ['z'])).size).toBe(0)
      expect(await store.listAccounts()).toEqual(['1'])
    })

    it('round-trips Baileys creds and keys through BufferJSON, reviving app-state keys via proto', async () => {
      const first = await useDatabaseAuthState(store, '9')
      expect(first.registered).toBe(false)
      const creds = first.state.creds
      creds.me = { id: '8613800000000:3@s.whatsapp.net', name: 'Shop' }
      creds.account = { details: new Uint8Array([1, 2]), accountSignature: new Uint8Array([3]) }
      await first.saveCreds()
      const pair = { public: new Uint8Array(randomBytes(32)), private: new Uint8Array(randomBytes(32)) }
      await first.state.keys.set({
        'pre-key': { '5': pair, '6': pair },
        'app-state-sync-key': { AAA: { keyData: new Uint8Array([9, 9]), timestamp: 7 } },
        'lid-mapping': { '8613800000000': '123' },
      })
      await first.state.keys.set({ 'pre-key': { '6': null } })

      const again = await useDatabaseAuthState(store, '9')
      expect(again.registered).toBe(true)
      expect(
        Buffer.from(again.state.creds.noiseKey.private).equals(Buffer.from(creds.noiseKey.private)),
      ).toBe(true)
      expect(again.state.creds.me?.id).toBe('8613800000000:3@s.whatsapp.net')
      const keys = await again.state.keys.get('pre-key', ['5', '6'])
      expect(Object.keys(keys)).toEqual(['5'])
      expect(Buffer.from(keys['5'].public).equals(Buffer.from(pair.public))).toBe(true)
      const app = await again.state.keys.get('app-state-sync-key', ['AAA'])
      expect(app.AAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData)
      expect(Buffer.from(app.AAA.keyData as Uint8Array)).toEqual(Buffer.from([9, 9]))
      expect(await again.state.keys.get('lid-mapping', ['8613800000000'])).toEqual({ '8613800000000': '123' })
    })

    it('starts fresh creds when the stored row is not Baileys creds', async () => {
      await store.writeCreds('10', serialize({ sim: 1, phone: '1' }))
      const s = await useDatabaseAuthState(store, '10')
      expect(s.registered).toBe(false)
      expect(s.state.creds.noiseKey).toBeDefined()
      expect(initAuthCreds().registered).toBe(false)
    })
  })
}

storeSuite('SQLite', sqliteHarness)
// the root vitest config runs this file twice when TEST_DATABASE_URL is set: once per dialect
const pgUrl = process.env.TEST_DATABASE_URL
if (pgUrl && process.env.TEST_DIALECT !== 'sqlite') storeSuite('PostgreSQL', () => postgresHarness(pgUrl))

describe('auth-store migration', () => {
  it('goes down and up again', async () => {
    const h = await sqliteHarness()
    await down(h.db as unknown as Kysely<unknown>)
    await up(h.db as unknown as Kysely<unknown>)
    await new KyselyAuthStateStore(h.db).writeCreds('1', 'x')
    await h.cleanup()
  })
})

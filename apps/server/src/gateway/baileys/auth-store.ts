import type { Kysely } from 'kysely'
import type { AccountId } from '../messaging-gateway.js'

// Deliberately free of baileys: values are opaque text, so the simulator can keep its link
// table in the same rows (see simulator/link-store.ts).

export interface AuthTables {
  wa_auth_creds: { account_id: string; creds: string; updated_at: number }
  wa_auth_keys: { account_id: string; type: string; id: string; value: string }
}

/** One write of `writeKeys`: `value: null` deletes the key. */
export interface KeyWrite {
  type: string
  id: string
  value: string | null
}

/** Where a linked device's credentials and signal keys live, as serialized text. */
export interface AuthStateStore {
  readCreds(accountId: AccountId): Promise<string | undefined>
  writeCreds(accountId: AccountId, creds: string): Promise<void>
  readKeys(accountId: AccountId, type: string, ids: string[]): Promise<Map<string, string>>
  /** All writes in one transaction; resolves once committed. */
  writeKeys(accountId: AccountId, writes: KeyWrite[]): Promise<void>
  /** Delete the creds and every key of the account. */
  clear(accountId: AccountId): Promise<void>
  /** Accounts that have creds stored. */
  listAccounts(): Promise<AccountId[]>
}

const CHUNK = 200

/**
 * `AuthStateStore` over `wa_auth_creds` / `wa_auth_keys` (auth-store.migration.ts), on SQLite or
 * PostgreSQL. Pass the server's Kysely instance as `db.withTables<AuthTables>()` (or add
 * `AuthTables` to its Database interface).
 */
export class KyselyAuthStateStore implements AuthStateStore {
  constructor(
    private readonly db: Kysely<AuthTables>,
    private readonly now: () => number = Date.now,
  ) {}

  async readCreds(accountId: AccountId): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('wa_auth_creds')
      .select('creds')
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    return row?.creds
  }

  async writeCreds(accountId: AccountId, creds: string): Promise<void> {
    await this.db
      .insertInto('wa_auth_creds')
      .values({ account_id: accountId, creds, updated_at: this.now() })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          creds: eb.ref('excluded.creds'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute()
  }

  async readKeys(accountId: AccountId, type: string, ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>()
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('wa_auth_keys')
        .select(['id', 'value'])
        .where('account_id', '=', accountId)
        .where('type', '=', type)
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute()
      for (const r of rows) out.set(r.id, r.value)
    }
    return out
  }

  async writeKeys(accountId: AccountId, writes: KeyWrite[]): Promise<void> {
    if (writes.length === 0) return
    // the last write of a (type, id) wins, as it would applied one by one
    const last = new Map<string, KeyWrite>()
    for (const w of writes) last.set(`${w.type}\u0000${w.id}`, w)
    const upserts = [...last.values()].filter((w) => w.value !== null)
    const deletes = [...last.values()].filter((w) => w.value === null)
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < upserts.length; i += CHUNK) {
        const values = upserts
          .slice(i, i + CHUNK)
          .map((w) => ({ account_id: accountId, type: w.type, id: w.id, value: w.value as string }))
        await trx
          .insertInto('wa_auth_keys')
          .values(values)
          .onConflict((oc) =>
            oc
              .columns(['account_id', 'type', 'id'])
              .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
          )
          .execute()
      }
      const byType = new Map<string, string[]>()
      for (const d of deletes) byType.set(d.type, [...(byType.get(d.type) ?? []), d.id])
      for (const [type, ids] of byType) {
        for (let i = 0; i < ids.length; i += CHUNK) {
          await trx
            .deleteFrom('wa_auth_keys')
            .where('account_id', '=', accountId)
            .where('type', '=', type)
            .where('id', 'in', ids.slice(i, i + CHUNK))
            .execute()
        }
      }
    })
  }

  async clear(accountId: AccountId): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('wa_auth_keys').where('account_id', '=', accountId).execute()
      await trx.deleteFrom('wa_auth_creds').where('account_id', '=', accountId).execute()
    })
  }

  async listAccounts(): Promise<AccountId[]> {
    const rows = await this.db
      .selectFrom('wa_auth_creds')
      .select('account_id')
      .orderBy('account_id')
      .execute()
    return rows.map((r) => r.account_id)
  }
}

/** An in-memory `AuthStateStore` for tests and throwaway runs. */
export class MemoryAuthStateStore implements AuthStateStore {
  readonly creds = new Map<AccountId, string>()
  readonly keys = new Map<string, string>()

  async readCreds(accountId: AccountId) {
    return this.creds.get(accountId)
  }
  async writeCreds(accountId: AccountId, creds: string) {
    this.creds.set(accountId, creds)
  }
  async readKeys(accountId: AccountId, type: string, ids: string[]) {
    const out = new Map<string, string>()
    for (const id of ids) {
      const v = this.keys.get(`${accountId}\u0000${type}\u0000${id}`)
      if (v !== undefined) out.set(id, v)
    }
    return out
  }
  async writeKeys(accountId: AccountId, writes: KeyWrite[]) {
    for (const w of writes) {
      const k = `${accountId}\u0000${w.type}\u0000${w.id}`
      if (w.value === null) this.keys.delete(k)
      else this.keys.set(k, w.value)
    }
  }
  async clear(accountId: AccountId) {
    this.creds.delete(accountId)
    for (const k of [...this.keys.keys()]) if (k.startsWith(`${accountId}\u0000`)) this.keys.delete(k)
  }
  async listAccounts() {
    return [...this.creds.keys()].sort()
  }
}

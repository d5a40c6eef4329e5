import type { Db } from '../db/index.js'
import type { AccountLease } from '../gateway/runtime.js'

const CHUNK = 500

/**
 * Holds on accounts in the shared database: a row per held account with the holder's process id
 * and when the hold runs out. Taking one is a single conditional upsert (free, run out, or already
 * ours), so two processes never both hold an account; the holder renews its rows on a heartbeat.
 */
export class DbAccountLease implements AccountLease {
  constructor(
    private readonly db: Db,
    /** this process's id */
    readonly holder: string,
    readonly ttlMs: number,
  ) {}

  async acquire(accountId: string): Promise<boolean> {
    const now = Date.now()
    const expires = now + this.ttlMs
    const r = await this.db
      .insertInto('account_leases')
      .values({ account_id: Number(accountId), holder: this.holder, expires_at: expires })
      .onConflict((oc) =>
        oc
          .column('account_id')
          .doUpdateSet({ holder: this.holder, expires_at: expires })
          .where((eb) =>
            eb.or([eb('account_leases.expires_at', '<', now), eb('account_leases.holder', '=', this.holder)]),
          ),
      )
      .executeTakeFirst()
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0
  }

  async release(accountId: string): Promise<void> {
    await this.db
      .deleteFrom('account_leases')
      .where('account_id', '=', Number(accountId))
      .where('holder', '=', this.holder)
      .execute()
  }

  /** Extends the holds on `accountIds`; answers those that are no longer ours. */
  async renew(accountIds: string[]): Promise<string[]> {
    if (accountIds.length === 0) return []
    const now = Date.now()
    const kept = new Set<string>()
    for (let i = 0; i < accountIds.length; i += CHUNK) {
      const ids = accountIds.slice(i, i + CHUNK).map(Number)
      await this.db
        .updateTable('account_leases')
        .set({ expires_at: now + this.ttlMs })
        .where('holder', '=', this.holder)
        .where('account_id', 'in', ids)
        .execute()
      const rows = await this.db
        .selectFrom('account_leases')
        .select('account_id')
        .where('holder', '=', this.holder)
        .where('account_id', 'in', ids)
        .execute()
      for (const r of rows) kept.add(String(r.account_id))
    }
    return accountIds.filter((id) => !kept.has(id))
  }

  /** The process holding the account now, if any. */
  async holderOf(accountId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('account_leases')
      .select('holder')
      .where('account_id', '=', Number(accountId))
      .where('expires_at', '>=', Date.now())
      .executeTakeFirst()
    return row?.holder
  }

  /** Accounts held by a live holder (any process). */
  async heldAnywhere(): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('account_leases')
      .select('account_id')
      .where('expires_at', '>=', Date.now())
      .execute()
    return new Set(rows.map((r) => Number(r.account_id)))
  }
}

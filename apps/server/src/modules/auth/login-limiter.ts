import { ErrorCode } from '@app/core'
import { sql } from 'kysely'
import type { Db } from '../../db/index.js'
import { AppError } from '../../http/errors.js'

/** What a run of failed sign-ins is counted against. */
export type LockKey = string & { readonly lockKey: unique symbol }

/**
 * The resolved account (its tenant and its user): only sign-ins that found this very user count,
 * so a same name in another tenant, or on the other screen, never adds to its lock.
 */
export const accountLock = (user: { id: number; tenant_id: number }) =>
  `user:${user.tenant_id}:${user.id}` as LockKey

/** The caller's address, for sign-ins that resolved no single user (unknown or shared names). */
export const addressLock = (ip: string) => `ip:${ip.slice(0, 64)}` as LockKey

/**
 * Counts failed sign-ins and locks a key after `maxFailures` within `lockMs`. Counters live in the
 * database so several server processes share them; each change is one conditional statement, so
 * two processes counting the same key at once both count. Per-IP request rates are limited
 * separately by the rate-limit plugin.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly maxFailures: number,
    private readonly lockMs: number,
  ) {}

  /** Minutes left on the key's lock, or null when it is open. */
  async minutesLeft(key: LockKey, now = Date.now()): Promise<number | null> {
    const row = await this.db
      .selectFrom('login_failures')
      .select('locked_until')
      .where('key', '=', key)
      .executeTakeFirst()
    if (!row?.locked_until || row.locked_until <= now) return null
    return Math.max(1, Math.ceil((row.locked_until - now) / 60_000))
  }

  /** The "locked, try again in N minutes" answer. */
  lockedError(minutes: number): AppError {
    return new AppError(ErrorCode.loginLocked, { params: { minutes } })
  }

  async recordFailure(key: LockKey, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('login_failures')
      .values({ key, count: 0, window_start: now, locked_until: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    // a run older than the lock time starts over
    const stale = sql<boolean>`${now} - ${sql.ref('window_start')} > ${this.lockMs}`
    const row = await this.db
      .updateTable('login_failures')
      .set({
        count: sql<number>`CASE WHEN ${stale} THEN 1 ELSE ${sql.ref('count')} + 1 END`,
        window_start: sql<number>`CASE WHEN ${stale} THEN ${now} ELSE ${sql.ref('window_start')} END`,
      })
      .where('key', '=', key)
      .returning('count')
      .executeTakeFirst()
    if (row && row.count >= this.maxFailures) {
      await this.db
        .updateTable('login_failures')
        .set({ locked_until: now + this.lockMs })
        .where('key', '=', key)
        .execute()
    }
  }

  async reset(key: LockKey): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', '=', key).execute()
  }
}

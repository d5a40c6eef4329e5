import { ErrorCode } from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError } from '../../http/errors.js'

/**
 * Locks a user name after repeated failed sign-ins. Counters live in the database so several
 * server processes share them. Per-IP request rates are limited separately by the rate-limit plugin.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly maxFailures: number,
    private readonly lockMs: number,
  ) {}

  private key(username: string): string {
    return `user:${username.trim().toLowerCase()}`
  }

  /** Throws loginLocked while the user name is locked. */
  async assertOpen(username: string, now = Date.now()): Promise<void> {
    const row = await this.db
      .selectFrom('login_failures')
      .select('locked_until')
      .where('key', '=', this.key(username))
      .executeTakeFirst()
    if (row?.locked_until && row.locked_until > now) {
      const minutes = Math.max(1, Math.ceil((row.locked_until - now) / 60_000))
      throw new AppError(ErrorCode.loginLocked, { params: { minutes } })
    }
  }

  async recordFailure(username: string, now = Date.now()): Promise<void> {
    const key = this.key(username)
    await this.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst()
      const fresh = !row || now - row.window_start > this.lockMs
      const count = fresh ? 1 : row.count + 1
      const locked_until = count >= this.maxFailures ? now + this.lockMs : null
      if (!row) {
        await tx
          .insertInto('login_failures')
          .values({ key, count, window_start: now, locked_until })
          .execute()
      } else {
        await tx
          .updateTable('login_failures')
          .set({ count, window_start: fresh ? now : row.window_start, locked_until })
          .where('key', '=', key)
          .execute()
      }
    })
  }

  async reset(username: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', '=', this.key(username)).execute()
  }
}

import {
  CAPTCHA_FREE_MISSES,
  CAPTCHA_LOCK_FIRST_MS,
  CAPTCHA_LOCK_MAX_MS,
  CAPTCHA_MISSES_FORGET_MS,
  ErrorCode,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError } from '../../http/errors.js'

/** How long the `misses`-th miss in a row locks the address: nothing for the first ones, then doubling. */
export function captchaLockMs(misses: number): number {
  if (misses <= CAPTCHA_FREE_MISSES) return 0
  return Math.min(CAPTCHA_LOCK_FIRST_MS * 2 ** (misses - CAPTCHA_FREE_MISSES - 1), CAPTCHA_LOCK_MAX_MS)
}

/** Tries of one claim against checks of the same address made at the same moment. */
const CLAIM_TRIES = 5

/**
 * Misses of the puzzle per client address, in the database so several server processes share
 * them. Every check is claimed before it is judged, counted as the miss it may be and with the
 * lock that miss would bring; a pass clears the count. Claims are compare-and-set on the count,
 * so checks sent all at once cannot slip past a lock one of them has just set.
 */
export class CaptchaLimiter {
  constructor(private readonly db: Db) {}

  /** Takes one check for `ip`; throws captchaLocked (with the minutes left) while the address is locked. */
  async claim(ip: string, now = Date.now()): Promise<void> {
    const key = ip.slice(0, 64)
    await this.db
      .insertInto('captcha_failures')
      .values({ ip: key, failures: 0, last_failure_at: now, locked_until: null })
      .onConflict((oc) => oc.column('ip').doNothing())
      .execute()
    for (let i = 0; i < CLAIM_TRIES; i++) {
      const row = await this.db
        .selectFrom('captcha_failures')
        .selectAll()
        .where('ip', '=', key)
        .executeTakeFirst()
      if (!row) return // a pass cleared it meanwhile: nothing is counted against this check
      if (row.locked_until && row.locked_until > now) {
        const minutes = Math.max(1, Math.ceil((row.locked_until - now) / 60_000))
        throw new AppError(ErrorCode.captchaLocked, { params: { minutes } })
      }
      const forgotten = now - row.last_failure_at > CAPTCHA_MISSES_FORGET_MS
      const failures = (forgotten ? 0 : row.failures) + 1
      const lock = captchaLockMs(failures)
      const res = await this.db
        .updateTable('captcha_failures')
        .set({ failures, last_failure_at: now, locked_until: lock ? now + lock : null })
        .where('ip', '=', key)
        .where('failures', '=', row.failures)
        .where('last_failure_at', '=', row.last_failure_at)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) === 1) return
    }
    throw new AppError(ErrorCode.tooManyRequests)
  }

  /** Addresses quiet for a day are forgotten anyway; their rows go. */
  async forgetQuiet(now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('captcha_failures')
      .where('last_failure_at', '<', now - CAPTCHA_MISSES_FORGET_MS)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .execute()
  }

  /** A right drop: the address starts over. */
  async passed(ip: string): Promise<void> {
    await this.db.deleteFrom('captcha_failures').where('ip', '=', ip.slice(0, 64)).execute()
  }
}

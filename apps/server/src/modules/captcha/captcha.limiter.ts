import {
  CAPTCHA_LOCK_FIRST_MS,
  CAPTCHA_LOCK_MAX_MS,
  CAPTCHA_MISSES_FORGET_MS,
  CAPTCHA_PASS_HOLD_MS,
  ErrorCode,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError } from '../../http/errors.js'

/** How long the `misses`-th miss in a row locks the address: nothing for the free ones, then doubling. */
function captchaLockMs(misses: number, freeMisses: number): number {
  if (misses <= freeMisses) return 0
  return Math.min(CAPTCHA_LOCK_FIRST_MS * 2 ** (misses - freeMisses - 1), CAPTCHA_LOCK_MAX_MS)
}

/** Tries of one claim against checks of the same address made at the same moment. */
const CLAIM_TRIES = 5

/** A claimed check: the address's count and time as its claim left them, for `passed` to compare. */
export interface CaptchaClaim {
  failures: number
  at: number
  lockedUntil: number | null
}

/**
 * Misses of the puzzle per client address, in the database so several server processes share
 * them. Every check is claimed before it is judged: counted as the miss it may be, with the lock
 * that miss would bring; a pass then settles the count. The rules:
 *
 * - Free misses, then doubling locks: the first `freeMisses` misses cost nothing; each further one
 *   locks the address for a minute, twice as long every time, up to a day. A day without misses
 *   starts over.
 * - A pass of an address that was never locked clears its count: the next check has the free
 *   misses again, so people sharing one address (an office behind one gateway) do not lock each
 *   other out when one passes and another then misses once.
 * - A locked address's pass waits an hour: an address that had been locked keeps its count when it
 *   passes and is held for an hour, so a lucky guess buys neither fresh free misses nor a quick
 *   next try.
 * - One pass per claim: a pass counts only if no other check of the address was claimed or passed
 *   since its own claim; otherwise it is the miss it was claimed as. Checks sent together pass at
 *   most once, and one claimed before a pass cannot pass after it.
 *
 * Together: a blind drop lands about once in 29, so a guesser mostly runs out of free misses and
 * into the doubling locks; once locked, each pass holds the address an hour and the locks keep
 * growing. Only a pass of an address not locked since its count was last cleared starts it over,
 * so of two passes of one address less than an hour apart the first is always such a pass.
 * Claims are compare-and-set on the count and its time, so checks sent all at once cannot slip
 * past a lock one of them has just set.
 *
 * A row's `failures` are the misses counted since the last pass that cleared them (the check in
 * flight included); with none, the row stays, `last_failure_at` the time of that pass. Every claim
 * and every clearing pass moves `last_failure_at` forward, by a millisecond at least, so a claim's
 * count and time never come back once the row has changed (one pass per claim: a claim made
 * before a pass cannot match the row again after it, even within the same millisecond).
 */
export class CaptchaLimiter {
  /** `freeMisses`: misses an address makes before each further one locks it */
  constructor(
    private readonly db: Db,
    private readonly freeMisses: number,
  ) {}

  /** Takes one check for `ip`; throws captchaLocked (with the minutes left) while the address is locked. */
  async claim(ip: string, now = Date.now()): Promise<CaptchaClaim> {
    const key = ip.slice(0, 64)
    for (let i = 0; i < CLAIM_TRIES; i++) {
      const row = await this.db
        .selectFrom('captcha_failures')
        .selectAll()
        .where('ip', '=', key)
        .executeTakeFirst()
      if (!row) {
        const lock = captchaLockMs(1, this.freeMisses)
        const first = { failures: 1, at: now, lockedUntil: lock ? now + lock : null }
        const inserted = await this.db
          .insertInto('captcha_failures')
          .values({ ip: key, failures: 1, last_failure_at: now, locked_until: first.lockedUntil })
          .onConflict((oc) => oc.column('ip').doNothing())
          .returning('ip')
          .executeTakeFirst()
        if (inserted) return first
        continue
      }
      if (row.locked_until && row.locked_until > now) {
        const minutes = Math.max(1, Math.ceil((row.locked_until - now) / 60_000))
        throw new AppError(ErrorCode.captchaLocked, { params: { minutes } })
      }
      const claim = this.counted(row, now)
      const res = await this.db
        .updateTable('captcha_failures')
        .set({ failures: claim.failures, last_failure_at: claim.at, locked_until: claim.lockedUntil })
        .where('ip', '=', key)
        .where('failures', '=', row.failures)
        .where('last_failure_at', '=', row.last_failure_at)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) === 1) return claim
    }
    throw new AppError(ErrorCode.tooManyRequests)
  }

  /** The count and lock of the address with one more miss at `now`. */
  private counted(row: { failures: number; last_failure_at: number }, now: number): CaptchaClaim {
    const forgotten = now - row.last_failure_at > CAPTCHA_MISSES_FORGET_MS
    const failures = (forgotten ? 0 : row.failures) + 1
    const lock = captchaLockMs(failures, this.freeMisses)
    // one pass per claim: the row's time only moves forward, so no claim's count and time recur
    const at = Math.max(now, row.last_failure_at + 1)
    return { failures, at, lockedUntil: lock ? now + lock : null }
  }

  /** Addresses quiet for a day are forgotten anyway; their rows go. */
  async forgetQuiet(now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('captcha_failures')
      .where('last_failure_at', '<', now - CAPTCHA_MISSES_FORGET_MS)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .execute()
  }

  /**
   * A right drop of the check `claim` took. Its claim counted it as a miss, so the count holds it:
   * an address that had not been locked before it is cleared (free misses again); one that had
   * been locked keeps its count and is held for an hour (a person signs in with this pass; a
   * guesser gets one an hour). False when another check of the address was claimed or passed since
   * this one's claim (one pass per claim): the drop is then the miss it was counted as.
   */
  async passed(ip: string, claim: CaptchaClaim, now = Date.now()): Promise<boolean> {
    const neverLocked = claim.failures <= this.freeMisses + 1
    const res = await this.db
      .updateTable('captcha_failures')
      .set(
        neverLocked
          ? // the row stays, its time moved on: a claim made before this pass cannot match it again
            { failures: 0, last_failure_at: Math.max(now, claim.at + 1), locked_until: null }
          : { locked_until: Math.max(claim.lockedUntil ?? 0, now + CAPTCHA_PASS_HOLD_MS) },
      )
      .where('ip', '=', ip.slice(0, 64))
      .where('failures', '=', claim.failures)
      .where('last_failure_at', '=', claim.at)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }
}

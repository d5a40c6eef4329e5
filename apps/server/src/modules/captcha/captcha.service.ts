import { randomBytes, randomInt } from 'node:crypto'
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_PIECE,
  CAPTCHA_TOLERANCE_PX,
  CAPTCHA_TTL_MS,
  CAPTCHA_WIDTH,
  type CaptchaImage,
  type CaptchaTrackPoint,
  ErrorCode,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError } from '../../http/errors.js'
import { renderPuzzle } from './captcha.image.js'
import type { CaptchaLimiter } from './captcha.limiter.js'
import { trackFault } from './captcha.track.js'

const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32

/**
 * Block-puzzle captcha. `issue` draws a picture with a gap; `check` verifies where the piece was
 * dropped and that the drag's track looks like a person's (either failing is a miss: it burns the
 * puzzle, and misses from one address buy it growing locks); `consume` accepts a verified puzzle
 * once, at sign-in.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly limiter: CaptchaLimiter,
  ) {}

  async issue(now = Date.now()): Promise<CaptchaImage> {
    const img = renderPuzzle({
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      pieceSize: CAPTCHA_PIECE,
      random: secureRandom,
    })
    const token = randomBytes(18).toString('base64url')
    const expiresAt = now + CAPTCHA_TTL_MS
    await this.db
      .deleteFrom('captchas')
      .where('expires_at', '<', now - CAPTCHA_TTL_MS)
      .execute()
    await this.limiter.forgetQuiet(now)
    await this.db
      .insertInto('captchas')
      .values({
        token,
        x: img.x,
        y: img.y,
        created_at: now,
        expires_at: expiresAt,
        verified_at: null,
        used_at: null,
      })
      .execute()
    return {
      token,
      backgroundImage: `data:image/png;base64,${img.background.toString('base64')}`,
      pieceImage: `data:image/png;base64,${img.piece.toString('base64')}`,
      pieceY: img.y,
      width: img.width,
      height: img.height,
      pieceSize: img.pieceSize,
      expiresAt,
    }
  }

  async check(
    token: string,
    x: number,
    track: readonly CaptchaTrackPoint[],
    ip: string,
    now = Date.now(),
  ): Promise<{ captchaVerification: string }> {
    const row = await this.db.selectFrom('captchas').selectAll().where('token', '=', token).executeTakeFirst()
    if (!row || row.verified_at != null || row.used_at != null) throw new AppError(ErrorCode.captchaInvalid)
    if (row.expires_at <= now) {
      await this.db.deleteFrom('captchas').where('token', '=', token).execute()
      throw new AppError(ErrorCode.captchaExpired)
    }
    const claim = await this.limiter.claim(ip, now)
    // one answer for a wrong place, an implausible drag and a right drop the limiter does not count
    // as a pass (one pass per claim): a guesser learns nothing of which
    const dragged = trackFault(track, x, now - row.created_at) === null
    const landed = dragged && Math.abs(Math.round(x) - row.x) <= CAPTCHA_TOLERANCE_PX
    if (!landed || !(await this.limiter.passed(ip, claim, now))) {
      await this.db.deleteFrom('captchas').where('token', '=', token).execute()
      throw new AppError(ErrorCode.captchaInvalid)
    }
    const res = await this.db
      .updateTable('captchas')
      .set({ verified_at: now })
      .where('token', '=', token)
      .where('verified_at', 'is', null)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.captchaInvalid)
    return { captchaVerification: token }
  }

  /** Single use: the first sign-in with a verified puzzle takes it. */
  async consume(captchaVerification: string, now = Date.now()): Promise<void> {
    const res = await this.db
      .updateTable('captchas')
      .set({ used_at: now })
      .where('token', '=', captchaVerification)
      .where('verified_at', 'is not', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.captchaInvalid)
  }
}

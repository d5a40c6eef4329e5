import { ErrorCode } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/harness.js'
import { type Answer, check, puzzle } from './captcha.fixtures.js'
import { CaptchaLimiter } from './captcha.limiter.js'

/**
 * Guessing the puzzle: a blind drop lands within the tolerance about once in 29 tries, so misses
 * per address buy growing locks, kept in the database for every server process.
 */
let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '1000' })
})
afterAll(() => ctx.close())

/** A drop far from the gap. */
const miss = async (ip: string, on = ctx) => {
  const p = await puzzle(on)
  return check(on, p.token, (p.gapX + 100) % 250, { ip })
}
const solve = async (ip: string, on = ctx) => {
  const p = await puzzle(on)
  return check(on, p.token, p.gapX + 2, { ip })
}

/** The lock runs out (the test's stand-in for waiting it out). */
const waitOut = (ip: string) =>
  ctx.db
    .updateTable('captcha_failures')
    .set({ locked_until: Date.now() - 1 })
    .where('ip', '=', ip)
    .execute()

const minutesIn = (a: Answer) => Number(/try again in (\d+) minutes/.exec(a.msg)?.[1])

/** The platform admin's sign-in with a solved puzzle. */
const signIn = async (ip: string, solved: Answer, password: string): Promise<Answer> =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/damai/system/auth/admin/login',
      payload: {
        enterUsername: 'platform',
        username: 'admin',
        password,
        captchaVerification: solved.data?.captchaVerification,
      },
      remoteAddress: ip,
      headers: { language: 'en' },
    })
  ).json() as Answer

describe('captcha misses per address', () => {
  it('lets a person pass after one or two misses, and starts them over at once after a pass', async () => {
    const ip = '10.7.0.1'
    for (let round = 0; round < 3; round++) {
      expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
      expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
      expect((await solve(ip)).code).toBe(0)
    }
    // the count starts over, but the free misses are still only a few
    for (let i = 0; i < 3; i++) expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
    expect(minutesIn(await solve(ip))).toBe(1)
  })

  it('locks an address after a few misses, even for a right drop, and says for how long', async () => {
    const ip = '10.7.0.2'
    for (let i = 0; i < 3; i++) expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
    const locked = await solve(ip)
    expect(locked.code).toBe(ErrorCode.captchaLocked)
    expect(locked.msg).toBe('Too many failed slider checks, try again in 1 minutes')
    // another address is not affected
    expect((await solve('10.7.0.3')).code).toBe(0)
  })

  it('doubles the lock with every further miss, so that guessing costs hours', async () => {
    const ip = '10.7.0.4'
    for (let i = 0; i < 3; i++) await miss(ip)
    const locks: number[] = [minutesIn(await solve(ip))]
    for (let i = 0; i < 9; i++) {
      await waitOut(ip)
      expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
      locks.push(minutesIn(await miss(ip)))
    }
    expect(locks).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512])
    // twelve guesses in all, each one in 29 likely: the wait alone is past 17 hours
    expect(locks.reduce((a, b) => a + b, 0)).toBeGreaterThan(17 * 60)
  })

  it('keeps the count of an address that was locked when it passes, and holds it an hour', async () => {
    const ip = '10.7.0.8'
    for (let i = 0; i < 3; i++) await miss(ip)
    await waitOut(ip)
    expect((await solve(ip)).code).toBe(0)
    const held = await solve(ip)
    expect(held.code).toBe(ErrorCode.captchaLocked)
    expect(minutesIn(held)).toBe(60)
    await waitOut(ip)
    // the lucky drop bought no fresh free misses: the next miss locks, longer than before
    expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
    expect(minutesIn(await solve(ip))).toBe(4)
  })

  it('counts a drag that does not look like one as a miss', async () => {
    const ip = '10.7.0.9'
    for (let i = 0; i < 3; i++) {
      const p = await puzzle(ctx)
      const straight = Array.from({ length: 20 }, (_, k) => ({ t: k * 50, x: (p.gapX * k) / 19 }))
      expect((await check(ctx, p.token, p.gapX, { ip, track: straight })).code).toBe(ErrorCode.captchaInvalid)
    }
    expect((await solve(ip)).code).toBe(ErrorCode.captchaLocked)
  })

  it('never holds a person who passes, mistypes the password and passes again at first try', async () => {
    const ip = '10.7.1.1'
    for (const password of ['Wrong1234', 'Wrong5678']) {
      const solved = await solve(ip)
      expect(solved.code).toBe(0)
      expect((await signIn(ip, solved, password)).code).toBe(ErrorCode.wrongCredentials)
    }
    const solved = await solve(ip)
    expect(solved.code).toBe(0)
    expect((await signIn(ip, solved, ADMIN_PASSWORD)).code).toBe(0)
  })

  it('does not lock a person who misses once and then passes', async () => {
    const ip = '10.7.1.2'
    expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
    const solved = await solve(ip)
    expect(solved.code).toBe(0)
    expect((await signIn(ip, solved, 'Wrong1234')).code).toBe(ErrorCode.wrongCredentials)
    const again = await solve(ip)
    expect(again.code).toBe(0)
    expect((await signIn(ip, again, ADMIN_PASSWORD)).code).toBe(0)
  })

  it('locks no one when two people behind one address pass, one of them after a miss', async () => {
    const ip = '10.7.1.3'
    // one passes and signs in
    const first = await solve(ip)
    expect(first.code).toBe(0)
    expect((await signIn(ip, first, ADMIN_PASSWORD)).code).toBe(0)
    // the other, a moment later, misses once, then passes and signs in
    expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
    const second = await solve(ip)
    expect(second.code).toBe(0)
    expect((await signIn(ip, second, ADMIN_PASSWORD)).code).toBe(0)
    // neither is locked: both pass again, and a miss is still free
    expect((await solve(ip)).code).toBe(0)
    expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
    expect((await solve(ip)).code).toBe(0)
  })

  it('counts one pass among checks claimed together: the last claimed', async () => {
    const limiter = new CaptchaLimiter(ctx.db, 2)
    const ip = '10.7.1.4'
    const now = Date.now()
    const first = await limiter.claim(ip, now)
    const second = await limiter.claim(ip, now)
    const third = await limiter.claim(ip, now)
    expect(await limiter.passed(ip, first, now)).toBe(false)
    expect(await limiter.passed(ip, third, now)).toBe(true)
    // claimed before that pass, judged after it: the miss it was counted as
    expect(await limiter.passed(ip, second, now)).toBe(false)
  })

  it('does not count a pass claimed before another pass, even when a later claim has the same count', async () => {
    const limiter = new CaptchaLimiter(ctx.db, 2)
    const ip = '10.7.1.5'
    const now = Date.now()
    const first = await limiter.claim(ip, now)
    expect(await limiter.passed(ip, await limiter.claim(ip, now), now)).toBe(true)
    // the pass cleared the count: the next claim counts one miss again, as the first did, in the
    // same millisecond
    const third = await limiter.claim(ip, now)
    expect(third.failures).toBe(first.failures)
    expect(await limiter.passed(ip, first, now)).toBe(false)
    expect(await limiter.passed(ip, third, now)).toBe(true)
  })

  it('does not let parallel guesses slip past the lock', async () => {
    const ip = '10.7.0.5'
    const puzzles = await Promise.all(Array.from({ length: 12 }, () => puzzle(ctx)))
    const answers = await Promise.all(puzzles.map((p) => check(ctx, p.token, (p.gapX + 100) % 250, { ip })))
    const judged = answers.filter((a) => a.code === ErrorCode.captchaInvalid)
    expect(judged.length).toBeLessThanOrEqual(3)
    expect(answers.filter((a) => a.code === ErrorCode.captchaLocked).length).toBe(12 - judged.length)
  })

  it('forgets an address after a quiet day', async () => {
    const ip = '10.7.0.7'
    for (let i = 0; i < 3; i++) await miss(ip)
    await ctx.db
      .updateTable('captcha_failures')
      .set({ last_failure_at: Date.now() - 86_400_001, locked_until: Date.now() - 1 })
      .where('ip', '=', ip)
      .execute()
    expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
    expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
    expect((await solve(ip)).code).toBe(0)
  })

  it('keeps the lock in the database, so another server process sees it', async () => {
    const ip = '10.7.0.6'
    for (let i = 0; i < 3; i++) await miss(ip)
    const other = await createTestContext({ LOGIN_RATE_PER_MINUTE: '1000' }, { db: ctx.db })
    try {
      expect((await solve(ip, other)).code).toBe(ErrorCode.captchaLocked)
    } finally {
      await other.close()
    }
  })
})

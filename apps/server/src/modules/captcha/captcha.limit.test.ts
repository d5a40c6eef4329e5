import { ErrorCode } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

/**
 * Guessing the puzzle: a fixed drop lands within the tolerance about once in 16 tries, so misses
 * per address buy growing locks, kept in the database for every server process.
 */
let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '1000' })
})
afterAll(() => ctx.close())

interface Answer {
  code: number
  msg: string
}

async function puzzle(on = ctx): Promise<{ token: string; gapX: number }> {
  const r = await on.app.inject({ method: 'POST', url: '/damai/system/captcha/get', payload: {} })
  const token = (r.json() as { data: { token: string } }).data.token
  const row = await on.db
    .selectFrom('captchas')
    .select('x')
    .where('token', '=', token)
    .executeTakeFirstOrThrow()
  return { token, gapX: row.x }
}

const check = async (ip: string, token: string, x: number, on = ctx): Promise<Answer> =>
  (
    await on.app.inject({
      method: 'POST',
      url: '/damai/system/captcha/check',
      payload: { token, x },
      remoteAddress: ip,
      headers: { language: 'en' },
    })
  ).json()

/** A drop far from the gap. */
const miss = async (ip: string, on = ctx) => {
  const p = await puzzle(on)
  return check(ip, p.token, (p.gapX + 100) % 250, on)
}
const solve = async (ip: string, on = ctx) => {
  const p = await puzzle(on)
  return check(ip, p.token, p.gapX + 2, on)
}

/** The lock runs out (the test's stand-in for waiting it out). */
const waitOut = (ip: string) =>
  ctx.db
    .updateTable('captcha_failures')
    .set({ locked_until: Date.now() - 1 })
    .where('ip', '=', ip)
    .execute()

const minutesIn = (a: Answer) => Number(/try again in (\d+) minutes/.exec(a.msg)?.[1])

describe('captcha misses per address', () => {
  it('lets a person pass after one or two misses, and starts them over after a pass', async () => {
    const ip = '10.7.0.1'
    for (let round = 0; round < 2; round++) {
      expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
      expect((await miss(ip)).code).toBe(ErrorCode.captchaInvalid)
      expect((await solve(ip)).code).toBe(0)
    }
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
    // twelve guesses in all, each one in 16 likely: the wait alone is past 17 hours
    expect(locks.reduce((a, b) => a + b, 0)).toBeGreaterThan(17 * 60)
  })

  it('does not let parallel guesses slip past the lock', async () => {
    const ip = '10.7.0.5'
    const puzzles = await Promise.all(Array.from({ length: 12 }, () => puzzle()))
    const answers = await Promise.all(puzzles.map((p) => check(ip, p.token, (p.gapX + 100) % 250)))
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

import { randomBytes } from 'node:crypto'
import { CAPTCHA_PIECE, CAPTCHA_TTL_MS, CAPTCHA_WIDTH, ErrorCode } from '@app/core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mulberry32 } from '../../gateway/simulator/prng.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { type Answer, check, humanTrack } from './captcha.fixtures.js'

/**
 * A blind guesser at the default limits: it never looks at the picture, drags like a person
 * (the best track it could send) to a guessed place, and tries again as soon as its address may,
 * waiting out each lock it is told of. The clock is the test's (`Date` faked): each try takes the
 * drag's time, each lock its minutes.
 *
 * The guess is seeded so the run repeats: a blind drop at `u` against a gap at `v` lands `u - v`
 * from it, `u` the guesser's pick and `v` any gap position, both uniform; the guesser drops that
 * far from the real gap. Whether it lands is the server's call, by its own tolerance: 7 of the 202
 * gap positions, about once in 29. As the guesser never looks at the picture, the test draws none:
 * it puts each puzzle straight into the database, and the check goes through the server.
 *
 * The bounds (captcha.limiter.ts): a pass of an address never locked since its count was last
 * cleared clears it again, so a guesser may pass, get fresh free misses and pass again. But a
 * blind drop lands so rarely that it mostly runs out of free misses into the doubling locks: a pass
 * among the three checks before the first lock comes about once in 10 (1 - (195/202)^3), a run of
 * k such passes about once in 10^k. Once locked, each pass holds the address an hour and the locks
 * keep growing, so two passes of one address less than an hour apart always have the first one a
 * pass that cleared the count.
 */
const HOUR = 3_600_000
const DRAG_MS = 1_200
/** where the gap can lie (captcha.image.ts): 202 positions */
const GAP_MIN = CAPTCHA_PIECE + 10
const GAP_MAX = CAPTCHA_WIDTH - CAPTCHA_PIECE - 5

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '1000000' })
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(() => ctx.close())

const between = (rnd: () => number, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1))
const minutesIn = (a: Answer) => Number(/try again in (\d+) minutes/.exec(a.msg)?.[1])
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms)

/** A puzzle with its gap at `gapX`, handed out now. */
async function blindPuzzle(gapX: number): Promise<string> {
  const token = randomBytes(18).toString('base64url')
  const now = Date.now()
  await ctx.db
    .insertInto('captchas')
    .values({
      token,
      x: gapX,
      y: 40,
      created_at: now,
      expires_at: now + CAPTCHA_TTL_MS,
      verified_at: null,
      used_at: null,
    })
    .execute()
  return token
}

interface Run {
  /** times of the checks the server judged (a miss or a pass), from the start */
  judged: number[]
  /** times of the passes, from the start */
  passes: number[]
  /** for each pass, whether it cleared the count: no lock met since the count was last cleared */
  cleared: boolean[]
}

/** Guesses from `ip` for `ms` of the test's clock. */
async function guess(ip: string, ms: number, rnd: () => number): Promise<Run> {
  const start = Date.now()
  const run: Run = { judged: [], passes: [], cleared: [] }
  // a lock is met on the try right after the check that set it, as the guesser tries at once
  let lockedSinceCleared = false
  while (Date.now() - start < ms) {
    const gapX = between(rnd, GAP_MIN, GAP_MAX)
    const token = await blindPuzzle(gapX)
    // the best blind pick keeps its whole landing window inside the gap's range
    const offset = between(rnd, GAP_MIN + 3, GAP_MAX - 3) - between(rnd, GAP_MIN, GAP_MAX)
    const x = Math.min(Math.max(gapX + offset, 0), CAPTCHA_WIDTH - CAPTCHA_PIECE)
    advance(DRAG_MS)
    const a = await check(ctx, token, x, { ip, track: humanTrack(x, DRAG_MS) })
    const at = Date.now() - start
    if (a.code === ErrorCode.captchaLocked) {
      lockedSinceCleared = true
      advance(minutesIn(a) * 60_000)
      continue
    }
    if (a.code === 0) {
      run.passes.push(at)
      run.cleared.push(!lockedSinceCleared)
    } else expect(a.code).toBe(ErrorCode.captchaInvalid)
    run.judged.push(at)
  }
  return run
}

/** How many of `times` fall in each hour from the start, over `hours`. */
const perHour = (times: number[], hours: number) =>
  Array.from({ length: hours }, (_, h) => times.filter((t) => t >= h * HOUR && t < (h + 1) * HOUR).length)

/** The most of `times` (ascending) in any window of an hour. */
const mostInAnHour = (times: number[]) =>
  times.reduce((most, t, i) => Math.max(most, times.filter((u, j) => j >= i && u - t < HOUR).length), 0)

/** Passes less than an hour after the one before that did not clear the count. */
const quickPassesAfterHeldOnes = (run: Run) =>
  run.passes.filter((t, i) => i > 0 && t - (run.passes[i - 1] as number) < HOUR && !run.cleared[i - 1]).length

describe('a blind guesser from one address', () => {
  it('runs into the doubling locks and passes again within an hour only after a clearing pass, over a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const run = await guess('10.8.0.1', 24 * HOUR, mulberry32(20_240_611))
    const passes = perHour(run.passes, 24)
    const judged = perHour(run.judged, 24)
    console.log(
      `one address, 24 h: passes per hour ${passes.join(',')}; judged checks per hour ${judged.join(',')}; ` +
        `most passes in any hour ${mostInAnHour(run.passes)}`,
    )
    expect(quickPassesAfterHeldOnes(run)).toBe(0)
    expect(mostInAnHour(run.passes)).toBeLessThanOrEqual(2)
    // the free misses and the short first locks come in the first two hours: from the third hour
    // on, each hour judges one check or none, and the whole day a score or fewer
    expect(Math.max(...judged.slice(2))).toBeLessThanOrEqual(1)
    expect(run.judged.length).toBeLessThanOrEqual(20)
  })

  it('passes rarely, and seldom twice in an hour, over many addresses and hours', {
    timeout: 300_000,
  }, async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const rnd = mulberry32(7)
    const addresses = 400
    const hours = 4
    let passes = 0
    let firstHourPasses = 0
    let judged = 0
    let most = 0
    let twice = 0
    let thrice = 0
    let quickAfterHeld = 0
    for (let i = 0; i < addresses; i++) {
      const run = await guess(`10.9.${i >> 8}.${i & 255}`, hours * HOUR, rnd)
      passes += run.passes.length
      firstHourPasses += perHour(run.passes, 1)[0] as number
      judged += run.judged.length
      const inAnHour = mostInAnHour(run.passes)
      most = Math.max(most, inAnHour)
      if (inAnHour > 1) twice++
      if (inAnHour > 2) thrice++
      quickAfterHeld += quickPassesAfterHeldOnes(run)
    }
    console.log(
      `${addresses} addresses, ${hours} h each: ${passes} passes in ${judged} judged checks, ` +
        `${(passes / (addresses * hours)).toFixed(3)} passes per hour per address ` +
        `(${(firstHourPasses / addresses).toFixed(3)} in the first hour); ` +
        `most passes in any hour of one address ${most}, addresses with two in an hour ${twice} ` +
        `(${((100 * twice) / addresses).toFixed(1)}%), with three or more ${thrice}`,
    )
    // a locked address's pass waits an hour: a quick second pass only follows one that cleared the count
    expect(quickAfterHeld).toBe(0)
    // runs of passes that clear the count are rare, and rarer the longer they are
    expect(twice / addresses).toBeLessThan(0.05)
    expect(thrice / addresses).toBeLessThanOrEqual(0.02)
    expect(most).toBeLessThanOrEqual(5)
    expect(firstHourPasses / addresses).toBeLessThanOrEqual(0.5)
    expect(passes / (addresses * hours)).toBeLessThanOrEqual(0.25)
  })
})

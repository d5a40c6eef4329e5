import { type CaptchaTrackPoint, ErrorCode } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { check, humanTrack, puzzle } from './captcha.fixtures.js'
import { trackFault } from './captcha.track.js'

/**
 * The drag's track: a person's drag to the gap passes; a drop whose track is a straight line at
 * one speed, too quick, too sparse, elsewhere than the drop, or longer than the puzzle has
 * existed is a miss, answered like a wrong place. Each case from its own address, so that no
 * lock gets in the way.
 */
let ctx: TestContext
let address = 0
const nextIp = () => `10.9.0.${++address}`

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '1000' })
})
afterAll(() => ctx.close())

/** The piece slid from 0 to `x` at one speed over `ms`, a sample every `every` ms. */
const straight = (x: number, ms: number, every = 16): CaptchaTrackPoint[] =>
  Array.from({ length: Math.floor(ms / every) + 1 }, (_, k) => ({ t: k * every, x: (x * k * every) / ms }))

/**
 * Key presses, as the slider records them: the piece where it was and where the press put it, at
 * the press. Shift+ArrowRight (10 px) with a person's pauses (`pauses`, repeated), then ArrowRight
 * (2 px) up to the gap.
 */
function keyboardTrack(
  x: number,
  pauses = [180, 140, 220, 160, 150, 260, 130, 170, 200, 150],
): CaptchaTrackPoint[] {
  const out: CaptchaTrackPoint[] = [{ t: 0, x: 0 }]
  let t = 0
  let at = 0
  const press = (pause: number, step: number) => {
    t += pause
    out.push({ t, x: at })
    at = Math.min(x, at + step)
    out.push({ t, x: at })
  }
  for (let k = 0; at + 10 <= x; k++) press(pauses[k % pauses.length] as number, 10)
  while (at < x) press(450, 2)
  return out
}

const dropWith = async (track: (gapX: number) => CaptchaTrackPoint[], lookedMs?: number) => {
  const p = await puzzle(ctx, lookedMs)
  return (await check(ctx, p.token, p.gapX, { ip: nextIp(), track: track(p.gapX) })).code
}

describe('the track of a drop', () => {
  it("passes a person's drag to the gap: with the mouse, and with the keys", async () => {
    expect(await dropWith((x) => humanTrack(x))).toBe(0)
    expect(await dropWith((x) => humanTrack(x, 2_500))).toBe(0)
    expect(await dropWith(keyboardTrack, 15_000)).toBe(0)
  })

  it('misses a straight line at one speed, even a slow one that ends on the gap', async () => {
    expect(await dropWith((x) => straight(x, 900))).toBe(ErrorCode.captchaInvalid)
    expect(await dropWith((x) => straight(x, 3_000, 40))).toBe(ErrorCode.captchaInvalid)
  })

  it('misses a drag too quick for a hand, and one with too few samples', async () => {
    expect(await dropWith((x) => humanTrack(x, 200))).toBe(ErrorCode.captchaInvalid)
    expect(
      await dropWith((x) => humanTrack(x).filter((_, i, all) => i % 12 === 0 || i === all.length - 1)),
    ).toBe(ErrorCode.captchaInvalid)
  })

  it('misses a track that ends elsewhere than the drop, or lasts longer than the puzzle has existed', async () => {
    expect(await dropWith((x) => humanTrack(x + 30))).toBe(ErrorCode.captchaInvalid)
    expect(await dropWith((x) => humanTrack(x, 3_000), 1_000)).toBe(ErrorCode.captchaInvalid)
  })
})

describe('trackFault', () => {
  it('names the first rule a track breaks', () => {
    const human = humanTrack(150)
    expect(trackFault(human, 150, 5_000)).toBeNull()
    expect(trackFault(human.slice(0, 5), 150, 5_000)).toBe('samples')
    expect(trackFault([{ t: 0, x: 40 }, ...human.slice(1)], 150, 5_000)).toBe('start')
    expect(trackFault([...human.slice(0, -1), { t: 10, x: 150 }], 150, 5_000)).toBe('order')
    expect(trackFault(human, 160, 5_000)).toBe('end')
    expect(trackFault(humanTrack(150, 250), 150, 5_000)).toBe('duration')
    expect(trackFault(human, 150, 500)).toBe('age')
    const wobble = human.map((p, i) => ({
      t: p.t,
      x: i % 2 && i < human.length - 1 ? Math.max(0, p.x - 40) : p.x,
    }))
    expect(trackFault(wobble, 150, 5_000)).toBe('back')
    expect(trackFault(straight(150, 900), 150, 5_000)).toBe('straight')
    // keys pressed at one even pace, landing on the gap: still a person's steps
    expect(trackFault(keyboardTrack(250, [200]), 250, 30_000)).toBeNull()
    expect(trackFault(keyboardTrack(57, [200]), 57, 30_000)).toBeNull()
    expect(trackFault(keyboardTrack(153), 153, 30_000)).toBeNull()
  })
})

import type { CaptchaTrackPoint } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'

/** Test helpers of the slider captcha: puzzles, a person's drag, a solved check. */

interface Ctx {
  db: Db
  app: FastifyInstance
}

export interface Answer {
  code: number
  msg: string
  data: { captchaVerification: string } | null
}

/**
 * A person's drag to `x` over `ms`: a pointer sample every 16 ms, fast at first and slow near the
 * gap (ease-out), a few pixels past it, then back onto it.
 */
export function humanTrack(x: number, ms = 900): CaptchaTrackPoint[] {
  const out: CaptchaTrackPoint[] = [{ t: 0, x: 0 }]
  const reach = ms * 0.8
  const past = x + 4
  for (let t = 16; t < reach; t += 16) {
    const s = t / reach
    out.push({ t, x: Math.round(past * (1 - (1 - s) ** 3)) })
  }
  for (let t = Math.ceil(reach / 16) * 16; t < ms; t += 16) {
    out.push({ t, x: Math.round(past - (4 * (t - reach)) / (ms - reach)) })
  }
  out.push({ t: ms, x })
  return out
}

/**
 * A new puzzle and where its gap is (read from the database, as a person sees it). `lookedMs`:
 * how long ago it was handed out, as if a person had been looking at it (a drag cannot last
 * longer than its puzzle has existed).
 */
export async function puzzle(ctx: Ctx, lookedMs = 5_000): Promise<{ token: string; gapX: number }> {
  const r = await ctx.app.inject({ method: 'POST', url: '/damai/system/captcha/get', payload: {} })
  const token = (r.json() as { data: { token: string } }).data.token
  const row = await ctx.db
    .selectFrom('captchas')
    .select(['x', 'created_at'])
    .where('token', '=', token)
    .executeTakeFirstOrThrow()
  if (lookedMs) {
    await ctx.db
      .updateTable('captchas')
      .set({ created_at: row.created_at - lookedMs })
      .where('token', '=', token)
      .execute()
  }
  return { token, gapX: row.x }
}

/** A drop at `x` after the drag `track` (a person's drag to `x` unless given). */
export async function check(
  ctx: Ctx,
  token: string,
  x: number,
  opts: { ip?: string; track?: CaptchaTrackPoint[] } = {},
): Promise<Answer> {
  const r = await ctx.app.inject({
    method: 'POST',
    url: '/damai/system/captcha/check',
    payload: { token, x, track: opts.track ?? humanTrack(x) },
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { language: 'en' },
  })
  return r.json() as Answer
}

/** A puzzle solved by a person's drag from `ip`: its captchaVerification. */
export async function solvedCaptcha(ctx: Ctx, ip = '127.0.0.1'): Promise<string> {
  const p = await puzzle(ctx)
  const r = await check(ctx, p.token, p.gapX + 1, { ip })
  if (r.code !== 0 || !r.data) throw new Error(`captcha not solved: ${r.code} ${r.msg}`)
  return r.data.captchaVerification
}

import type { CaptchaTrackPoint } from '@app/core'

/**
 * Whether the track of a drop looks like a person's drag. A person presses the handle at the left
 * end, moves it right over a good part of a second or more, mostly forward, faster in the middle
 * than at the ends (or in key presses with pauses), and lets go where the piece lies. A script that
 * sets the answer, or slides the handle in a straight line at one speed, does not. Each rule is
 * simple on purpose: it is a hurdle a guesser must clear on every try, not a proof of a person.
 */
const TRACK_RULES = {
  /** samples of the drag: pointer moves come tens a second, key presses one per step */
  minSamples: 8,
  /** the shortest drag a person makes across the puzzle */
  minMs: 300,
  /** the first sample is the press on the handle, at the left end */
  startMaxPx: 2,
  /** the last sample is where the piece was dropped */
  endMaxPx: 1,
  /** backward movement (an overshoot put right) at most this share of the forward movement */
  maxBackShare: 0.5,
  /**
   * somewhere the drag is this share of its distance off the straight line of one speed, at least
   * `minBendPx` and at most `maxBendPx` (key presses move the piece in steps of 2 or 10 px: each
   * step is a jump off that line however evenly the keys are pressed)
   */
  minBendShare: 0.05,
  minBendPx: 3,
  maxBendPx: 6,
} as const

export type TrackFault = 'samples' | 'start' | 'order' | 'end' | 'duration' | 'age' | 'back' | 'straight'

/**
 * The first rule the track breaks, or null when it looks like a drag to `x`. `ageMs` is how long
 * the puzzle has existed: a drag cannot have lasted longer.
 */
export function trackFault(track: readonly CaptchaTrackPoint[], x: number, ageMs: number): TrackFault | null {
  const r = TRACK_RULES
  if (track.length < r.minSamples) return 'samples'
  const first = track[0] as CaptchaTrackPoint
  const last = track[track.length - 1] as CaptchaTrackPoint
  if (first.t !== 0 || first.x > r.startMaxPx) return 'start'
  for (let i = 1; i < track.length; i++) {
    if ((track[i] as CaptchaTrackPoint).t < (track[i - 1] as CaptchaTrackPoint).t) return 'order'
  }
  if (Math.abs(last.x - x) > r.endMaxPx) return 'end'
  const duration = last.t - first.t
  if (duration < r.minMs) return 'duration'
  if (duration > ageMs) return 'age'
  let forward = 0
  let back = 0
  for (let i = 1; i < track.length; i++) {
    const step = (track[i] as CaptchaTrackPoint).x - (track[i - 1] as CaptchaTrackPoint).x
    if (step > 0) forward += step
    else back -= step
  }
  if (back > forward * r.maxBackShare) return 'back'
  // the straight line of one speed from the press to the drop, and how far the drag strays from it
  const distance = last.x - first.x
  let bend = 0
  for (const p of track) {
    const onLine = first.x + (distance * (p.t - first.t)) / duration
    bend = Math.max(bend, Math.abs(p.x - onLine))
  }
  const wanted = Math.min(r.maxBendPx, Math.max(r.minBendPx, Math.abs(distance) * r.minBendShare))
  if (bend < wanted) return 'straight'
  return null
}

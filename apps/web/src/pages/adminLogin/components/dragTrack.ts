import { CAPTCHA_TRACK_MAX, type CaptchaTrackPoint } from '@app/core'

/**
 * The drag's track the server asks with a drop: from the press, the time (ms) and where the piece
 * was (px). A key press moves the piece in one jump, so it is recorded as the place before and the
 * place after, at the same moment. A drag longer than CAPTCHA_TRACK_MAX samples keeps every
 * other one (the first and the last always).
 */
export class DragTrack {
  private start = 0
  private points: CaptchaTrackPoint[] = []

  constructor(private readonly now: () => number = () => performance.now()) {}

  get started(): boolean {
    return this.points.length > 0
  }

  /** The press on the handle, with the piece at `x`; a track already started goes on. */
  begin(x: number): void {
    if (this.started) return
    this.start = this.now()
    this.points = [{ t: 0, x: Math.round(x) }]
  }

  /** The piece is at `x` now. */
  add(x: number): void {
    if (!this.started) this.begin(x)
    this.points.push({ t: Math.max(0, Math.round(this.now() - this.start)), x: Math.round(x) })
    if (this.points.length > CAPTCHA_TRACK_MAX) {
      const last = this.points.length - 1
      this.points = this.points.filter((_, i) => i % 2 === 0 || i === last)
    }
  }

  /** A key press: the piece jumped from `from` to `to`. */
  step(from: number, to: number): void {
    this.begin(from)
    this.add(from)
    this.add(to)
  }

  clear(): void {
    this.points = []
  }

  list(): CaptchaTrackPoint[] {
    return [...this.points]
  }
}

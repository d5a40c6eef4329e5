/** Cancels a scheduled callback. */
export type Cancel = () => void

/** Time and timers, injectable so the simulator and the reconnect logic are deterministic in tests. */
export interface Clock {
  now(): number
  /** Run `fn` after `ms`; the timer never keeps the process alive. */
  schedule(ms: number, fn: () => void): Cancel
  sleep(ms: number): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms))
    t.unref?.()
    return () => clearTimeout(t)
  },
  sleep: (ms) =>
    new Promise((resolve) => {
      const t = setTimeout(resolve, Math.max(0, ms))
      t.unref?.()
    }),
}

interface Timer {
  at: number
  seq: number
  fn: () => void
}

/** Let pending promise chains (handlers awaiting handlers) run to completion. */
export const flushAsync = async (rounds = 5): Promise<void> => {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

/**
 * A clock that moves only when told. Timers due at the same instant run in the order they were
 * scheduled; between timers the microtask and immediate queues are drained, so async work a
 * timer starts finishes before the next timer fires.
 */
export class ManualClock implements Clock {
  private timers: Timer[] = []
  private seq = 0
  private readonly settlers = new Set<() => Promise<void>>()

  constructor(private t = 0) {}

  now(): number {
    return this.t
  }

  schedule(ms: number, fn: () => void): Cancel {
    const timer: Timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fn }
    this.timers.push(timer)
    return () => {
      this.timers = this.timers.filter((x) => x !== timer)
    }
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.schedule(ms, resolve)
    })
  }

  /**
   * Work to wait for after every timer (e.g. a gateway's event queue), so time only moves on
   * once what a timer started has finished, however long its async steps take.
   */
  addSettler(fn: () => Promise<void>): () => void {
    this.settlers.add(fn)
    return () => {
      this.settlers.delete(fn)
    }
  }

  private async settle(): Promise<void> {
    await flushAsync()
    for (const s of this.settlers) await s()
    await flushAsync()
  }

  /** Number of timers not yet fired. */
  get pending(): number {
    return this.timers.length
  }

  /** Move time forward by `ms`, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    await this.settle()
    for (;;) {
      const next = this.nextTimer()
      if (!next || next.at > end) break
      this.timers = this.timers.filter((x) => x !== next)
      this.t = Math.max(this.t, next.at)
      next.fn()
      await this.settle()
    }
    this.t = end
  }

  /** Fire timers until none is left (or `maxTimers` fired); returns how many fired. */
  async runAll(maxTimers = 10_000): Promise<number> {
    let fired = 0
    await this.settle()
    while (fired < maxTimers) {
      const next = this.nextTimer()
      if (!next) break
      this.timers = this.timers.filter((x) => x !== next)
      this.t = Math.max(this.t, next.at)
      next.fn()
      fired++
      await this.settle()
    }
    return fired
  }

  private nextTimer(): Timer | undefined {
    let best: Timer | undefined
    for (const x of this.timers)
      if (!best || x.at < best.at || (x.at === best.at && x.seq < best.seq)) best = x
    return best
  }
}

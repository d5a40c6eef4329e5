import type { Logger } from 'pino'

/**
 * The one shape of a background loop: runs `tick`, sleeps, repeats; a tick never starts while the
 * previous one runs. Work itself lives in the database (due times).
 */
export class EngineLoop {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = true
  private wakeRequested = false

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    /** returns true when there may be more work right away */
    private readonly tick: () => Promise<boolean>,
    private readonly log: Logger,
    /** the first tick's delay after start (0: at once) */
    private readonly firstAfterMs = 0,
  ) {}

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.schedule(this.firstAfterMs)
  }

  /** Run again now (new work was queued in this process). */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.wakeRequested = true
      return
    }
    this.schedule(0)
  }

  /** Stop and wait for the tick in flight. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => this.run(), ms)
    this.timer.unref()
  }

  private run(): void {
    this.timer = null
    if (this.stopped || this.running) return
    this.wakeRequested = false
    this.running = this.tick()
      .catch((err: unknown) => {
        this.log.error({ err, engine: this.name }, 'engine tick failed')
        return false
      })
      .then((more) => {
        this.running = null
        if (!this.stopped) this.schedule(more || this.wakeRequested ? 0 : this.intervalMs)
      })
  }
}

import type { Logger } from 'pino'
import type { Engine } from '../../engines/engines.js'
import type { InheritanceService } from './inheritance.service.js'

/**
 * Finishes hand-overs cut short by a crash or restart: at start and then every `everyMs`, the
 * running ones whose lease ran out are taken (one worker wins each) and go on after their last
 * committed batch.
 */
export class InheritanceEngine implements Engine {
  readonly name = 'fan-inheritance'
  private timer: ReturnType<typeof setInterval> | null = null
  private busy: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly inheritance: InheritanceService,
    private readonly everyMs: number,
    private readonly log: Logger,
  ) {}

  /** One round: resume what is stale; answers how many were finished. */
  async tick(): Promise<number> {
    try {
      return await this.inheritance.resumeStale()
    } catch (err) {
      this.log.error({ err }, 'fan inheritance resume failed')
      return 0
    }
  }

  start(): void {
    this.busy = this.tick()
    this.timer = setInterval(() => {
      this.busy = this.busy.then(() => this.tick())
    }, this.everyMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.busy
  }
}

import type { Logger } from 'pino'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { InheritanceService } from './inheritance.service.js'

/**
 * Finishes hand-overs cut short by a crash or restart: at start and then every `everyMs`, the
 * running ones whose lease ran out are taken (one worker wins each) and go on after their last
 * committed batch.
 */
export class InheritanceEngine implements Engine {
  readonly name = 'fan-inheritance'
  private readonly loop: EngineLoop

  constructor(
    private readonly inheritance: InheritanceService,
    everyMs: number,
    private readonly log: Logger,
  ) {
    this.loop = new EngineLoop(
      this.name,
      everyMs,
      async () => {
        await this.tick()
        return false
      },
      log,
    )
  }

  /** One round: resume what is stale; answers how many were finished. */
  async tick(): Promise<number> {
    try {
      return await this.inheritance.resumeStale()
    } catch (err) {
      this.log.error({ err }, 'fan inheritance resume failed')
      return 0
    }
  }

  /** A round at once, then one every `everyMs` after the previous one ends. */
  start(): void {
    this.loop.start()
  }

  async stop(): Promise<void> {
    await this.loop.stop()
  }
}

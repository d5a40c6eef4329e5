import { SESSION_RISK_UNLOCKED_MS } from '@app/core'
import type { Logger } from 'pino'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import { DAY } from './risk.limits.js'
import type { RiskRepository } from './risk.repository.js'
import type { RiskWarnings } from './risk.warnings.js'

/** An engine: its loop works on every tenant’s due rows. */
const system = openSystemScope('modules/risk/risk.engine')

const PRUNE_EVERY_MS = 600_000

/**
 * Clears windows that decide nothing any more (older than two days: a day window at any offset
 * has ended) and holds whose sessions no longer show unlocked, and on stop waits for warning work in flight. Deleting old rows twice is harmless,
 * so two processes need no lease.
 */
export class RiskEngine implements Engine {
  readonly name = 'risk'
  private readonly loop: EngineLoop

  constructor(
    private readonly repo: RiskRepository,
    private readonly warnings: RiskWarnings,
    private readonly clock: () => number,
    log: Logger,
  ) {
    this.loop = new EngineLoop('risk', PRUNE_EVERY_MS, () => this.tick(), log)
  }

  start(): void {
    this.loop.start()
  }

  async stop(): Promise<void> {
    await this.loop.stop()
    await this.warnings.idle()
  }

  async tick(): Promise<boolean> {
    await this.repo.systemPruneWindows(system, this.clock() - 2 * DAY)
    await this.repo.systemPruneHolds(system, this.clock() - SESSION_RISK_UNLOCKED_MS)
    return false
  }
}

import type { Logger } from 'pino'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { PortsRepository } from './ports.repository.js'

/** An engine: its loop works on every tenant’s due rows. */
const system = openSystemScope('modules/ports/ports.engine')

/** When a port expires its account is logged out and the port unbound (product decision). */
export class PortExpiryEngine implements Engine {
  readonly name = 'port-expiry'
  private readonly loop: EngineLoop

  constructor(
    private readonly ports: PortsRepository,
    /** log out the account of an expired port (the accounts module does it) */
    private readonly logOut: (accountId: number) => Promise<void>,
    intervalMs: number,
    private readonly log: Logger,
  ) {
    this.loop = new EngineLoop('port-expiry', intervalMs, () => this.tick(), log)
  }

  start(): void {
    this.loop.start()
  }
  stop(): Promise<void> {
    return this.loop.stop()
  }

  async tick(now = Date.now()): Promise<boolean> {
    const expired = await this.ports.expiredBound(system, now, 100)
    for (const p of expired) {
      if (p.account_id === null || !(await this.ports.systemUnbindExpired(system, p.id, p.account_id, now)))
        continue
      this.log.info({ portId: p.id, accountId: p.account_id }, 'port expired: account logged out')
      await this.logOut(p.account_id)
    }
    return expired.length === 100
  }
}

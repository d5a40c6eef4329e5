import type { Logger } from 'pino'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { AccountRuntime } from '../../gateway/runtime.js'
import type { AccountStatusSync } from '../accounts/accounts.status.js'
import type { PortsRepository } from './ports.repository.js'

/** When a port expires its account is logged out and the port unbound (product decision). */
export class PortExpiryEngine implements Engine {
  readonly name = 'port-expiry'
  private readonly loop: EngineLoop

  constructor(
    private readonly ports: PortsRepository,
    private readonly runtime: AccountRuntime,
    private readonly sync: AccountStatusSync,
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
    const expired = await this.ports.expiredBound(now, 100)
    for (const p of expired) {
      if (p.account_id === null || !(await this.ports.systemUnbindExpired(p.id, p.account_id, now))) continue
      this.log.info({ portId: p.id, accountId: p.account_id }, 'port expired: account logged out')
      await this.runtime.logout(String(p.account_id)).catch(() => undefined)
      await this.sync.systemStore(p.account_id, {
        linked: 0,
        status: 'offline',
        abnormal_reason: null,
        last_error: 'port_expired',
      })
    }
    return expired.length === 100
  }
}

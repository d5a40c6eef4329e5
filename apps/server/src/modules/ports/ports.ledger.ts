import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { PortExpiryEngine } from './ports.engine.js'
import { PortsRepository } from './ports.repository.js'

/**
 * Ports as the WS accounts use them: a link needs one, a linked account holds one, an account that
 * is unlinked or refused gives it back, and an expired port's account is logged out.
 */
export class PortsLedger {
  private readonly ports: PortsRepository

  constructor(db: Db) {
    this.ports = new PortsRepository(db)
  }

  /** Whether a link may start: the account holds a port already, or the tenant has a free unexpired one. */
  async canLink(tenantId: number, accountId: number | undefined, now: number): Promise<boolean> {
    if (accountId !== undefined && (await this.ports.portOf(tenantId, accountId))) return true
    return this.ports.hasFree(tenantId, now)
  }

  /** The account's port, or a free one now bound to it; null when the tenant has none free. */
  bind(tenantId: number, accountId: number, now: number): Promise<number | null> {
    return this.ports.bind(tenantId, accountId, now)
  }

  /** The account gives its port back. */
  release(tenantId: number, accountId: number, now: number): Promise<void> {
    return this.ports.release(tenantId, accountId, now)
  }

  /** Whether the tenant has any port, ended ones included. */
  hasAny(tenantId: number): Promise<boolean> {
    return this.ports.any(tenantId)
  }

  /** Free ports for the tenant, ending at `expiresAt` (the demo seed; orders make them otherwise). */
  add(tenantId: number, count: number, expiresAt: number, now: number): Promise<void> {
    return this.ports.insertMany(tenantId, count, expiresAt, now)
  }

  /** The engine that unbinds each expired port and logs its account out through `logOut`. */
  expiryEngine(
    logOut: (accountId: number) => Promise<void>,
    intervalMs: number,
    log: Logger,
  ): PortExpiryEngine {
    return new PortExpiryEngine(this.ports, logOut, intervalMs, log)
  }
}

import type { Logger } from 'pino'

/** Extends the leases of `ids` (rows this process holds) until `until`; rows it no longer holds are left alone. */
export type RenewLeases = (ids: number[], until: number) => Promise<void>

/**
 * Keeps the leases of the rows an engine is working on alive: every third of the lease, while it
 * holds any, it extends them. A row is then held as long as its process lives and works on it,
 * however long that takes, while the lease itself stays short: a process that dies stops renewing
 * and its rows are free one lease later.
 */
export class LeaseKeeper {
  private readonly held = new Set<number>()
  private timer: NodeJS.Timeout | null = null
  private renewing: Promise<void> | null = null

  constructor(
    private readonly name: string,
    private readonly leaseMs: number,
    private readonly renew: RenewLeases,
    private readonly log: Logger,
  ) {}

  /** Rows just claimed: renewed from now on until released. */
  hold(ids: Iterable<number>): void {
    for (const id of ids) this.held.add(id)
    if (this.held.size > 0 && !this.timer) {
      this.timer = setInterval(() => void this.beat(), Math.max(100, Math.floor(this.leaseMs / 3)))
      this.timer.unref()
    }
  }

  /** A row this process is done with (settled, handed back, or left for another to take). */
  release(id: number): void {
    this.held.delete(id)
    if (this.held.size === 0) this.pause()
  }

  /** One renewal of every lease held. */
  private async beat(): Promise<void> {
    if (this.renewing || this.held.size === 0) return
    const ids = [...this.held]
    this.renewing = this.renew(ids, Date.now() + this.leaseMs)
      .catch((err: unknown) =>
        this.log.warn(
          { err, engine: this.name, rows: ids.length },
          'leases not renewed; tried again shortly',
        ),
      )
      .finally(() => {
        this.renewing = null
      })
    await this.renewing
  }

  /** Stop renewing (the engine stops): what is still held runs out one lease from its last renewal. */
  async stop(): Promise<void> {
    this.held.clear()
    this.pause()
    await this.renewing
  }

  private pause(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }
}

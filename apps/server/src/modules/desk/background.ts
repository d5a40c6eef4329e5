import type { Logger } from 'pino'

/**
 * Work the desk answers before it is done (a revoke, read receipts): run it, log its failure,
 * and let tests and shutdown wait for it.
 */
export class Background {
  private readonly running = new Set<Promise<void>>()

  constructor(private readonly log: Logger) {}

  run(what: string, job: () => Promise<void>): void {
    const p = job()
      .catch((err: unknown) => this.log.warn({ err }, `${what} failed`))
      .finally(() => this.running.delete(p))
    this.running.add(p)
  }

  /** Resolves when every job started so far has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running])
  }
}

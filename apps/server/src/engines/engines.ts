import type { Logger } from 'pino'

/** A background worker of the server: its work lives in the database, so a restart resumes it. */
export interface Engine {
  readonly name: string
  start(): void | Promise<void>
  stop(): Promise<void>
}

/**
 * Every engine of the server, started in the order they were added (inbound replay before the
 * loops that act on what it stores) and stopped in reverse. Tests build the app without
 * starting them and drive single rounds instead.
 */
export class Engines {
  private readonly list: Engine[] = []
  private started = false

  constructor(private readonly log: Logger) {}

  add(...engines: Engine[]): void {
    this.list.push(...engines)
  }

  async start(): Promise<void> {
    if (this.started) return
    this.started = true
    for (const e of this.list) await e.start()
    this.log.info({ engines: this.list.map((e) => e.name) }, 'engines started')
  }

  async stop(): Promise<void> {
    if (!this.started) return
    this.started = false
    for (const e of [...this.list].reverse()) await e.stop()
  }
}

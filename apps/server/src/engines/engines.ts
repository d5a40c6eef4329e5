import type { Logger } from 'pino'

/** A background worker of the server: its work lives in the database, so a restart resumes it. */
export interface Engine {
  readonly name: string
  start(): void | Promise<void>
  stop(): Promise<void>
}

/**
 * When an engine starts, whoever installs it: the link's own work first (the accounts resume with
 * the Web version it learns), then the replay of inbound received before a crash, then the
 * accounts' links, the loops, and readiness last (ready once every engine before it has started).
 */
export const EngineStage = { link: 0, replay: 1, accounts: 2, work: 3, ready: 4 } as const
export type EngineStage = (typeof EngineStage)[keyof typeof EngineStage]

/**
 * Every engine of the server, added by the modules that install them, started stage by stage (in
 * the order added within a stage) and stopped in reverse. Tests build the app without starting
 * them and drive single rounds instead.
 */
export class Engines {
  private readonly list: { engine: Engine; stage: EngineStage }[] = []
  private started = false

  constructor(private readonly log: Logger) {}

  /** Engines of the `work` stage. */
  add(...engines: Engine[]): void {
    this.addAt(EngineStage.work, ...engines)
  }

  addAt(stage: EngineStage, ...engines: Engine[]): void {
    for (const engine of engines) this.list.push({ engine, stage })
  }

  private ordered(): Engine[] {
    // a stable sort: the order added holds within a stage
    return [...this.list].sort((a, b) => a.stage - b.stage).map((e) => e.engine)
  }

  async start(): Promise<void> {
    if (this.started) return
    this.started = true
    const list = this.ordered()
    for (const e of list) await e.start()
    this.log.info({ engines: list.map((e) => e.name) }, 'engines started')
  }

  async stop(): Promise<void> {
    if (!this.started) return
    this.started = false
    for (const e of this.ordered().reverse()) await e.stop()
  }
}

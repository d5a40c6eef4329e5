import { sql } from 'kysely'
import type { Db } from '../../db/index.js'
import type { Engine } from '../../engines/engines.js'

export type CheckResult = 'ok' | 'not configured' | 'not started' | 'failed' | 'timeout'

/** What /readyz asks of Redis: a PING (an ioredis client, or anything with the same call). */
export interface RedisPing {
  ping(): Promise<string>
  disconnect(): void
}

const CHECK_TIMEOUT_MS = 2_000

async function probe(run: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS)
  })
  try {
    return await Promise.race([run().then((): CheckResult => 'ok'), timeout])
  } catch {
    return 'failed'
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Whether this process may take traffic: the database answers, Redis answers when REDIS_URL is
 * set, and the engines have started (the gateway resumed its linked accounts and the outbox
 * runs). It is itself the last engine started, so "started" means every engine before it is.
 */
export class Readiness implements Engine {
  readonly name = 'readiness'
  private started = false

  constructor(
    private readonly db: Db,
    private readonly redis: RedisPing | null,
  ) {}

  start(): void {
    this.started = true
  }

  async stop(): Promise<void> {
    this.started = false
  }

  async check(): Promise<Record<'database' | 'redis' | 'gateway', CheckResult>> {
    const [database, redis] = await Promise.all([
      probe(() => sql`select 1`.execute(this.db)),
      this.redis
        ? probe(() => (this.redis as RedisPing).ping())
        : Promise.resolve<CheckResult>('not configured'),
    ])
    return { database, redis, gateway: this.started ? 'ok' : 'not started' }
  }
}

import { OutboxState } from '@app/core'
import type { Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'

/** How much waits in the outbox across tenants, for the status panel (a system scope's read). */
export function outboxDepth(
  system: SystemScope,
  db: Db,
): Promise<{ pending: number; oldestAgeMs: number | null }> {
  return new OutboxDepthRepository(db).systemDepth(system)
}

/** How much waits in the outbox across tenants: the admin's status panel. */
class OutboxDepthRepository {
  constructor(private readonly db: Db) {}

  async systemDepth(
    system: SystemScope,
    now = Date.now(),
  ): Promise<{ pending: number; oldestAgeMs: number | null }> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('created_at').as('oldest')])
      .where('state', 'in', [OutboxState.requested, OutboxState.sending])
      .executeTakeFirstOrThrow()
    const oldest = row.oldest === null ? null : Number(row.oldest)
    return { pending: Number(row.n), oldestAgeMs: oldest === null ? null : Math.max(0, now - oldest) }
  }
}

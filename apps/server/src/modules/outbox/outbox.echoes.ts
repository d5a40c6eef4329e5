import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'
import { OutboxRepository } from './outbox.repository.js'

/**
 * The outbox's part in the inbound path: our own message came back from WhatsApp, so its send is
 * done. The inbound path stores the echo and calls this in the same transaction.
 */
export class EchoedSends {
  private readonly outbox: OutboxRepository

  constructor(db: Db) {
    this.outbox = new OutboxRepository(db)
  }

  /**
   * The echoed message's row is done, whatever it last wrote: a crash between the send and its
   * record leaves it 'sending', and the echo settles it. The echo arrives by account, before any
   * tenant is known.
   */
  systemSettleEchoed(system: SystemScope, q: Kysely<Database>, messageId: number): Promise<void> {
    return this.outbox.systemSettleEchoed(system, q, messageId)
  }
}

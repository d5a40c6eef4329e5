import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { Commit } from '../../engines/inbound-cursor.js'
import type { EventBus } from '../../events/bus.js'
import { cameLive } from '../../events/live-hints.js'
import { StoredMessageConsumer } from '../../events/stored-message-consumer.js'
import type { PendingMessage, StoredInbound } from '../messages/index.js'
import { type Attribution, accountKey, carriesRef } from './attribution.js'
import type { Interactions } from './interactions.js'

/** Inbound events: first messages attributed to visits. */
const system = openSystemScope('modules/diversion/diversion.consumer')

interface Hint {
  live: boolean
  newFan: boolean
  /** the message marked ours replied: the session's answered marketing message may be a newer one */
  answered: boolean
}

/**
 * Consumes stored customer messages past the diversion watermark: a live first message of a new
 * customer is attributed to a link (in the transaction that moves the watermark past it), and a
 * live customer message records the session's answered marketing message. The inbound event only
 * wakes it; on start it catches up, so a crash loses neither.
 */
export class DiversionConsumer extends StoredMessageConsumer<Hint> {
  readonly name = 'diversion'
  /** accounts of the batch under way with a visit a first message may claim (`prepare`) */
  private withVisits = new Set<string>()

  constructor(
    private readonly db: Db,
    events: EventBus,
    private readonly attribution: Attribution,
    private readonly interactions: Interactions,
    settleMs?: number,
  ) {
    super(events, 'diversion', settleMs)
  }

  /** The stored message as heard in this process: notes whether a customer message is live and new, then wakes the consumer. */
  protected hintOf(e: StoredInbound): Hint | undefined {
    return e.message.from_me ? undefined : { live: e.live, newFan: e.newFan, answered: e.answered === true }
  }

  /** What the inbound event told of a message, else what its rows tell. */
  private facts(m: PendingMessage): Hint {
    const hint = this.hints.peek(m.id)
    return {
      live: cameLive(hint, m),
      newFan: hint?.newFan ?? (m.fan_created_at !== null && m.fan_created_at >= m.created_at),
      // one caught up without the event's word is recorded anyway
      answered: hint?.answered !== false,
    }
  }

  /** The accounts of the batch's first messages that have a visit to claim (one statement per batch). */
  protected override async prepare(batch: PendingMessage[]): Promise<void> {
    const first = batch.filter((m) => {
      const f = this.facts(m)
      return f.live && f.newFan && m.fan_id !== null && !carriesRef(m.body)
    })
    this.withVisits = await this.attribution.accountsWithVisits(
      system,
      this.db,
      first.map((m) => ({ tenantId: m.tenant_id, accountId: m.account_id })),
    )
  }

  protected async consume(m: PendingMessage, commit: Commit): Promise<void> {
    const { live, newFan, answered } = this.facts(m)
    this.hints.take(m.id)
    const fanId = m.fan_id
    if (!live || fanId === null) return
    const claims =
      newFan &&
      (carriesRef(m.body) ||
        this.withVisits.has(accountKey({ tenantId: m.tenant_id, accountId: m.account_id })))
    if (!claims) {
      // only a message that answered ours can change the session's answered marketing message
      // (again after a crash is harmless: only a newer message replaces the recorded one)
      if (answered) await this.interactions.record(this.db, m.tenant_id, m.session_id, m.timestamp)
      return
    }
    const agent = await this.attribution.agentOf(m.tenant_id, m.account_id)
    await commit(async (tx) => {
      await this.interactions.record(tx, m.tenant_id, m.session_id, m.timestamp)
      await this.attribution.attribute(tx, m.tenant_id, m.account_id, fanId, m.body, agent)
    })
  }
}

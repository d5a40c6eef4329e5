import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { type Commit, InboundCursor } from '../../engines/inbound-cursor.js'
import type { StoredInbound } from '../messages/inbound.service.js'
import type { MessageCursor, PendingMessage } from '../messages/message-cursor.js'
import type { Attribution } from './attribution.js'
import type { Interactions } from './interactions.js'

/** What the inbound event told about messages not yet consumed; past this the oldest hints are dropped. */
const HINTS_MAX = 50_000
/**
 * A message caught up without the inbound event's word (stored before a crash, or by another
 * process) counts as live when it was stored within this time of being sent: the history
 * WhatsApp syncs on linking arrives long after it was written.
 */
export const CATCH_UP_LIVE_MS = 10 * 60_000

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
export class DiversionConsumer {
  readonly name = 'diversion'
  private readonly hints = new Map<number, Hint>()
  private readonly consumer: InboundCursor<PendingMessage>

  constructor(
    private readonly db: Db,
    cursor: MessageCursor,
    private readonly attribution: Attribution,
    private readonly interactions: Interactions,
    log: Logger,
    settleMs?: number,
  ) {
    this.consumer = new InboundCursor(db, cursor, (m, commit) => this.consume(m, commit), log, settleMs)
  }

  start(): void {
    this.consumer.start()
  }

  async stop(): Promise<void> {
    await this.consumer.stop()
  }

  /** Resolves when the messages stored so far are attributed and recorded. */
  async settled(): Promise<void> {
    await this.consumer.settled()
  }

  /** The inbound listener: notes whether a customer message is live and new, and wakes the consumer. */
  readonly listener = (e: StoredInbound): void => {
    if (e.message.from_me) return
    if (this.hints.size >= HINTS_MAX) {
      const oldest = this.hints.keys().next().value
      if (oldest !== undefined) this.hints.delete(oldest)
    }
    this.hints.set(e.message.id, { live: e.live, newFan: e.newFan, answered: e.answered === true })
    this.consumer.wake()
  }

  private async consume(m: PendingMessage, commit: Commit): Promise<void> {
    const hint = this.hints.get(m.id)
    this.hints.delete(m.id)
    const live = hint?.live ?? m.created_at - m.timestamp <= CATCH_UP_LIVE_MS
    const fanId = m.fan_id
    if (!live || fanId === null) return
    const newFan = hint?.newFan ?? (m.fan_created_at !== null && m.fan_created_at >= m.created_at)
    if (!newFan) {
      // only a message that answered ours can change the session's answered marketing message; one
      // caught up without the event's word is recorded anyway (again after a crash is harmless:
      // only a newer message replaces the recorded one)
      if (hint?.answered !== false)
        await this.interactions.record(this.db, m.tenant_id, m.session_id, m.timestamp)
      return
    }
    const agent = await this.attribution.agentOf(m.tenant_id, m.account_id)
    await commit(async (tx) => {
      await this.interactions.record(tx, m.tenant_id, m.session_id, m.timestamp)
      await this.attribution.attribute(tx, m.tenant_id, m.account_id, fanId, m.body, agent)
    })
  }
}

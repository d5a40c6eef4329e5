import type { Commit } from '../engines/inbound-cursor.js'
import type { PendingMessage, StoredInbound } from '../modules/messages/index.js'
import type { DurableSubscription, EventBus } from './bus.js'
import { type LiveHint, LiveHints } from './live-hints.js'

/**
 * A durable consumer of stored messages: it keeps the inbound event's word on each message it
 * wants (`hintOf`: live or history, and whatever more it needs), then handles every row past its
 * cursor (`consume`), committing its effects with the cursor's move, so a restart neither loses
 * nor repeats one. What the event said is in `hints` until the row is handled.
 */
export abstract class StoredMessageConsumer<T extends LiveHint = LiveHint> implements DurableSubscription {
  abstract readonly name: string
  protected readonly hints = new LiveHints<T>()
  private readonly subscription: DurableSubscription

  constructor(events: EventBus, durable: string, settleMs?: number) {
    this.subscription = events.subscribe('message.stored', {
      durable,
      live: (e) => {
        const hint = this.hintOf(e)
        if (hint === undefined) return false
        this.hints.note(e.message.id, hint)
        return true
      },
      handle: (m, commit) => this.consume(m, commit),
      prepare: (batch) => this.prepare(batch),
      settleMs,
    })
  }

  /** Catch up over the messages stored since the cursor, then follow the inbound events. */
  start(): void {
    this.subscription.start()
  }

  /** Finish the round under way; messages stored from now on wait for the next start. */
  async stop(): Promise<void> {
    await this.subscription.stop()
  }

  /** Resolves once every message stored so far has been handled. */
  async settled(): Promise<void> {
    await this.subscription.settled()
  }

  /** What to keep of a stored message as heard in this process; undefined: not this consumer's (no wake). Never blocks. */
  protected abstract hintOf(e: StoredInbound): T | undefined

  /** One stored message past the cursor; `commit` runs its effects with the cursor's move. */
  protected abstract consume(m: PendingMessage, commit: Commit): Promise<void>

  /** Before a batch's messages are handled: what they need, read once. */
  protected async prepare(_batch: PendingMessage[]): Promise<void> {}
}

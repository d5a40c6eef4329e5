/** What the inbound event told about messages not yet consumed; past this the oldest hints are dropped. */
const HINTS_MAX = 50_000
/**
 * A message caught up without the inbound event's word (stored before a crash, or by another
 * process) counts as live when it was stored within this time of being sent: the history
 * WhatsApp syncs on linking arrives long after it was written.
 */
const CATCH_UP_LIVE_MS = 10 * 60_000

/** What a consumer knows of a stored message's arrival: whether it came live, not as history. */
export interface LiveHint {
  live: boolean
}

/**
 * What a durable consumer heard of stored messages in this process (the inbound event's word:
 * live or history, and whatever more it said), until the consumer takes each message. Bounded:
 * past the limit the oldest hints are dropped, and their messages are judged by their rows.
 */
export class LiveHints<T extends LiveHint = LiveHint> {
  private readonly hints = new Map<number, T>()

  constructor(private readonly max = HINTS_MAX) {}

  note(messageId: number, hint: T): void {
    if (this.hints.size >= this.max) {
      const oldest = this.hints.keys().next().value
      if (oldest !== undefined) this.hints.delete(oldest)
    }
    this.hints.set(messageId, hint)
  }

  /** The hint of a message, left in place (a batch's look ahead before each is taken). */
  peek(messageId: number): T | undefined {
    return this.hints.get(messageId)
  }

  /** The hint of a message, once: undefined when this process did not hear it (or dropped it). */
  take(messageId: number): T | undefined {
    const hint = this.hints.get(messageId)
    this.hints.delete(messageId)
    return hint
  }
}

/** Whether a stored message came live: as the inbound event said, else by how soon it was stored after it was sent. */
export function cameLive(hint: LiveHint | undefined, m: { created_at: number; timestamp: number }): boolean {
  return hint?.live ?? m.created_at - m.timestamp <= CATCH_UP_LIVE_MS
}

import type { Commit } from '../../engines/inbound-cursor.js'
import type { EventBus } from '../../events/bus.js'
import { cameLive } from '../../events/live-hints.js'
import { StoredMessageConsumer } from '../../events/stored-message-consumer.js'
import type { PendingMessage, StoredInbound } from '../messages/index.js'
import type { SessionDirectory, SessionStatusUpdates } from '../sessions/index.js'
import type { SatisfactionRepository } from './satisfaction.repository.js'

/**
 * The rating a customer's answer gives: a lone digit 1–5, full-width digits too (a Chinese
 * keyboard's), with spaces around; anything else is no rating.
 */
export function parseRating(text: string): number | null {
  const t = text.normalize('NFKC').trim()
  return /^[1-5]$/.test(t) ? Number(t) : null
}

/**
 * Records the customer's answer to a satisfaction survey: the first live message of the chat
 * after the question and within a day of it closes the survey, with its rating when the message
 * is a lone digit 1–5 (a message that is not one closes it unrated, so a later "3" in another
 * conversation is never taken for a rating). A rating owes the customer no answer: the
 * conversation it opened again is resolved again (unless a user changed it or the customer wrote
 * on meanwhile), and the desks hear of it. It consumes stored customer messages past its own
 * watermark, the answer committing with the watermark's move.
 */
export class SatisfactionAnswers extends StoredMessageConsumer {
  readonly name = 'satisfaction'

  constructor(
    events: EventBus,
    private readonly repo: SatisfactionRepository,
    private readonly sessions: {
      directory: SessionDirectory
      statuses: SessionStatusUpdates
      /** the agent of an account, who hears of a session nobody was handed */
      agentOf(tenantId: number, accountId: number): Promise<number | null>
    },
    settleMs?: number,
  ) {
    super(events, 'satisfaction', settleMs)
  }

  /** A customer's message in a personal chat may answer a survey. */
  protected hintOf(e: StoredInbound) {
    return e.message.from_me === 1 || e.fanId === null ? undefined : { live: e.live }
  }

  protected async consume(m: PendingMessage, commit: Commit): Promise<void> {
    if (!cameLive(this.hints.take(m.id), m) || m.fan_id === null) return
    const survey = await this.repo.open(m.tenant_id, m.session_id, m.created_at)
    if (!survey) return
    const rating = parseRating(m.body)
    const resolved = await commit(async (tx) => {
      await this.repo.close(tx, m.tenant_id, survey.id, rating, m.created_at)
      if (rating === null) return undefined
      return this.sessions.directory.resolveAfterRating(tx, m.tenant_id, m.session_id, m.id, Date.now())
    })
    if (resolved)
      this.sessions.statuses.announce(
        resolved,
        await this.sessions.agentOf(m.tenant_id, m.account_id),
        'rated',
      )
  }
}

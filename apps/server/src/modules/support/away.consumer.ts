import { type BusinessHoursBody, isOpen, SendOrigin, SessionType, vipActive } from '@app/core'
import type { Commit } from '../../engines/inbound-cursor.js'
import type { EventBus } from '../../events/bus.js'
import { cameLive } from '../../events/live-hints.js'
import { StoredMessageConsumer } from '../../events/stored-message-consumer.js'
import type { PendingMessage, StoredInbound } from '../messages/index.js'
import type { OutboxService } from '../outbox/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import type { AwaySendsRepository } from './away.repository.js'

const HOUR_MS = 3_600_000

export interface AwayMessageDeps {
  events: EventBus
  repo: AwaySendsRepository
  sessions: SessionDirectory
  outbox: OutboxService
  /** the tenant's business hours and away message */
  businessHours(tenantId: number): Promise<BusinessHoursBody>
  /** the tenant's subscription end (nothing is sent once it has passed) */
  validEnd(tenantId: number): Promise<number | null>
  /** how old a stored message must be before it is consumed (default: by dialect) */
  settleMs?: number
}

/**
 * Answers a customer who writes in a personal chat outside the tenant's business hours with the
 * away message, through the outbox, at most once per chat in the tenant's interval. It consumes
 * stored customer messages past its own watermark: the away message, the chat's record of it and
 * the watermark's move past the message commit together, so a restart neither loses nor repeats
 * one. The away message does not answer the customer: their waiting clock keeps running.
 */
export class AwayMessageConsumer extends StoredMessageConsumer {
  readonly name = 'away-message'

  constructor(private readonly d: AwayMessageDeps) {
    super(d.events, 'away-message', d.settleMs)
  }

  /** A customer's message in a personal chat wakes the consumer, noting whether it is live (not history). */
  protected hintOf(e: StoredInbound) {
    return e.message.from_me === 1 || e.fanId === null ? undefined : { live: e.live }
  }

  protected async consume(m: PendingMessage, commit: Commit): Promise<void> {
    if (!cameLive(this.hints.take(m.id), m) || m.fan_id === null) return
    const plan = await this.d.businessHours(m.tenant_id)
    if (!plan.enabled || !plan.awayEnabled || plan.awayMessage === '') return
    if (isOpen(plan, m.created_at)) return
    const now = Date.now()
    const last = await this.d.repo.lastSent(m.tenant_id, m.session_id)
    if (last !== null && now - last < plan.awayOncePerHours * HOUR_MS) return
    const session = await this.d.sessions.byId(m.tenant_id, m.session_id)
    // never to a blocked, do-not-disturb or invalid customer
    if (!session || session.type !== SessionType.personal || session.fan_id === null) return
    if (session.blocked === 1 || session.dnd === 1 || session.invalid === 1) return
    if (!vipActive(await this.d.validEnd(m.tenant_id))) return
    const fanId = session.fan_id
    const staged = await commit(async (tx) => {
      const s = await this.d.outbox.enqueueWithin(
        tx,
        {
          tenantId: m.tenant_id,
          sessionId: session.id,
          content: { type: 'text', text: plan.awayMessage },
          requestedBy: null,
          origin: SendOrigin.autoReply,
          answers: false,
        },
        { session },
      )
      await this.d.repo.record(tx, m.tenant_id, {
        sessionId: session.id,
        fanId,
        messageId: s.message.id,
        at: now,
      })
      return s
    })
    await this.d.outbox.publish(staged)
  }
}

import {
  SATISFACTION_ANSWER_MS,
  type SatisfactionBody,
  SendOrigin,
  SessionStatus,
  SessionType,
  surveyText,
  vipActive,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { DomainEvents, EventBus } from '../../events/bus.js'
import type { AccountDirectory } from '../accounts/index.js'
import type { OutboxService } from '../outbox/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import type { SatisfactionRepository } from './satisfaction.repository.js'

export interface SurveyDeps {
  db: Db
  events: EventBus
  repo: SatisfactionRepository
  sessions: SessionDirectory
  accounts: AccountDirectory
  outbox: OutboxService
  /** the tenant's survey settings */
  satisfaction(tenantId: number): Promise<SatisfactionBody>
  /** the tenant's subscription end (nothing is sent once it has passed) */
  validEnd(tenantId: number): Promise<number | null>
}

/**
 * Sends the satisfaction survey when a user resolves a personal conversation and the tenant has
 * the survey on: the question in the tenant's language and how to answer, through the outbox, with
 * the survey's row in the same transaction (its agent is the conversation's). A conversation
 * resolved again while its survey still waits for an answer is not asked twice.
 */
export class SatisfactionSurveys {
  private readonly pending = new Set<Promise<void>>()

  constructor(private readonly d: SurveyDeps) {
    d.events.subscribe('session.status', (e) => this.heard(e))
  }

  /** Resolves once the surveys of the status changes heard so far are queued. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending])
  }

  private heard(e: DomainEvents['session.status']): Promise<void> | undefined {
    if (e.cause !== 'user' || e.status !== SessionStatus.resolved) return undefined
    const work = this.ask(e.tenantId, e.sessionId, e.statusChangedBy).finally(() => this.pending.delete(work))
    this.pending.add(work)
    return work
  }

  /** Queue the survey of a resolved conversation, unless one already waits for its answer. */
  async ask(tenantId: number, sessionId: number, resolvedBy: number | null): Promise<void> {
    const settings = await this.d.satisfaction(tenantId)
    if (!settings.enabled || settings.question[settings.language] === '') return
    const session = await this.d.sessions.byId(tenantId, sessionId)
    // never to a group, nor to a blocked, do-not-disturb or invalid customer
    if (!session || session.type !== SessionType.personal || session.fan_id === null) return
    if (session.blocked === 1 || session.dnd === 1 || session.invalid === 1) return
    if (!vipActive(await this.d.validEnd(tenantId))) return
    const now = Date.now()
    if (await this.d.repo.open(tenantId, sessionId, now + 1)) return
    const agent =
      session.agent_user_id ?? (await this.d.accounts.agentOf(tenantId, session.account_id)) ?? resolvedBy
    const fanId = session.fan_id
    const staged = await this.d.db.transaction().execute(async (tx) => {
      const s = await this.d.outbox.enqueueWithin(
        tx,
        {
          tenantId,
          sessionId,
          content: { type: 'text', text: surveyText(settings) },
          requestedBy: null,
          origin: SendOrigin.autoReply,
          answers: false,
        },
        { session },
      )
      await this.d.repo.insert(tx, {
        tenant_id: tenantId,
        session_id: sessionId,
        fan_id: fanId,
        agent_user_id: agent,
        message_id: s.message.id,
        asked_at: now,
        expires_at: now + SATISFACTION_ANSWER_MS,
        rating: null,
        rated_at: null,
        closed_at: null,
      })
      return s
    })
    await this.d.outbox.publish(staged)
  }
}

import {
  AI_FAILURE_COOLDOWN_MS,
  AI_REPLY_BURST_MS,
  AI_REPLY_MAX_CHARS,
  MessageStatus,
  MessageType,
  SendOrigin,
} from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { Session } from '../../db/schema.js'
import type { StoredInbound } from '../messages/index.js'
import { ChatHistory } from '../messages/index.js'
import type { OutboxService } from '../outbox/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import type { AiProviderConfig } from '../tenantSettings/index.js'
import type { ChatTurn, LlmProvider } from './ai.provider.js'
import { type AiJob, type AiReplyRepository, utcDay } from './aiReply.repository.js'

export type AiOutcome = 'sent' | 'skipped' | 'budget' | 'failed'

/** A session the AI may answer: AI reply on, a personal chat, not blocked, invalid or do-not-disturb. */
function aiMayAnswer(s: Pick<Session, 'ai_reply' | 'blocked' | 'invalid' | 'dnd' | 'fan_id'>): boolean {
  return s.ai_reply === 1 && s.fan_id !== null && s.blocked === 0 && s.invalid === 0 && s.dnd === 0
}

export interface AiReplyDeps {
  db: Db
  repo: AiReplyRepository
  provider: LlmProvider
  outbox: OutboxService
  sessions: SessionDirectory
  /** the tenant's provider when turned on and complete */
  config: (tenantId: number) => Promise<AiProviderConfig | null>
  log: Logger
  /** quiet time that ends a burst of customer messages */
  burstMs?: number
}

/**
 * AI reply: a live customer message in a session with AI reply on schedules the session's one
 * answer (a later message of the same burst moves it); when due, the conversation's last
 * messages go to the tenant's provider and its answer goes through the outbox after the
 * tenant's reply delay. One reply of the day's budget is reserved before the call; a provider
 * failure gives it back, is counted, and cools the tenant down instead of retrying.
 */
export class AiReplyService {
  private readonly history: ChatHistory
  private readonly cooldown = new Map<number, number>()
  private readonly scheduling = new Set<Promise<void>>()
  private readonly burstMs: number

  constructor(private readonly deps: AiReplyDeps) {
    this.history = new ChatHistory(deps.db)
    this.burstMs = deps.burstMs ?? AI_REPLY_BURST_MS
  }

  /** The inbound listener: queues work and returns at once. */
  readonly onStored = (e: StoredInbound): void => {
    if (!e.live || e.message.from_me === 1 || !aiMayAnswer(e.session)) return
    const job: Promise<void> = this.deps.repo
      .schedule(e.tenantId, e.session.id, e.message.id, Date.now() + this.burstMs)
      .catch((err: unknown) =>
        this.deps.log.error({ err, sessionId: e.session.id }, 'AI reply not scheduled'),
      )
      .finally(() => this.scheduling.delete(job))
    this.scheduling.add(job)
  }

  /** Resolves once the bursts already heard are written (tests, and a clean stop). */
  async settled(): Promise<void> {
    while (this.scheduling.size > 0) await Promise.all([...this.scheduling])
  }

  /** Whether the tenant has a provider turned on (the desk refuses the switch otherwise). */
  async ready(tenantId: number): Promise<boolean> {
    return (await this.deps.config(tenantId)) !== null
  }

  /** Answer one due burst. */
  async answer(job: AiJob, now = Date.now()): Promise<AiOutcome> {
    const { repo, log } = this.deps
    const tenantId = Number(job.tenant_id)
    const session = await this.deps.sessions.byId(tenantId, job.session_id)
    if (!session || !aiMayAnswer(session)) return 'skipped'
    const config = await this.deps.config(tenantId)
    if (!config) return 'skipped'
    if ((this.cooldown.get(tenantId) ?? 0) > now) {
      log.info({ tenantId, sessionId: session.id }, 'AI reply skipped: the provider failed moments ago')
      return 'skipped'
    }
    const day = utcDay(now)
    if (!(await repo.reserve(tenantId, day, { replies: config.dailyReplies, tokens: config.dailyTokens }))) {
      log.info({ tenantId, sessionId: session.id }, "AI reply skipped: today's budget is used up")
      return 'budget'
    }
    let completion: { text: string; tokens: number }
    try {
      const messages = await this.context(session, config)
      completion = await this.deps.provider.complete({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        messages,
      })
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err)
      this.cooldown.set(tenantId, now + AI_FAILURE_COOLDOWN_MS)
      await repo.failed(tenantId, day, reason)
      log.warn({ tenantId, sessionId: session.id, reason }, 'AI provider failed')
      return 'failed'
    }
    this.cooldown.delete(tenantId)
    try {
      await this.deps.outbox.enqueue({
        tenantId,
        sessionId: session.id,
        content: { type: 'text', text: completion.text.slice(0, AI_REPLY_MAX_CHARS) },
        requestedBy: null,
        origin: SendOrigin.ai,
        dueAt: now + config.replyDelay * 1000,
      })
    } catch (err) {
      // an expired subscription, or the session gone meanwhile: nothing was sent
      await repo.release(tenantId, day)
      log.info({ err, tenantId, sessionId: session.id }, 'AI reply not queued')
      return 'skipped'
    }
    await repo.spend(tenantId, day, completion.tokens)
    return 'sent'
  }

  /** The system prompt, then the conversation's last messages with text, oldest first. */
  private async context(session: Session, config: AiProviderConfig): Promise<ChatTurn[]> {
    const page = await this.history.page(
      { id: session.id, tenantId: session.tenant_id, accountId: session.account_id, peerName: '' },
      { sessionId: session.id, pageSize: config.contextMessages },
    )
    const turns: ChatTurn[] = page.list
      // an internal note is the desk's, never part of the conversation with the customer
      .filter(
        (m) => m.body.trim() !== '' && m.status !== MessageStatus.withdrawn && m.type !== MessageType.note,
      )
      .reverse()
      .map((m) => ({ role: m.fromMe ? 'assistant' : 'user', content: m.body }))
    return config.systemPrompt ? [{ role: 'system', content: config.systemPrompt }, ...turns] : turns
  }
}

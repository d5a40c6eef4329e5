import { AUTO_REPLY_NEW_CUSTOMER_MS, type OutboundContentInput, SendOrigin, vipActive } from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { Fan, Session } from '../../db/schema.js'
import type { Commit } from '../../engines/inbound-cursor.js'
import type { EventBus } from '../../events/bus.js'
import { cameLive } from '../../events/live-hints.js'
import { StoredMessageConsumer } from '../../events/stored-message-consumer.js'
import type { AccountDirectory } from '../accounts/index.js'
import type { FanDirectory, FanLabeling } from '../fans/index.js'
import type { PendingMessage, StoredInbound } from '../messages/index.js'
import type { OutboxService, StagedMessage } from '../outbox/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import type { ParsedRule } from './autoReply.presenter.js'
import type { AutoReplyRepository } from './autoReply.repository.js'
import type { RuleBooks } from './rule-book.js'

/** A customer message to answer. */
export interface AutoReplyInbound {
  tenantId: number
  sessionId: number
  body: string
  /** the fan was created by this very message */
  newFan: boolean
}

interface Hint {
  live: boolean
  newFan: boolean
}

export interface AutoReplyEngineDeps {
  db: Db
  repo: AutoReplyRepository
  books: RuleBooks
  sessions: SessionDirectory
  fans: FanDirectory
  fanLabels: FanLabeling
  accounts: AccountDirectory
  outbox: OutboxService
  /** the tenant's subscription end (sends stop when it has passed) */
  validEnd(tenantId: number): Promise<number | null>
  material(tenantId: number, userId: number, materialId: number): Promise<OutboundContentInput>
  random: () => number
  log: Logger
  /** where stored messages are heard, and read past the engine's cursor */
  events: EventBus
  /** how old a message must be before it is consumed (default: by dialect) */
  settleMs?: number
}

/**
 * Answers customers' messages by keyword. It consumes stored customer messages past its watermark,
 * one after another off the inbound path (the inbound event only wakes it; on start it catches up,
 * so a crash loses no reply). A reply is written to the outbox with its
 * due times (delay, then interval per sentence), so a restart still sends it on time, together
 * with the customer's reply count and the rule's statistics in one transaction.
 */
export class AutoReplyEngine extends StoredMessageConsumer<Hint> {
  readonly name = 'auto-reply'

  constructor(private readonly d: AutoReplyEngineDeps) {
    super(d.events, 'auto-reply', d.settleMs)
  }

  /** The stored message as heard in this process: notes whether a customer message is live, then wakes the consumer; it never blocks. */
  protected hintOf(e: StoredInbound): Hint | undefined {
    return e.message.from_me === 1 ? undefined : { live: e.live, newFan: e.newFan }
  }

  /** One stored customer message past the watermark: a live one with text is matched. */
  protected async consume(m: PendingMessage, commit: Commit): Promise<void> {
    const hint = this.hints.take(m.id)
    if (!cameLive(hint, m) || !m.body.trim()) return
    const newFan = hint?.newFan ?? (m.fan_created_at !== null && m.fan_created_at >= m.created_at)
    await this.handle({ tenantId: m.tenant_id, sessionId: m.session_id, body: m.body, newFan }, commit)
  }

  /** Match one message and answer it with the first rule that applies to its session. */
  async handle(e: AutoReplyInbound, commit?: Commit): Promise<void> {
    const book = await this.d.books.get(e.tenantId)
    if (book.rules.size === 0) return
    const hit = book.matcher.match(e.body)
    if (hit.full.length === 0 && hit.half.length === 0) return
    const session = await this.d.sessions.byId(e.tenantId, e.sessionId)
    // never to a blocked, do-not-disturb or invalid customer
    if (!session || session.blocked === 1 || session.dnd === 1 || session.invalid === 1) return
    let fan: Fan | undefined
    if (session.fan_id !== null) {
      fan = await this.d.fans.byId(this.d.db, e.tenantId, session.fan_id)
      if (!fan || fan.invalid === 1) return
    }
    const agent = session.agent_user_id ?? (await this.d.accounts.agentOf(e.tenantId, session.account_id))
    const candidates = [...hit.full, ...hit.half]
      .map((id) => book.rules.get(id))
      .filter((r): r is ParsedRule => r !== undefined)
      .sort(byPrecedence)
    let labels: Set<number> | undefined
    for (const rule of candidates) {
      if (!applies(rule, session, fan, agent, e.newFan)) continue
      if (rule.row.audience === 'labels') {
        if (!fan) continue
        labels ??= new Set((await this.d.fanLabels.labelsOf(this.d.db, e.tenantId, fan.id)).map((l) => l.id))
        if (!rule.labelIds.some((l) => labels?.has(l))) continue
      }
      return this.reply(e.tenantId, rule, session, commit)
    }
  }

  /** Queue the rule's sentences, unless the customer has had the rule's limit of replies. */
  private async reply(tenantId: number, rule: ParsedRule, session: Session, commit?: Commit): Promise<void> {
    if (!vipActive(await this.d.validEnd(tenantId))) return
    const r = rule.row
    const chosen =
      r.reply_type === 'random'
        ? [
            rule.sentences[
              Math.min(rule.sentences.length - 1, Math.floor(this.d.random() * rule.sentences.length))
            ],
          ]
        : rule.sentences
    const contents: OutboundContentInput[] = []
    for (const s of chosen)
      contents.push(
        s.type === 'text'
          ? { type: 'text', text: s.text }
          : await this.d.material(tenantId, Number(r.creator_user_id), s.materialId),
      )
    const first = Date.now() + r.reply_delay * 1000
    // the reply commits with the watermark's move past the message it answers
    const run: Commit = commit ?? ((work) => this.d.db.transaction().execute(work))
    const staged = await run(async (tx) => {
      const counted = await this.d.repo.takeReply(tx, tenantId, r.id, session.id, r.reply_limit)
      await this.d.repo.addStats(tx, tenantId, r.id, 1, counted ? contents.length : 0)
      const out: StagedMessage[] = []
      if (!counted) return out
      let known = session
      for (const [i, content] of contents.entries()) {
        const s = await this.d.outbox.enqueueWithin(
          tx,
          {
            tenantId,
            sessionId: session.id,
            content,
            requestedBy: null,
            origin: SendOrigin.autoReply,
            dueAt: first + i * r.send_interval * 1000,
          },
          { session: known },
        )
        known = s.touched
        out.push(s)
      }
      return out
    })
    for (const s of staged) await this.d.outbox.publish(s)
  }
}

/** Full matches before half matches, personal rules before public ones, then the oldest rule. */
function byPrecedence(a: ParsedRule, b: ParsedRule): number {
  const rank = (r: ParsedRule) =>
    (r.row.match_mode === 'full' ? 0 : 2) + (r.row.classification === 'personal' ? 0 : 1)
  return rank(a) - rank(b) || a.row.id - b.row.id
}

/** Whether a rule answers in this session: its classification's accounts and its audience. */
function applies(
  rule: ParsedRule,
  session: Session,
  fan: Fan | undefined,
  agent: number | null,
  newFan: boolean,
): boolean {
  if (rule.row.classification === 'personal' && (agent === null || !rule.agentUserIds.includes(agent)))
    return false
  const group = session.type === 'group'
  switch (rule.row.audience) {
    case 'groups':
      return group
    case 'new_customers':
      return !group && !!fan && (newFan || fan.created_at >= Date.now() - AUTO_REPLY_NEW_CUSTOMER_MS)
    default:
      return !group
  }
}

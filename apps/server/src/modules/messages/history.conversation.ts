import {
  type ChatMessageView,
  type HistoryConversationBody,
  type HistoryConversationView,
  MessageType,
  type SessionTypeValue,
} from '@app/core'
import { notFound } from '../../http/errors.js'
import type { ChatHistory, HistorySession } from './chat.history.js'
import type { Position } from './history.conditions.js'
import { accountOf, agentOf, peerOf } from './history.presenter.js'
import type { HistoryRepository } from './history.repository.js'

/** Newer messages that may arrive while a newest page is read; they are left out by id. */
const ARRIVALS_SLACK = 20

/**
 * A conversation of the chat history, read-only, from one of its messages: around it (the
 * messages before, the message, those after), or the page older or newer than it. Messages are
 * presented by the desk's chat history (quotes resolved, reactions folded), which pages older
 * from a message; a page newer than a message is read as the page older than the message just
 * past it.
 */
export class HistoryConversation {
  constructor(
    private readonly repo: HistoryRepository,
    private readonly chat: ChatHistory,
  ) {}

  async page(tenantId: number, body: HistoryConversationBody): Promise<HistoryConversationView> {
    const [anchor] = await this.repo.details(tenantId, [body.messageId])
    if (!anchor || anchor.type === MessageType.reaction) throw notFound()
    const peer = peerOf(anchor)
    const s: HistorySession = {
      id: anchor.session_id,
      tenantId,
      accountId: anchor.account_id,
      peerName: anchor.fan_id !== null ? peer.name : '',
    }
    const view = {
      sessionId: s.id,
      sessionType: anchor.session_type as SessionTypeValue,
      account: accountOf(anchor),
      customer: peer,
      agent: agentOf(anchor),
    }
    const n = body.pageSize
    if (body.direction === 'older') {
      const older = await this.older(s, anchor.id, n)
      return { ...view, list: older.list, hasOlder: older.more, hasNewer: true }
    }
    if (body.direction === 'newer') {
      const newer = await this.from(s, anchor, n, false)
      return { ...view, list: newer.list, hasOlder: true, hasNewer: newer.more }
    }
    const olderCount = Math.floor(n / 2)
    const [older, rest] = await Promise.all([
      this.older(s, anchor.id, Math.max(1, olderCount)),
      this.from(s, anchor, n - olderCount, true),
    ])
    const before = older.list.slice(Math.max(0, older.list.length - olderCount))
    return {
      ...view,
      list: [...before, ...rest.list],
      hasOlder: older.more || older.list.length > olderCount,
      hasNewer: rest.more,
    }
  }

  /** Up to `count` messages before `beforeId`, oldest first. */
  private async older(s: HistorySession, beforeId: number, count: number) {
    const page = await this.chat.page(s, { sessionId: s.id, beforeId, pageSize: count })
    return { list: page.list.reverse(), more: page.hasMore }
  }

  /** Up to `count` messages from `anchor` on (with it when `inclusive`), oldest first. */
  private async from(
    s: HistorySession,
    anchor: Position,
    count: number,
    inclusive: boolean,
  ): Promise<{ list: ChatMessageView[]; more: boolean }> {
    const wanted = inclusive ? count - 1 : count
    const next = await this.repo.after(s.tenantId, s.id, anchor, wanted + 1)
    const window = [...(inclusive ? [anchor] : []), ...next.slice(0, wanted)]
    if (window.length === 0) return { list: [], more: false }
    const ids = new Set(window.map((p) => p.id))
    const past = next[wanted]
    const page = past
      ? await this.chat.page(s, { sessionId: s.id, beforeId: past.id, pageSize: window.length })
      : await this.chat.page(s, { sessionId: s.id, pageSize: window.length + ARRIVALS_SLACK })
    return { list: page.list.filter((m) => ids.has(m.id)).reverse(), more: past !== undefined }
  }
}

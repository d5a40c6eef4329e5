import type {
  DeliveryValue,
  FailureReasonValue,
  MessageStatusValue,
  MessageTypeValue,
  MessageUpdatedEvent,
  MessageView,
  SendOriginValue,
  SessionStatusValue,
  SessionTypeValue,
  SessionView,
} from '@app/core'
import type { Message, Session } from '../../db/schema.js'
import { editHistoryOf } from './messages.repository.js'

/** What leaves the server for a message. */
export function presentMessage(m: Message): MessageView {
  return {
    id: m.id,
    sessionId: m.session_id,
    accountId: m.account_id,
    waMessageId: m.wa_message_id,
    fromMe: m.from_me === 1,
    senderJid: m.sender_jid,
    type: m.type as MessageTypeValue,
    body: m.body,
    mediaId: m.media_id,
    meta: JSON.parse(m.meta || '{}') as Record<string, unknown>,
    quoted: m.quoted_wa_id ? { waMessageId: m.quoted_wa_id, preview: m.quoted_preview ?? '' } : null,
    status: m.status as MessageStatusValue,
    delivery: m.delivery as DeliveryValue,
    failureReason: (m.failure_reason as FailureReasonValue | null) ?? null,
    timestamp: m.timestamp,
    origin: (m.origin as SendOriginValue | null) ?? null,
    editedAt: m.edited_at ?? null,
    edits: editHistoryOf(m),
  }
}

export function presentMessageUpdate(m: Message, withBody = false): MessageUpdatedEvent {
  return {
    id: m.id,
    sessionId: m.session_id,
    status: m.status as MessageStatusValue,
    delivery: m.delivery as DeliveryValue,
    failureReason: (m.failure_reason as FailureReasonValue | null) ?? null,
    // an edit: the new text with its mark and the texts it replaced
    ...(withBody
      ? {
          body: m.body,
          editedAt: m.edited_at ?? null,
          edits: editHistoryOf(m),
          meta: JSON.parse(m.meta || '{}') as Record<string, unknown>,
        }
      : {}),
  }
}

/** What leaves the server for a session; `peer` is the fan's or group's address and name. */
export function presentSession(s: Session, peer: { jid: string; title: string }): SessionView {
  return {
    id: s.id,
    accountId: s.account_id,
    type: s.type as SessionTypeValue,
    fanId: s.fan_id,
    groupChatId: s.group_chat_id,
    jid: peer.jid,
    title: peer.title,
    lastActivityAt: s.last_activity_at,
    lastMessage: s.last_message,
    unreadCount: s.unread_count,
    pinned: s.pinned === 1,
    blocked: s.blocked === 1,
    dnd: s.dnd === 1,
    aiReply: s.ai_reply === 1,
    invalid: s.invalid === 1,
    agentUserId: s.agent_user_id,
    status: s.status as SessionStatusValue,
    snoozedUntil: s.snoozed_until,
    waitingSince: s.waiting_since,
  }
}

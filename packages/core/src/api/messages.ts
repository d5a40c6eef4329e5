import { z } from 'zod'
import { CHAT_TEXT_MAX } from '../constants.js'
import {
  Delivery,
  FailureReason,
  MessageStatus,
  MessageType,
  SendOrigin,
  SessionStatus,
  SessionType,
} from '../messaging.js'

/** A text a message showed before its sender edited it, and since when it showed. */
export const messageEditView = z.object({ body: z.string(), at: z.number() })
export type MessageEditView = z.infer<typeof messageEditView>

/** A message as the desk sees it. Times are epoch ms. */
export const messageView = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  accountId: z.number().int(),
  waMessageId: z.string(),
  fromMe: z.boolean(),
  senderJid: z.string(),
  type: z.enum(MessageType),
  /** text, or the caption of media */
  body: z.string(),
  mediaId: z.number().int().nullable(),
  /** location, contacts, file name, seconds… by type */
  meta: z.record(z.string(), z.unknown()),
  quoted: z.object({ waMessageId: z.string(), preview: z.string() }).nullable(),
  status: z.enum(MessageStatus),
  delivery: z.enum(Delivery),
  failureReason: z.enum(FailureReason).nullable(),
  timestamp: z.number(),
  /** who asked for one of our messages (manual, mass send, auto-reply, AI); null for the customer's and the phone's own */
  origin: z.enum(SendOrigin).nullish(),
  /** when its sender last edited its text (`body` is the edited text); null when never edited */
  editedAt: z.number().nullish(),
  /** the texts it showed before its edits, oldest first */
  edits: z.array(messageEditView).optional(),
})
export type MessageView = z.infer<typeof messageView>

/** A session row of the desk's list. */
export const sessionView = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  type: z.enum(SessionType),
  fanId: z.number().int().nullable(),
  groupChatId: z.number().int().nullable(),
  /** the fan's or group's address */
  jid: z.string(),
  title: z.string(),
  lastActivityAt: z.number(),
  lastMessage: z.string(),
  unreadCount: z.number().int(),
  pinned: z.boolean(),
  blocked: z.boolean(),
  dnd: z.boolean(),
  aiReply: z.boolean(),
  invalid: z.boolean(),
  agentUserId: z.number().int().nullable(),
  /** where the conversation stands (open, pending, snoozed, resolved); the server always sends it */
  status: z.enum(SessionStatus).optional(),
  /** when a snoozed session opens again by itself; null unless snoozed */
  snoozedUntil: z.number().nullish(),
  /**
   * time of the customer's oldest live message we have not answered yet (personal chats); null when
   * nothing waits on us. A message.new carries it as the message left it: ours stops the clock
   */
  waitingSince: z.number().nullish(),
})
export type SessionView = z.infer<typeof sessionView>

/** What a sender hands to the outbox (every origin: manual, mass send, auto-reply, AI). */
export const outboundContent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string().trim().min(1, 'required').max(CHAT_TEXT_MAX, 'tooLong'),
  }),
  z.object({
    type: z.enum(['image', 'video', 'audio', 'document', 'sticker']),
    mediaId: z.number().int().positive(),
    caption: z.string().max(1024, 'tooLong').optional(),
    fileName: z.string().max(200, 'tooLong').optional(),
    gif: z.boolean().optional(),
    voiceNote: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('location'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: z.string().max(200).optional(),
    address: z.string().max(500).optional(),
  }),
  z.object({
    type: z.literal('contacts'),
    displayName: z.string().max(100).optional(),
    vcards: z.array(z.string().max(4000)).min(1).max(10),
  }),
])
export type OutboundContentInput = z.infer<typeof outboundContent>

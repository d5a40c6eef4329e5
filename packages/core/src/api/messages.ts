import { z } from 'zod'
import { CHAT_TEXT_MAX } from '../constants.js'
import type {
  DeliveryValue,
  FailureReasonValue,
  MessageStatusValue,
  MessageTypeValue,
  SendOriginValue,
  SessionTypeValue,
} from '../messaging.js'

/** A message as the desk sees it. Times are epoch ms. */
export interface MessageView {
  id: number
  sessionId: number
  accountId: number
  waMessageId: string
  fromMe: boolean
  senderJid: string
  type: MessageTypeValue
  /** text, or the caption of media */
  body: string
  mediaId: number | null
  /** location, contacts, file name, seconds… by type */
  meta: Record<string, unknown>
  quoted: { waMessageId: string; preview: string } | null
  status: MessageStatusValue
  delivery: DeliveryValue
  failureReason: FailureReasonValue | null
  timestamp: number
  /** who asked for one of our messages (manual, mass send, auto-reply, AI); null for the customer's and the phone's own */
  origin?: SendOriginValue | null
}

/** A session row of the desk's list. */
export interface SessionView {
  id: number
  accountId: number
  type: SessionTypeValue
  fanId: number | null
  groupChatId: number | null
  /** the fan's or group's address */
  jid: string
  title: string
  lastActivityAt: number
  lastMessage: string
  unreadCount: number
  pinned: boolean
  blocked: boolean
  dnd: boolean
  aiReply: boolean
  invalid: boolean
  agentUserId: number | null
}

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

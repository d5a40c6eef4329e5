import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { AbnormalReason, AccountState, FanSource, MessageType, SessionType } from '../messaging.js'
import { endpoint, fileResponse } from './contract.js'
import {
  chatHistoryBody,
  deskEnterBody,
  editChatBody,
  messageIdBody,
  SessionFilter,
  SessionRisk,
  sendChatBody,
  sessionCountsBody,
  sessionCreateBody,
  sessionDeleteQuery,
  sessionDeletionsBody,
  sessionFanBody,
  sessionFlagBody,
  sessionIdBody,
  sessionMigrateBody,
  sessionPageBody,
} from './desk.js'
import { messageView, sessionView } from './messages.js'

/** What the desk's calls answer (the requests are in desk.ts). Times are epoch ms. */

/** An agent of the tenant: the supervisor's "act as" picker, the migrate dialog. */
export const agentView = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
})
export type AgentView = z.infer<typeof agentView>

/** A WS account of the desk's "my account" list, with the viewer's unread messages on it. */
export const deskAccountView = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  pushName: z.string(),
  remark: z.string(),
  status: z.enum(AccountState),
  abnormalReason: z.enum(AbnormalReason).nullable(),
  /** the viewer's valid (not invalid) sessions on the account */
  sessionCount: z.number().int(),
  /** the viewer's unread messages over those sessions */
  unreadCount: z.number().int(),
})
export type DeskAccountView = z.infer<typeof deskAccountView>

export const deskEnterResult = z.object({
  /** send as the `desk-id` header on every desk call */
  deskId: z.string(),
  /** whose desk: the agent acted as, or the caller */
  userId: z.number().int(),
  nickname: z.string(),
  /** true when a supervisor acts as an agent */
  acting: z.boolean(),
  /** the desk this one replaced, if any (it now answers 433) */
  replacedDeskId: z.string().nullable(),
})
export type DeskEnterResult = z.infer<typeof deskEnterResult>

/**
 * A row of the desk's session list. `unreadCount` is the caller's own (per-user read state). The
 * session inside a message.new event carries the session's running count of inbound messages in
 * `unreadCount` instead: a desk adds one per inbound message.new of a session it does not show.
 */
export const deskSessionView = sessionView.extend({
  awaitingReplySince: z.number().nullable(),
  fanPhone: z.string().nullable(),
  /** a personal session whose customer WhatsApp knows only by a hidden id: no phone to show */
  fanPhoneHidden: z.boolean().optional(),
  fanRemark: z.string(),
  /** the customer's mass-send permission; null for group sessions */
  massSendEnabled: z.boolean().nullable(),
  /** a nurturing chat: the customer is another account of the tenant, talked to by account nurturing */
  nurturing: z.boolean().optional(),
  accountPhone: z.string().nullable(),
  accountStatus: z.enum(AccountState),
  risk: z.enum(SessionRisk),
  /** controlled whatever the windows: the tenant is under risk control or the account is time-locked */
  riskLocked: z.boolean().optional(),
  /** when the account's refusing send window reopens (kept while the session shows unlocked), else null */
  riskHoldUntil: z.number().nullish(),
})
export type DeskSessionView = z.infer<typeof deskSessionView>

export const sessionPage = z.object({
  list: z.array(deskSessionView),
  /** null on the last page */
  nextCursor: z.string().nullable(),
})
export type SessionPage = z.infer<typeof sessionPage>

export const sessionCounts = z.record(z.enum(SessionFilter), z.number().int())
export type SessionCounts = z.infer<typeof sessionCounts>

/** The customer side panel. */
export const fanDetailView = z.object({
  id: z.number().int(),
  nickname: z.string(),
  pushName: z.string(),
  remark: z.string(),
  phone: z.string().nullable(),
  jid: z.string(),
  /** WhatsApp's hidden id of the customer (`…@lid`), null when not known */
  lid: z.string().nullable(),
  /** WhatsApp left the phone out: only the hidden id is known */
  phoneHidden: z.boolean(),
  accountId: z.number().int(),
  accountPhone: z.string().nullable(),
  /** the WS account's group, if any */
  accountGroupName: z.string().nullable(),
  source: z.enum(FanSource),
  /** ISO region from the phone's calling code ('' when unknown) */
  country: z.string(),
  repeat: z.boolean(),
  invalid: z.boolean(),
  massSendEnabled: z.boolean(),
  createdAt: z.number(),
})
export type FanDetailView = z.infer<typeof fanDetailView>

export const groupDetailView = z.object({
  id: z.number().int(),
  jid: z.string(),
  subject: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  announce: z.boolean(),
  restrictEdit: z.boolean(),
})
export type GroupDetailView = z.infer<typeof groupDetailView>

export const deskSessionDetail = z.object({
  session: deskSessionView,
  fan: fanDetailView.nullable(),
  group: groupDetailView.nullable(),
})
export type DeskSessionDetail = z.infer<typeof deskSessionDetail>

/** The quoted message of a chat message (spec §3: id, message, type, userName, time); null fields when it is not stored. */
export const quotedMessageView = z.object({
  id: z.number().int().nullable(),
  waMessageId: z.string(),
  message: z.string(),
  type: z.enum(MessageType).nullable(),
  /** the customer's name or sender address; '' for our own */
  userName: z.string(),
  fromMe: z.boolean().nullable(),
  time: z.number().nullable(),
})
export type QuotedMessageView = z.infer<typeof quotedMessageView>

export const reactionView = z.object({
  emoji: z.string(),
  fromMe: z.boolean(),
  senderJid: z.string(),
})
export type ReactionView = z.infer<typeof reactionView>

/**
 * A message of the chat box. `mediaUrl` answers the file with the same Authorization header as
 * every call (fetch it as a blob); it checks the caller may read the session.
 */
export const chatMessageView = messageView.extend({
  mediaUrl: z.string().nullable(),
  quotedMessage: quotedMessageView.nullable(),
  reactions: z.array(reactionView),
  /** who asked for an outbound message (a user id), null for inbound and automatic ones */
  requestedBy: z.number().int().nullable(),
})
export type ChatMessageView = z.infer<typeof chatMessageView>

export const chatHistoryPage = z.object({
  /** newest first */
  list: z.array(chatMessageView),
  /** older messages exist: ask again with `beforeId` = the last id of `list` */
  hasMore: z.boolean(),
})
export type ChatHistoryPage = z.infer<typeof chatHistoryPage>

export const readResult = z.object({ sessionId: z.number().int(), unreadCount: z.number().int() })
export type ReadResult = z.infer<typeof readResult>

/** Revoke answers at once; the withdrawn status arrives as message.updated (or message.revokeFailed). */
export const revokeResult = z.object({ messageId: z.number().int(), accepted: z.boolean() })
export type RevokeResult = z.infer<typeof revokeResult>

/** Edit answers at once; the new text arrives as message.updated (or message.editFailed). */
export const editResult = z.object({ messageId: z.number().int(), accepted: z.boolean() })
export type EditResult = z.infer<typeof editResult>

export const sessionCreateResult = z.object({ session: deskSessionView })
export type SessionCreateResult = z.infer<typeof sessionCreateResult>

export const sessionDeletionView = z.object({
  id: z.number().int(),
  sessionType: z.enum(SessionType),
  title: z.string(),
  phone: z.string().nullable(),
  accountId: z.number().int(),
  accountPhone: z.string().nullable(),
  reason: z.string(),
  messageCount: z.number().int(),
  /** whose customer it was: the agent of the session (the supervisor when it had none) */
  ownerUserId: z.number().int(),
  ownerName: z.string(),
  deletedBy: z.number().int(),
  deletedByName: z.string(),
  deletedAt: z.number(),
})
export type SessionDeletionView = z.infer<typeof sessionDeletionView>

/** The desk's sessions: the supervisor and agents; the team lead reads chats through the chat history only. */
const sessions = { roles: Access.desk, tags: ['desk sessions'] } as const
const session = '/damai/customer/session'

export const deskEndpoints = {
  enter: endpoint({
    ...sessions,
    method: 'POST',
    path: '/damai/customer/desk/enter',
    summary: "Open the desk (a supervisor: as the agent customerUserId); the agent's older desk answers 433",
    body: deskEnterBody,
    response: deskEnterResult,
  }),
  page: endpoint({
    ...sessions,
    method: 'POST',
    path: `${session}/page`,
    summary: 'Sessions: pinned first, newest activity; keyset cursor',
    body: sessionPageBody,
    response: sessionPage,
  }),
  counts: endpoint({
    ...sessions,
    method: 'POST',
    path: `${session}/counts`,
    summary: 'Sessions per sidebar entry',
    body: sessionCountsBody,
    response: sessionCounts,
  }),
  detail: endpoint({
    ...sessions,
    method: 'POST',
    path: `${session}/detail`,
    summary: 'A session with its customer or group (side panel)',
    body: sessionIdBody,
    response: deskSessionDetail,
  }),
  create: endpoint({
    ...sessions,
    method: 'POST',
    path: `${session}/create`,
    summary: 'A new session with a phone number (9–20 digits)',
    body: sessionCreateBody,
    response: sessionCreateResult,
  }),
  flag: endpoint({
    ...sessions,
    method: 'PUT',
    path: `${session}/flag`,
    summary: 'Pin, block, do-not-disturb, AI reply, unread, invalid, mass send: on or off',
    body: sessionFlagBody,
    response: deskSessionView,
  }),
  migrate: endpoint({
    ...sessions,
    method: 'PUT',
    path: `${session}/migrate`,
    summary: 'Hand the session to another agent',
    body: sessionMigrateBody,
    response: z.null(),
  }),
  updateFan: endpoint({
    ...sessions,
    method: 'PUT',
    path: `${session}/fan`,
    summary: "The customer's nickname and remark",
    body: sessionFanBody,
    response: deskSessionDetail,
  }),
  remove: endpoint({
    ...sessions,
    method: 'DELETE',
    path: session,
    summary: "Delete an invalid customer's chat with a reason; a deletion record is kept",
    query: sessionDeleteQuery,
    response: z.null(),
  }),
  deletions: endpoint({
    ...sessions,
    method: 'POST',
    path: `${session}/deletions`,
    summary: 'Deletion records, newest first; filters',
    body: sessionDeletionsBody,
    response: pageOf(sessionDeletionView),
  }),
}

/**
 * The desk's roles read and write the chat; the file of a message is also the team lead's, whose
 * chat history shows the tenant's messages (read-only) with their files.
 */
const chat = { roles: Access.desk, tags: ['desk chat'] } as const
const user = '/damai/customer/user'

/** The spec's desk chat calls (§7), verbatim, plus resend and the media of a message. */
export const chatEndpoints = {
  history: endpoint({
    ...chat,
    method: 'POST',
    path: `${user}/getSessionChatMessages`,
    summary: 'Chat history, newest first; beforeId pages upward',
    body: chatHistoryBody,
    response: chatHistoryPage,
  }),
  send: endpoint({
    ...chat,
    method: 'POST',
    path: `${user}/sendChatMessage`,
    summary: 'Queue a text, location, contact cards, a material or an image-text link',
    body: sendChatBody,
    response: chatMessageView,
  }),
  resend: endpoint({
    ...chat,
    method: 'POST',
    path: `${user}/resendChatMessage`,
    summary: 'Send a failed message again as a new message',
    body: messageIdBody,
    response: chatMessageView,
  }),
  revoke: endpoint({
    ...chat,
    method: 'POST',
    path: `${user}/revokeChatMessage`,
    summary: 'Withdraw our message (48 h); answers at once, the result arrives as message.updated',
    body: messageIdBody,
    response: revokeResult,
  }),
  edit: endpoint({
    ...chat,
    method: 'POST',
    path: `${user}/editChatMessage`,
    summary:
      'Change the text or caption of our sent message (15 min); answers at once, the new text arrives as message.updated',
    body: editChatBody,
    response: editResult,
  }),
  markRead: endpoint({
    ...chat,
    method: 'POST',
    path: `${user}/sendReadToFriendForChat`,
    summary: 'Mark the session read (and read receipts to the customer)',
    body: sessionIdBody,
    response: readResult,
  }),
  upload: endpoint({
    ...chat,
    method: 'POST',
    path: `${user}/uploadThenSendChatMessageAsync`,
    summary:
      'Upload and send a file (multipart: file, sessionId, chatType 8 image|9 video|10 voice|11 file, ' +
      'fileType 7 gif|8 image, width, height, seconds, caption); checked from its bytes',
    body: 'multipart',
    response: chatMessageView,
  }),
  media: endpoint({
    ...chat,
    roles: Access.chatMedia,
    method: 'GET',
    path: `${user}/chatMedia/:messageId`,
    summary: "A message's file, with its type; documents as attachments",
    params: z.object({ messageId: z.coerce.number().int().positive() }),
    response: fileResponse,
  }),
}

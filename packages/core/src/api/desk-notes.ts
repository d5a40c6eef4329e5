import { z } from 'zod'
import { Access } from '../access.js'
import { SESSION_STATUSES, SessionStatus, SessionType } from '../messaging.js'
import { endpoint } from './contract.js'
import { chatMessageView } from './desk-views.js'

/**
 * The desk's conversation status (open, pending, snoozed until a time, resolved) and its internal
 * notes with @mentions. A note is a message of the session that is never sent to WhatsApp (type
 * `note`); each user it mentions hears of it on their socket and finds it in their mentions.
 */

/** Sessions one status change may name. */
export const SESSION_STATUS_BATCH_MAX = 200
/** Longest internal note, in characters. */
export const NOTE_TEXT_MAX = 2000
/** Users one note may mention. */
export const NOTE_MENTIONS_MAX = 50
/** Largest page of the mentions list; mentions marked read in one call. */
export const MENTIONS_PAGE_MAX = 100
export const MENTIONS_READ_MAX = 200

const id = z.number({ message: 'invalid' }).int().positive()

/**
 * PUT /damai/customer/session/status: the sessions' new status; `snoozeUntil` (epoch ms, in the
 * future) only and always with `snoozed`.
 */
export const sessionStatusBody = z
  .object({
    sessionIds: z
      .array(id, { message: 'required' })
      .min(1, 'required')
      .max(SESSION_STATUS_BATCH_MAX, 'session.statusTooMany'),
    status: z.enum(SESSION_STATUSES, { message: 'session.statusInvalid' }),
    snoozeUntil: z
      .number({ message: 'session.snoozeUntil' })
      .int()
      .min(0)
      .max(8_640_000_000_000_000)
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.status === SessionStatus.snoozed) {
      if (b.snoozeUntil === undefined)
        ctx.addIssue({ code: 'custom', path: ['snoozeUntil'], message: 'session.snoozeUntilRequired' })
      else if (b.snoozeUntil <= Date.now())
        ctx.addIssue({ code: 'custom', path: ['snoozeUntil'], message: 'session.snoozeUntilPast' })
    } else if (b.snoozeUntil !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['snoozeUntil'], message: 'session.snoozeUntilOnlySnoozed' })
    }
  })
export type SessionStatusBody = z.infer<typeof sessionStatusBody>

/** POST /damai/customer/session/note: an internal note (1–2000 characters) mentioning users of the tenant. */
export const sessionNoteBody = z.object({
  sessionId: id,
  text: z
    .string({ message: 'session.noteRequired' })
    .trim()
    .min(1, 'session.noteRequired')
    .max(NOTE_TEXT_MAX, 'session.noteTooLong'),
  mentionUserIds: z.array(id).max(NOTE_MENTIONS_MAX, 'session.mentionsTooMany').default([]),
})
export type SessionNoteBody = z.infer<typeof sessionNoteBody>

/** GET /damai/customer/session/mentions: the caller's mentions, newest first; `cursor` pages on. */
export const mentionsQuery = z.object({
  /** the `nextCursor` of the previous page */
  cursor: z
    .string()
    .regex(/^\d{1,16}$/, 'invalid')
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(MENTIONS_PAGE_MAX).default(30),
  /** 'true': only the unread ones */
  unread: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
})
export type MentionsQuery = z.infer<typeof mentionsQuery>

/** PUT /damai/customer/session/mentions/read: the caller's mentions named (or all of them) read. */
export const mentionsReadBody = z
  .object({
    mentionIds: z.array(id).max(MENTIONS_READ_MAX, 'tooLong').optional(),
    all: z.boolean().optional(),
  })
  .refine((b) => b.all === true || (b.mentionIds?.length ?? 0) > 0, {
    message: 'session.mentionsReadNone',
    path: ['mentionIds'],
  })
export type MentionsReadBody = z.infer<typeof mentionsReadBody>

// ---- answers ----

/** A session's status as it now stands. */
export const sessionStatusView = z.object({
  sessionId: z.number().int(),
  status: z.enum(SessionStatus),
  snoozedUntil: z.number().nullable(),
  /** when it last changed, and who changed it (null: the customer writing, or a snooze that ended) */
  statusChangedAt: z.number().nullable(),
  statusChangedBy: z.number().int().nullable(),
  waitingSince: z.number().nullable(),
})
export type SessionStatusView = z.infer<typeof sessionStatusView>

export const sessionStatusResult = z.object({ list: z.array(sessionStatusView) })
export type SessionStatusResult = z.infer<typeof sessionStatusResult>

/** One mention of the caller: which note, in which session, by whom. */
export const mentionView = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  sessionType: z.enum(SessionType),
  /** the customer's or group's name as the desk shows it */
  sessionTitle: z.string(),
  messageId: z.number().int(),
  /** the note's text */
  text: z.string(),
  authorUserId: z.number().int(),
  authorName: z.string(),
  createdAt: z.number(),
  unread: z.boolean(),
})
export type MentionView = z.infer<typeof mentionView>

export const mentionPage = z.object({
  /** newest first */
  list: z.array(mentionView),
  /** null on the last page */
  nextCursor: z.string().nullable(),
  /** the caller's unread mentions in all */
  unreadCount: z.number().int(),
})
export type MentionPage = z.infer<typeof mentionPage>

export const mentionsReadResult = z.object({ unreadCount: z.number().int() })
export type MentionsReadResult = z.infer<typeof mentionsReadResult>

/** The desk's roles: the supervisor (also acting as an agent) and agents. */
const desk = { roles: Access.desk, tags: ['desk sessions'] } as const
const session = '/damai/customer/session'

export const deskNoteEndpoints = {
  status: endpoint({
    ...desk,
    method: 'PUT',
    path: `${session}/status`,
    summary: 'Open, pending, snoozed until a time or resolved: up to 200 sessions the caller may work on',
    body: sessionStatusBody,
    response: sessionStatusResult,
  }),
  note: endpoint({
    ...desk,
    method: 'POST',
    path: `${session}/note`,
    summary: 'An internal note in the chat (never sent to WhatsApp), mentioning users of the tenant',
    body: sessionNoteBody,
    response: chatMessageView,
  }),
  mentions: endpoint({
    ...desk,
    method: 'GET',
    path: `${session}/mentions`,
    summary: "The caller's mentions in notes, newest first; keyset cursor",
    query: mentionsQuery,
    response: mentionPage,
  }),
  mentionsRead: endpoint({
    ...desk,
    method: 'PUT',
    path: `${session}/mentions/read`,
    summary: "Mark the caller's mentions read (the ones named, or all)",
    body: mentionsReadBody,
    response: mentionsReadResult,
  }),
}

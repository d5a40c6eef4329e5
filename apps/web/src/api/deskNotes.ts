import { deskNoteEndpoints as api, type SessionStatusValue } from '@app/core'
import { call } from './client'
import { backgroundCall, noRepeatGuard } from './request'

/**
 * The desk's conversation status, internal notes and the caller's @mentions (packages/core
 * api/desk-notes.ts). A refusal is told by the request client (the envelope's msg) and rejects.
 */

/** Sessions (up to 200) to one status; `snoozeUntil` (epoch ms, future) only with `snoozed`. */
export const setSessionStatus = (sessionIds: number[], status: SessionStatusValue, snoozeUntil?: number) =>
  call(api.status, { sessionIds, status, ...(snoozeUntil !== undefined ? { snoozeUntil } : {}) })

/** An internal note in the chat (never sent to WhatsApp); answers the note as a chat message. */
export const addSessionNote = (sessionId: number, text: string, mentionUserIds: number[]) =>
  call(api.note, { sessionId, text, mentionUserIds })

/** One page of the caller's mentions, newest first; `cursor` is the previous page's `nextCursor`. */
export const pageMentions = (q: { cursor?: string; pageSize: number }) =>
  call(api.mentions, { pageSize: q.pageSize, ...(q.cursor ? { cursor: q.cursor } : {}) }, noRepeatGuard)

/** The caller's unread mentions in all (a page of one carries the count); quiet, as a badge's poll. */
export const unreadMentionCount = () =>
  call(api.mentions, { pageSize: 1, unread: 'true' }, backgroundCall).then((p) => p.unreadCount)

/** Mark the caller's mentions read: those named, or all; answers what is left unread. */
export const markMentionsRead = (which: number[] | 'all') =>
  call(api.mentionsRead, which === 'all' ? { all: true } : { mentionIds: which })

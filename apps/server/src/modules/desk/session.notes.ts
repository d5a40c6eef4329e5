import {
  type ChatMessageView,
  customerTitle,
  ErrorCode,
  type MentionPage,
  type MentionsQuery,
  type MentionsReadBody,
  type MentionsReadResult,
  type MentionView,
  roomOf,
  type SessionNoteBody,
  type SessionTypeValue,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { presentChatMessage, SessionNotes } from '../messages/index.js'
import { loadDeskSession, sessionRooms } from '../sessions/index.js'
import type { UsersService } from '../users/index.js'
import { type MentionRow, MentionsRepository } from './mentions.repository.js'

/** A mention as the mentions list and the `mention.new` event show it. */
function presentMention(r: MentionRow): MentionView {
  const sessionTitle =
    r.fan_jid !== null
      ? customerTitle({
          nickname: r.fan_nickname,
          pushName: r.fan_push_name,
          phone: r.fan_phone,
          jid: r.fan_jid,
        })
      : r.group_subject || r.group_jid || ''
  return {
    id: r.id,
    sessionId: r.session_id,
    sessionType: r.session_type as SessionTypeValue,
    sessionTitle,
    messageId: r.message_id,
    text: r.body,
    authorUserId: r.author_user_id,
    authorName: r.author_nickname || r.author_username || '',
    createdAt: r.created_at,
    unread: r.read_at === null,
  }
}

/**
 * Internal notes of the desk and the mentions in them. A note is written in a session the caller
 * may work on, as a message of the chat that never goes to WhatsApp; the users it mentions must be
 * desk users of the caller's tenant. The session's rooms hear of the note, each user mentioned of
 * their mention (their own room), once the note has committed.
 */
export class DeskNotes {
  private readonly notes = new SessionNotes()
  private readonly mentions: MentionsRepository

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly users: UsersService,
  ) {
    this.mentions = new MentionsRepository(db)
  }

  /** Write a note mentioning users of the tenant; a user of another tenant (or none) is refused. */
  async add(viewer: Caller, body: SessionNoteBody): Promise<ChatMessageView> {
    const d = await loadDeskSession(this.db, viewer, body.sessionId)
    const mentioned = [...new Set(body.mentionUserIds)]
    const members = new Set(await this.users.deskMembers(viewer.tenantId, mentioned))
    if (mentioned.some((id) => !members.has(id))) throw new AppError(ErrorCode.mentionNotInTenant)
    // after everything already in the chat, as a message we queue (the chat orders by time)
    const at = Math.max(Date.now(), d.session.last_activity_at + 1)
    const { note, ids } = await this.db.transaction().execute(async (tx) => {
      const note = await this.notes.write(tx, {
        tenantId: viewer.tenantId,
        accountId: d.session.account_id,
        sessionId: d.session.id,
        authorId: viewer.userId,
        text: body.text,
        mentionUserIds: mentioned,
        at,
      })
      const ids = await this.mentions.insert(tx, viewer.tenantId, {
        sessionId: d.session.id,
        messageId: note.id,
        authorId: viewer.userId,
        userIds: mentioned,
        at: note.created_at,
      })
      return { note, ids }
    })
    const view = presentChatMessage(note)
    this.hub.emit(sessionRooms(d), 'session.note', { message: view, mentionUserIds: mentioned })
    if (ids.length > 0) {
      const rows = await this.mentions.byIds(viewer.tenantId, ids)
      for (const r of rows) this.hub.emit([roomOf.user(r.user_id)], 'mention.new', presentMention(r))
    }
    return view
  }

  /** The caller's mentions, newest first (keyset on the mention's id), with their unread count. */
  async page(viewer: Caller, query: MentionsQuery): Promise<MentionPage> {
    const { pageSize } = query
    const rows = await this.mentions.page(viewer.tenantId, viewer.userId, {
      beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
      limit: pageSize + 1,
      unreadOnly: query.unread,
    })
    const more = rows.length > pageSize
    const list = (more ? rows.slice(0, pageSize) : rows).map(presentMention)
    const last = list.at(-1)
    return {
      list,
      nextCursor: more && last ? String(last.id) : null,
      unreadCount: await this.mentions.unreadCount(viewer.tenantId, viewer.userId),
    }
  }

  /** Mark the caller's mentions read (another user's are never touched); answers what is left unread. */
  async markRead(viewer: Caller, body: MentionsReadBody): Promise<MentionsReadResult> {
    await this.mentions.markRead(
      viewer.tenantId,
      viewer.userId,
      body.all ? 'all' : (body.mentionIds ?? []),
      Date.now(),
    )
    return { unreadCount: await this.mentions.unreadCount(viewer.tenantId, viewer.userId) }
  }
}

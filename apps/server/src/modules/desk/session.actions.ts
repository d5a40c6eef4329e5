import {
  type DeskSessionDetail,
  type DeskSessionView,
  ErrorCode,
  type Page,
  roomOf,
  type SessionDeletionsBody,
  type SessionDeletionView,
  type SessionFanBody,
  type SessionFlagBody,
  type SessionTypeValue,
  type SessionUpdatedEvent,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { containsText } from '../../db/search.js'
import type { EventBus } from '../../events/bus.js'
import type { Caller } from '../../http/caller.js'
import { AppError, badRequest } from '../../http/errors.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { FanDirectory, fanDetail } from '../fans/index.js'
import { ChatMessages } from '../messages/index.js'
import type { OutboxService } from '../outbox/index.js'
import type { SessionListQuery } from '../sessions/index.js'
import {
  type DeskSession,
  groupDetail,
  loadDeskSession,
  SessionDirectory,
  sessionRooms,
} from '../sessions/index.js'
import type { UsersService } from '../users/index.js'
import type { ChatReads } from './chat.reads.js'
import { MentionsRepository } from './mentions.repository.js'

/** Session columns behind the simple toggles. */
const COLUMN = { pinned: 'pinned', blocked: 'blocked', dnd: 'dnd', aiReply: 'ai_reply' } as const

/**
 * The desk's session actions (spec §4 toggles): pin, block, do-not-disturb, AI reply, read or
 * unread, invalid or restored, mass send allowed or forbidden; migrate to another agent; edit the
 * customer's nickname and remark; delete an invalid customer's chat (kept as a deletion record).
 * Every one loads the session in the viewer's scope first: another tenant's is not found.
 */
export class SessionActions {
  private readonly fans = new FanDirectory()
  private readonly messages = new ChatMessages()
  private readonly sessions: SessionDirectory
  private readonly mentions: MentionsRepository
  /** whether the tenant may turn AI reply on (a provider configured); open until AI reply says */
  constructor(
    private readonly db: Db,
    private readonly list: SessionListQuery,
    private readonly reads: ChatReads,
    private readonly hub: RealtimeHub,
    private readonly outbox: OutboxService,
    private readonly users: UsersService,
    /** whether the tenant has an AI provider turned on (the AI reply switch is refused otherwise) */
    private readonly aiReplyReady: (tenantId: number) => Promise<boolean> = async () => true,
    /** where a session handed to another agent is announced to the other modules */
    private readonly events?: Pick<EventBus, 'publish'>,
  ) {
    this.sessions = new SessionDirectory(db)
    this.mentions = new MentionsRepository(db)
  }

  private get counts() {
    return this.list.countsCache
  }

  async detail(viewer: Caller, sessionId: number): Promise<DeskSessionDetail> {
    const session = await this.list.one(viewer, sessionId)
    const [fan, group] = await Promise.all([
      session.fanId !== null ? fanDetail(this.db, viewer.tenantId, session.fanId) : null,
      session.groupChatId !== null ? groupDetail(this.db, viewer.tenantId, session.groupChatId) : null,
    ])
    return { session, fan, group }
  }

  /** Turn one flag of a session on or off; AI reply goes on only with the tenant's provider turned on. */
  async flag(viewer: Caller, body: SessionFlagBody): Promise<DeskSessionView> {
    const d = await loadDeskSession(this.db, viewer, body.sessionId)
    if (body.flag === 'aiReply' && body.value && !(await this.aiReplyReady(viewer.tenantId)))
      throw new AppError(ErrorCode.aiReplyNotOn)
    const id = d.session.id
    const on = body.value ? 1 : 0
    switch (body.flag) {
      case 'unread':
        await (body.value ? this.reads.markUnread(viewer, d) : this.reads.markRead(viewer, d))
        return this.list.one(viewer, id)
      case 'massSend':
        if (d.session.fan_id === null) throw badRequest('invalid')
        await this.fans.update(this.db, viewer.tenantId, d.session.fan_id, { mass_send_enabled: on })
        this.emit(d, { massSendEnabled: body.value })
        return this.list.one(viewer, id)
      case 'invalid':
        // the customer is invalid: the fan and its session (the desk's lists go by the session's flag)
        await this.db.transaction().execute(async (tx) => {
          if (d.session.fan_id !== null)
            await this.fans.update(tx, viewer.tenantId, d.session.fan_id, { invalid: on })
          await this.sessions.setFlags(viewer.tenantId, id, { invalid: on }, tx)
        })
        this.emit(d, { invalid: body.value })
        return this.list.one(viewer, id)
      default: {
        const column = COLUMN[body.flag]
        await this.sessions.setFlags(viewer.tenantId, id, { [column]: on })
        this.emit(d, { [body.flag]: body.value })
        return this.list.one(viewer, id)
      }
    }
  }

  /** Hand a session to another agent (an enabled customerUser of the tenant). */
  async migrate(viewer: Caller, sessionId: number, userId: number): Promise<void> {
    const d = await loadDeskSession(this.db, viewer, sessionId)
    if (!(await this.users.isActiveAgent(viewer.tenantId, userId)))
      throw new AppError(ErrorCode.migrateTargetInvalid)
    const target = { id: userId }
    const before = d.session.agent_user_id ?? d.account.agentUserId
    await this.sessions.assignAgent(viewer.tenantId, d.session.id, target.id)
    const moved: DeskSession = { ...d, session: { ...d.session, agent_user_id: target.id } }
    this.counts.forget(viewer.tenantId)
    this.hub.emit(sessionRooms(moved), 'session.updated', {
      sessionId: d.session.id,
      changes: { agentUserId: target.id },
    })
    if (before && before !== target.id)
      this.hub.emit([roomOf.user(before)], 'session.removed', { sessionId: d.session.id, reason: 'migrated' })
    void this.events?.publish('session.assigned', {
      tenantId: viewer.tenantId,
      sessionId: d.session.id,
      agentUserId: target.id,
      previousAgentUserId: before ?? null,
      byUserId: viewer.userId,
    })
  }

  /** The customer's nickname and remark (personal sessions). */
  async updateFan(viewer: Caller, body: SessionFanBody): Promise<DeskSessionDetail> {
    const d = await loadDeskSession(this.db, viewer, body.sessionId)
    if (d.session.fan_id === null) throw badRequest('invalid')
    const patch = {
      ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
      ...(body.remark !== undefined ? { remark: body.remark } : {}),
    }
    if (Object.keys(patch).length > 0) {
      await this.fans.update(this.db, viewer.tenantId, d.session.fan_id, patch)
    }
    const detail = await this.detail(viewer, d.session.id)
    this.emit(d, {
      title: detail.session.title,
      ...(body.remark !== undefined ? { fanRemark: body.remark } : {}),
    })
    return detail
  }

  /**
   * Delete an invalid customer (spec §4: invalid customers can be deleted with a reason): the chat
   * (messages, queued sends, read marks, the session) and the fan go; a record of who, when, why
   * and what stays. A group chat's session goes, the group stays known.
   */
  async remove(viewer: Caller, sessionId: number, reason: string): Promise<void> {
    const d = await loadDeskSession(this.db, viewer, sessionId)
    if (d.session.invalid !== 1) throw new AppError(ErrorCode.deleteNeedsInvalid)
    const id = d.session.id
    const fan =
      d.session.fan_id === null ? undefined : await this.fans.byId(this.db, viewer.tenantId, d.session.fan_id)
    await this.db.transaction().execute(async (tx) => {
      const messageCount = await this.messages.countOfSession(tx, viewer.tenantId, id)
      await tx
        .insertInto('session_deletions')
        .values({
          tenant_id: viewer.tenantId,
          account_id: d.account.id,
          session_type: d.session.type,
          title: d.peer.title,
          phone: fan?.phone ?? null,
          account_phone: d.account.phone,
          reason,
          message_count: messageCount,
          // the customer's agent: a supervisor deleting from the tenant-wide list files it under them
          owner_user_id:
            viewer.agentId ?? d.session.agent_user_id ?? d.account.agentUserId ?? viewer.actingUserId,
          deleted_by: viewer.userId,
          deleted_at: Date.now(),
        })
        .execute()
      // its messages before their outbox rows: the lock order of every write of both
      await this.messages.lockOfSession(tx, viewer.tenantId, id)
      await this.outbox.deleteOfSession(tx, viewer.tenantId, id)
      await tx
        .deleteFrom('session_reads')
        .where('tenant_id', '=', viewer.tenantId)
        .where('session_id', '=', id)
        .execute()
      await this.mentions.deleteOfSession(tx, viewer.tenantId, id)
      await this.messages.deleteOfSession(tx, viewer.tenantId, id)
      await this.sessions.remove(tx, viewer.tenantId, id)
      if (d.session.fan_id !== null) await this.fans.remove(tx, viewer.tenantId, d.session.fan_id)
    })
    this.counts.forget(viewer.tenantId)
    this.hub.emit(sessionRooms(d), 'session.removed', { sessionId: id, reason: 'deleted' })
  }

  /**
   * Deletion records, newest first (a short list: offset paging): an agent's own desk's, or the
   * whole tenant's for the supervisor, narrowed by the filters given.
   */
  async deletions(viewer: Caller, body: SessionDeletionsBody): Promise<Page<SessionDeletionView>> {
    const { pageNo, pageSize } = body
    let base = this.db.selectFrom('session_deletions as d').where('d.tenant_id', '=', viewer.tenantId)
    if (viewer.agentId !== null) base = base.where('d.owner_user_id', '=', viewer.agentId)
    if (body.agentId !== undefined) base = base.where('d.owner_user_id', '=', body.agentId)
    if (body.accountId !== undefined) base = base.where('d.account_id', '=', body.accountId)
    if (body.from !== undefined) base = base.where('d.deleted_at', '>=', body.from)
    if (body.to !== undefined) base = base.where('d.deleted_at', '<', body.to)
    const keyword = body.keyword
    if (keyword)
      base = base.where((eb) =>
        eb.or([
          containsText('d.title', keyword),
          containsText('d.phone', keyword),
          containsText('d.account_phone', keyword),
          containsText('d.reason', keyword),
        ]),
      )
    const [rows, total] = await Promise.all([
      base
        .leftJoin('users as u', 'u.id', 'd.deleted_by')
        .leftJoin('users as o', 'o.id', 'd.owner_user_id')
        .selectAll('d')
        .select(['u.nickname', 'u.username', 'o.nickname as owner_nickname', 'o.username as owner_username'])
        .orderBy('d.deleted_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return {
      total: Number(total.n),
      list: rows.map((r) => ({
        id: r.id,
        sessionType: r.session_type as SessionTypeValue,
        title: r.title,
        phone: r.phone,
        accountId: r.account_id,
        accountPhone: r.account_phone,
        reason: r.reason,
        messageCount: r.message_count,
        ownerUserId: r.owner_user_id,
        ownerName: r.owner_nickname || r.owner_username || '',
        deletedBy: r.deleted_by,
        deletedByName: r.nickname || r.username || '',
        deletedAt: r.deleted_at,
      })),
    }
  }

  private emit(d: DeskSession, changes: SessionUpdatedEvent['changes']): void {
    this.counts.forget(d.session.tenant_id)
    this.hub.emit(sessionRooms(d), 'session.updated', { sessionId: d.session.id, changes })
  }
}

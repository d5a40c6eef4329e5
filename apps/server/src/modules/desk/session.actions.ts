import {
  type DeskSessionDetail,
  type DeskSessionView,
  ErrorCode,
  type Page,
  Role,
  roomOf,
  type SessionDeletionView,
  type SessionFanBody,
  type SessionFlagBody,
  type SessionTypeValue,
  type SessionUpdatedEvent,
  UserStatus,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError, badRequest } from '../../http/errors.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { type DeskSession, loadDeskSession, sessionRooms } from '../sessions/session.access.js'
import { fanDetail, groupDetail } from '../sessions/session.detail.js'
import type { SessionListQuery } from '../sessions/session-list.query.js'
import type { ChatReads } from './chat.reads.js'

/** Session columns behind the simple toggles. */
const COLUMN = { pinned: 'pinned', blocked: 'blocked', dnd: 'dnd', aiReply: 'ai_reply' } as const

/**
 * The desk's session actions (spec §4 toggles): pin, block, do-not-disturb, AI reply, read or
 * unread, invalid or restored, mass send allowed or forbidden; migrate to another agent; edit the
 * customer's nickname and remark; delete an invalid customer's chat (kept as a deletion record).
 * Every one loads the session in the viewer's scope first: another tenant's is not found.
 */
export class SessionActions {
  constructor(
    private readonly db: Db,
    private readonly list: SessionListQuery,
    private readonly reads: ChatReads,
    private readonly hub: RealtimeHub,
  ) {}

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

  /** Turn one flag of a session on or off. */
  async flag(viewer: Caller, body: SessionFlagBody): Promise<DeskSessionView> {
    const d = await loadDeskSession(this.db, viewer, body.sessionId)
    const id = d.session.id
    const on = body.value ? 1 : 0
    switch (body.flag) {
      case 'unread':
        await (body.value ? this.reads.markUnread(viewer, d) : this.reads.markRead(viewer, d))
        return this.list.one(viewer, id)
      case 'massSend':
        if (d.session.fan_id === null) throw badRequest('invalid')
        await this.db
          .updateTable('fans')
          .set({ mass_send_enabled: on, updated_at: Date.now() })
          .where('tenant_id', '=', viewer.tenantId)
          .where('id', '=', d.session.fan_id)
          .execute()
        this.emit(d, { massSendEnabled: body.value })
        return this.list.one(viewer, id)
      case 'invalid':
        // the customer is invalid: the fan and its session (the desk's lists go by the session's flag)
        await this.db.transaction().execute(async (tx) => {
          if (d.session.fan_id !== null) {
            await tx
              .updateTable('fans')
              .set({ invalid: on, updated_at: Date.now() })
              .where('tenant_id', '=', viewer.tenantId)
              .where('id', '=', d.session.fan_id)
              .execute()
          }
          await tx.updateTable('sessions').set({ invalid: on }).where('id', '=', id).execute()
        })
        this.emit(d, { invalid: body.value })
        return this.list.one(viewer, id)
      default: {
        const column = COLUMN[body.flag]
        await this.db
          .updateTable('sessions')
          .set({ [column]: on })
          .where('tenant_id', '=', viewer.tenantId)
          .where('id', '=', id)
          .execute()
        this.emit(d, { [body.flag]: body.value })
        return this.list.one(viewer, id)
      }
    }
  }

  /** Hand a session to another agent (an enabled customerUser of the tenant). */
  async migrate(viewer: Caller, sessionId: number, userId: number): Promise<void> {
    const d = await loadDeskSession(this.db, viewer, sessionId)
    const target = await this.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', userId)
      .where('role_id', '=', Role.customerUser)
      .where('status', '=', UserStatus.enabled)
      .executeTakeFirst()
    if (!target) throw new AppError(ErrorCode.migrateTargetInvalid)
    const before = d.session.agent_user_id ?? d.account.agentUserId
    await this.db
      .updateTable('sessions')
      .set({ agent_user_id: target.id })
      .where('id', '=', d.session.id)
      .execute()
    const moved: DeskSession = { ...d, session: { ...d.session, agent_user_id: target.id } }
    this.counts.forget(viewer.tenantId)
    this.hub.emit(sessionRooms(moved), 'session.updated', {
      sessionId: d.session.id,
      changes: { agentUserId: target.id },
    })
    if (before && before !== target.id)
      this.hub.emit([roomOf.user(before)], 'session.removed', { sessionId: d.session.id, reason: 'migrated' })
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
      await this.db
        .updateTable('fans')
        .set({ ...patch, updated_at: Date.now() })
        .where('tenant_id', '=', viewer.tenantId)
        .where('id', '=', d.session.fan_id)
        .execute()
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
      d.session.fan_id === null
        ? undefined
        : await this.db
            .selectFrom('fans')
            .select('phone')
            .where('id', '=', d.session.fan_id)
            .executeTakeFirst()
    await this.db.transaction().execute(async (tx) => {
      const counted = await tx
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('session_id', '=', id)
        .executeTakeFirstOrThrow()
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
          message_count: Number(counted.n),
          owner_user_id: viewer.actingUserId,
          deleted_by: viewer.userId,
          deleted_at: Date.now(),
        })
        .execute()
      await tx.deleteFrom('outbox').where('session_id', '=', id).execute()
      await tx.deleteFrom('session_reads').where('session_id', '=', id).execute()
      await tx.deleteFrom('messages').where('session_id', '=', id).execute()
      await tx.deleteFrom('sessions').where('id', '=', id).execute()
      if (d.session.fan_id !== null) await tx.deleteFrom('fans').where('id', '=', d.session.fan_id).execute()
    })
    this.counts.forget(viewer.tenantId)
    this.hub.emit(sessionRooms(d), 'session.removed', { sessionId: id, reason: 'deleted' })
  }

  /** Deletion records, newest first (a short list: offset paging): an agent's own desk's, or the whole tenant's. */
  async deletions(viewer: Caller, pageNo: number, pageSize: number): Promise<Page<SessionDeletionView>> {
    let base = this.db.selectFrom('session_deletions as d').where('d.tenant_id', '=', viewer.tenantId)
    if (viewer.agentId !== null) base = base.where('d.owner_user_id', '=', viewer.agentId)
    const [rows, total] = await Promise.all([
      base
        .leftJoin('users as u', 'u.id', 'd.deleted_by')
        .selectAll('d')
        .select(['u.nickname', 'u.username'])
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
        accountPhone: r.account_phone,
        reason: r.reason,
        messageCount: r.message_count,
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

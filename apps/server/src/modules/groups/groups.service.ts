import {
  ErrorCode,
  type ErrorCodeValue,
  type GroupInfoView,
  type GroupLinkView,
  type GroupMemberPage,
  type GroupMembersBody,
  type GroupRemarkBody,
  type GroupRoleValue,
  Role,
  SessionType,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { inviteLink } from '../../gateway/jid.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import { qrDataUrl } from '../../gateway/qr.js'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import type { GroupChat, GroupDirectory } from '../sessions/index.js'
import { type DeskSession, GroupChatSync, GroupNotes, loadDeskSession } from '../sessions/index.js'
import { viaGateway } from './groups.errors.js'
import type { GroupEvents } from './groups.events.js'
import { isGroupAdmin, presentGroupInfo, presentMember, toGroupRole } from './groups.presenter.js'

/** A group session the viewer may work on, with our account's place in the group. */
export interface GroupContext {
  viewer: Caller
  desk: DeskSession
  group: GroupChat
  /** our account's addresses (phone and hidden id) */
  self: string[]
  /** our account's role; null when it is not (or no longer) a member */
  role: GroupRoleValue | null
}

/**
 * Reading and annotating group chats, their members and invite link. Member, settings and
 * info changes live in GroupChangesService; joining in GroupJoinService.
 */
export class GroupsService {
  private readonly notes: GroupNotes
  private readonly sync: GroupChatSync

  constructor(
    private readonly db: Db,
    private readonly gateway: MessagingGateway,
    private readonly chats: GroupDirectory,
    private readonly events: GroupEvents,
  ) {
    this.notes = new GroupNotes(db)
    this.sync = new GroupChatSync(db)
  }

  /** The group of a desk session in the viewer's scope; not found outside it, 2407 for a personal session. */
  async load(viewer: Caller, sessionId: number): Promise<GroupContext> {
    const desk = await loadDeskSession(this.db, viewer, sessionId)
    const groupChatId = desk.session.group_chat_id
    if (desk.session.type !== SessionType.group || groupChatId === null)
      throw new AppError(ErrorCode.notGroupSession)
    const group = await this.chats.byId(viewer.tenantId, groupChatId)
    if (!group) throw new AppError(ErrorCode.notFound)
    const self = [desk.account.jid, desk.account.lid].filter((j): j is string => !!j)
    const raw = await this.chats.roleOf(viewer.tenantId, group.id, self)
    return { viewer, desk, group, self, role: raw === null ? null : toGroupRole(raw) }
  }

  /**
   * The stored group. `refresh` reads it from WhatsApp first; a group never read (no members
   * stored) is read once on the way, and a failure there leaves the stored info.
   */
  async info(viewer: Caller, sessionId: number, refresh = false): Promise<GroupInfoView> {
    let ctx = await this.load(viewer, sessionId)
    let counts = await this.chats.counts(viewer.tenantId, ctx.group.id)
    if (refresh || counts.members === 0) {
      const fetched = await this.refresh(ctx, refresh)
      if (fetched) {
        ctx = await this.load(viewer, sessionId)
        counts = await this.chats.counts(viewer.tenantId, ctx.group.id)
      }
    }
    const link = ctx.group.invite_link
    return presentGroupInfo({
      sessionId,
      group: ctx.group,
      accountPhone: ctx.desk.account.phone,
      counts,
      ourRole: ctx.role,
      readOnly: isReadOnly(viewer),
      inviteQr: link ? await qrDataUrl(link) : null,
    })
  }

  async members(viewer: Caller, body: GroupMembersBody): Promise<GroupMemberPage> {
    const ctx = await this.load(viewer, body.sessionId)
    const { rows, total } = await this.chats.members(viewer.tenantId, ctx.group, body)
    const self = new Set(ctx.self)
    return { list: rows.map((r) => presentMember(r, self)), total }
  }

  /** The invite link (reset: a new one; the old stops working) with its QR code; owner/admin only. */
  async link(viewer: Caller, sessionId: number, reset: boolean): Promise<GroupLinkView> {
    assertWritable(viewer)
    const ctx = await this.load(viewer, sessionId)
    requireAdmin(ctx, ErrorCode.groupNotAdmin)
    const account = String(ctx.desk.account.id)
    const code = await viaGateway(
      () =>
        reset
          ? this.gateway.groupRevokeInvite(account, ctx.group.jid)
          : this.gateway.groupInviteCode(account, ctx.group.jid),
      ErrorCode.groupNotAdmin,
    )
    const link = inviteLink(code)
    if (link !== ctx.group.invite_link) {
      await this.notes.setInviteLink(viewer.tenantId, ctx.group.id, link, Date.now())
      await this.events.notify(viewer.tenantId, ctx.group.id, ctx.group.jid)
    }
    return { link, qrDataUrl: await qrDataUrl(link) }
  }

  /** The tenant's own note and nickname of the group; only the fields given change. */
  async remark(viewer: Caller, body: GroupRemarkBody): Promise<void> {
    assertWritable(viewer)
    const ctx = await this.load(viewer, body.sessionId)
    const patch: { note?: string; nickname?: string } = {}
    if (body.note !== undefined) patch.note = body.note
    if (body.nickname !== undefined) patch.nickname = body.nickname
    if (Object.keys(patch).length === 0) throw new AppError(ErrorCode.groupNothingToChange)
    await this.notes.setRemark(viewer.tenantId, ctx.group.id, patch, Date.now())
    await this.events.notify(viewer.tenantId, ctx.group.id, ctx.group.jid)
  }

  async systemGroups(viewer: Caller): Promise<{ show: boolean }> {
    return { show: await this.notes.showsSystemGroups(viewer.tenantId, viewer.actingUserId) }
  }

  async setSystemGroups(viewer: Caller, show: boolean): Promise<{ show: boolean }> {
    await this.notes.setShowSystemGroups(viewer.tenantId, viewer.actingUserId, show, Date.now())
    return { show }
  }

  /**
   * Read the group from WhatsApp into the store. Asked for (`strict`): a failure is the caller's
   * error; on the way (first read): a failure is ignored and the stored info stays.
   */
  private async refresh(ctx: GroupContext, strict: boolean): Promise<boolean> {
    try {
      const info = await viaGateway(
        () => this.gateway.groupInfo(String(ctx.desk.account.id), ctx.group.jid),
        ErrorCode.groupNotMember,
      )
      await this.db
        .transaction()
        .execute((tx) => this.sync.applyInfo(tx, ctx.viewer.tenantId, ctx.desk.account.id, info, Date.now()))
    } catch (err) {
      if (strict) throw err
      return false
    }
    await this.events.notify(ctx.viewer.tenantId, ctx.group.id, ctx.group.jid)
    return true
  }
}

/** A team lead reads only. */
const isReadOnly = (viewer: Caller): boolean => viewer.roleId === Role.customerUserLeader

/** Changes are for the supervisor and agents (the write routes admit no other role). */
export function assertWritable(viewer: Caller): void {
  if (isReadOnly(viewer)) throw new AppError(ErrorCode.forbidden)
}

/** Our account must be the group's owner or an admin; `code` says for what. */
export function requireAdmin(ctx: GroupContext, code: ErrorCodeValue): void {
  if (ctx.role === null) throw new AppError(ErrorCode.groupNotMember)
  if (!isGroupAdmin(ctx.role)) throw new AppError(code)
}

/** Our account must still be in the group. */
export function requireMember(ctx: GroupContext): GroupRoleValue {
  if (ctx.role === null) throw new AppError(ErrorCode.groupNotMember)
  return ctx.role
}

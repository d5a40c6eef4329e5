import type { GroupMembersBody } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { GroupInfo } from '../../gateway/messaging-gateway.js'
import { type GroupChat, GroupChatsRepository, type MemberRow } from './group-chats.repository.js'

type Q = Kysely<Database>

/**
 * Group chats as other modules read them: the desk's group panel, its send checks, the outbox's
 * peer and mass sends. Every method but the inbound path's lookup by address takes the tenant.
 */
export class GroupDirectory {
  private readonly groups: GroupChatsRepository

  constructor(db: Db) {
    this.groups = new GroupChatsRepository(db)
  }

  /** A group chat of the tenant. */
  byId(tenantId: number, groupChatId: number): Promise<GroupChat | undefined> {
    return this.groups.byId(tenantId, groupChatId)
  }

  /** Where a group session writes to, and how the desk names it. */
  peer(
    tenantId: number,
    groupChatId: number,
    q?: Q,
  ): Promise<{ jid: string; title: string; invalid: boolean }> {
    return this.groups.peer(tenantId, groupChatId, q)
  }

  /** What decides whether we may write in a group: its members (when known) and announcement mode. */
  sendState(
    tenantId: number,
    groupChatId: number,
  ): Promise<{ members: { jid: string; role: string }[]; announce: boolean }> {
    return this.groups.sendState(tenantId, groupChatId)
  }

  /** WhatsApp's role of the first of `jids` (our account's addresses) that is a member; null when none is. */
  roleOf(tenantId: number, groupChatId: number, jids: string[]): Promise<string | null> {
    return this.groups.roleOf(tenantId, groupChatId, jids)
  }

  /** Members and admins (owner included) of a group. */
  counts(tenantId: number, groupChatId: number): Promise<{ members: number; admins: number }> {
    return this.groups.counts(tenantId, groupChatId)
  }

  /** A page of members: owner, admins, members, then by address; search by name or digits. */
  members(
    tenantId: number,
    group: GroupChat,
    page: Pick<GroupMembersBody, 'keyword' | 'pageNo' | 'pageSize'>,
  ): Promise<{ rows: MemberRow[]; total: number }> {
    return this.groups.members(tenantId, group, page)
  }

  /** The desk session of a group chat and the agent it belongs to, if one was opened. */
  sessionOf(
    tenantId: number,
    groupChatId: number,
  ): Promise<{ id: number; agent: number | null } | undefined> {
    return this.groups.sessionOf(tenantId, groupChatId)
  }

  /** A group chat of an account by its address: WhatsApp's group events arrive by account, not tenant. */
  systemFindByJid(system: SystemScope, accountId: number, jid: string) {
    return this.groups.systemFindByJid(system, accountId, jid)
  }
}

/**
 * What WhatsApp tells of group chats, stored inside the caller's transaction: by the inbound path,
 * by a join, and by the desk asking for a group's info again.
 */
export class GroupChatSync {
  private readonly groups: GroupChatsRepository

  constructor(db: Db) {
    this.groups = new GroupChatsRepository(db)
  }

  /** The group chat of an address on an account, recorded on first sight (`created`). */
  open(
    q: Q,
    tenantId: number,
    accountId: number,
    jid: string,
    now: number,
  ): Promise<{ group: GroupChat; created: boolean }> {
    return this.groups.ensure(q, tenantId, accountId, jid, now)
  }

  /** Apply what the gateway knows of the group; the members are replaced when listed. */
  applyInfo(
    q: Q,
    tenantId: number,
    accountId: number,
    info: Partial<GroupInfo> & { id: string },
    now: number,
  ): Promise<void> {
    return this.groups.apply(q, tenantId, accountId, info, now)
  }

  /** Members joined, left or changed role (`action`: add, remove, promote, demote). */
  applyParticipants(
    q: Q,
    tenantId: number,
    accountId: number,
    groupJid: string,
    action: string,
    jids: string[],
    now: number,
  ): Promise<void> {
    return this.groups.participants(q, tenantId, accountId, groupJid, action, jids, now)
  }
}

/** The desk's own notes on group chats: a remark and nickname, the invite link, and who lists system groups. */
export class GroupNotes {
  private readonly groups: GroupChatsRepository

  constructor(db: Db) {
    this.groups = new GroupChatsRepository(db)
  }

  /** The desk's note and nickname of a group. */
  setRemark(
    tenantId: number,
    groupChatId: number,
    patch: { note?: string; nickname?: string },
    now: number,
  ): Promise<void> {
    return this.groups.setRemark(tenantId, groupChatId, patch, now)
  }

  /** The invite link WhatsApp gave the group last. */
  setInviteLink(tenantId: number, groupChatId: number, link: string, now: number): Promise<void> {
    return this.groups.setInviteLink(tenantId, groupChatId, link, now)
  }

  /** Whether the user's desk lists system groups (default yes). */
  showsSystemGroups(tenantId: number, userId: number): Promise<boolean> {
    return this.groups.showSystemGroups(tenantId, userId)
  }

  /** The user's choice to list system groups; the sessions they see change with it. */
  setShowSystemGroups(tenantId: number, userId: number, show: boolean, now: number): Promise<void> {
    return this.groups.setShowSystemGroups(tenantId, userId, show, now)
  }
}

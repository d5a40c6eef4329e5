import {
  type GroupCan,
  GroupEditPermission,
  type GroupInfoView,
  type GroupMemberView,
  GroupRole,
  type GroupRoleValue,
} from '@app/core'
import { jidToPhone } from '../../gateway/jid.js'
import type { GroupChat, MemberRow } from '../sessions/index.js'

/** WhatsApp's participant role as the desk names it. */
export function toGroupRole(raw: string): GroupRoleValue {
  if (raw === 'superadmin') return GroupRole.owner
  if (raw === 'admin') return GroupRole.admin
  return GroupRole.member
}

export const isGroupAdmin = (role: GroupRoleValue | null): boolean =>
  role === GroupRole.owner || role === GroupRole.admin

/**
 * A system group is one our account can only read: announcement-only while our account is a plain
 * member (WhatsApp communities' announcement groups, notice groups).
 */
const isSystemGroup = (announce: boolean, ourRole: GroupRoleValue | null): boolean =>
  announce && ourRole === GroupRole.member

/** What the caller may do with the group (the server enforces the same rules). */
function groupCan(readOnly: boolean, ourRole: GroupRoleValue | null, restrictEdit: boolean): GroupCan {
  const admin = !readOnly && isGroupAdmin(ourRole)
  return {
    manageMembers: admin,
    editInfo: admin || (!readOnly && ourRole !== null && !restrictEdit),
    editSettings: admin,
    link: admin,
    remark: !readOnly,
  }
}

export interface GroupInfoParts {
  sessionId: number
  group: GroupChat
  accountPhone: string | null
  counts: { members: number; admins: number }
  ourRole: GroupRoleValue | null
  readOnly: boolean
  inviteQr: string | null
}

export function presentGroupInfo(p: GroupInfoParts): GroupInfoView {
  const { group } = p
  const announce = group.announce === 1
  const restrict = group.restrict_edit === 1
  return {
    sessionId: p.sessionId,
    groupChatId: group.id,
    jid: group.jid,
    accountId: group.account_id,
    accountPhone: p.accountPhone,
    subject: group.subject,
    description: group.description,
    memberCount: p.counts.members,
    adminCount: p.counts.admins,
    announce,
    editPermission: restrict ? GroupEditPermission.admin : GroupEditPermission.all,
    inviteLink: group.invite_link || null,
    inviteQr: p.inviteQr,
    note: group.note,
    nickname: group.nickname,
    system: isSystemGroup(announce, p.ourRole),
    ourRole: p.ourRole,
    can: groupCan(p.readOnly, p.ourRole, restrict),
    updatedAt: group.updated_at,
  }
}

export function presentMember(row: MemberRow, self: ReadonlySet<string>): GroupMemberView {
  return {
    jid: row.jid,
    phone: row.phone ?? jidToPhone(row.jid) ?? null,
    name: row.nickname || row.push_name || '',
    role: toGroupRole(row.role),
    isSelf: self.has(row.jid),
  }
}

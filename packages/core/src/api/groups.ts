import { z } from 'zod'
import { SESSION_PHONE_MAX, SESSION_PHONE_MIN } from '../constants.js'

/**
 * Group chats on the desk (spec §3 "Group chat", §4, §5 join-group links, §6 owner/admin rule).
 * Routes under /damai/customer/group; every call names the group by its desk session
 * (`sessionId`), so the desk's scope applies: a supervisor sees the tenant's groups, an agent
 * those of their sessions (also when a supervisor acts as them with `customer-user-id`), a team
 * lead (customerUserLeader) reads only.
 *
 * Changes go to WhatsApp through the account that is in the group and are asynchronous: the call
 * answers `submitted` and the stored group follows when WhatsApp confirms; the socket event
 * `group.updated` then tells the session's room to read the group again ("refresh later").
 *
 * Only the group owner or an admin (of our account's membership) may manage members, change the
 * settings (announcement group, edit permission) or get and reset the invite link; the subject and
 * description may be edited by any member unless the edit permission is "admins only". The answer
 * of `info` carries `can` so the client shows only what it may do.
 *
 * System groups: a group chat our account can only read, that is, announcement-only (only admins
 * send) while our account is a plain member. WhatsApp communities' announcement groups and notice
 * groups are such groups. Each desk user chooses whether the session list shows them
 * (`systemGroups`, default shown).
 */

/** Roles in a group as the desk shows them (WhatsApp's superadmin is the owner). */
export const GroupRole = { owner: 'owner', admin: 'admin', member: 'member' } as const
export type GroupRoleValue = (typeof GroupRole)[keyof typeof GroupRole]
export const GROUP_ROLES = Object.values(GroupRole) as [GroupRoleValue, ...GroupRoleValue[]]

/** Who may edit the subject and description: every member, or admins only (WhatsApp "locked"). */
export const GroupEditPermission = { all: 'all', admin: 'admin' } as const
export type GroupEditPermissionValue = (typeof GroupEditPermission)[keyof typeof GroupEditPermission]

export const GroupMemberAction = {
  add: 'add',
  remove: 'remove',
  promote: 'promote',
  demote: 'demote',
} as const
export type GroupMemberActionValue = (typeof GroupMemberAction)[keyof typeof GroupMemberAction]

/** WhatsApp's limits of a group's subject and description. */
export const GROUP_SUBJECT_MAX = 100
export const GROUP_DESCRIPTION_MAX = 2048
/** The tenant's own note and nickname of a group (never sent to WhatsApp). */
export const GROUP_NOTE_MAX = 200
export const GROUP_NICKNAME_MAX = 50
/** Members in one add/remove/promote/demote request. */
export const GROUP_MEMBER_ACTION_MAX = 50
export const GROUP_MEMBER_PAGE_MAX = 200
export const GROUP_LINK_LINE_MAX = 200

const INVITE_RE = /^(?:https?:\/\/)?chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]{10,32})\/?(?:[?#].*)?$/i
const CODE_RE = /^[A-Za-z0-9]{10,32}$/

/** The invite code of a join link ('https://chat.whatsapp.com/<code>' or a bare code); null when it is neither. */
export function inviteCodeOf(line: string): string | null {
  const s = line.trim()
  const m = INVITE_RE.exec(s)
  if (m?.[1]) return m[1]
  return CODE_RE.test(s) ? s : null
}

/** The links of the join-groups box: one per line, blank lines skipped (at most JOIN_GROUP_LINKS_MAX are accepted). */
export function splitJoinLinks(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
}

/**
 * A member typed or picked for an action: a phone (digits, '+', spaces and dashes allowed,
 * 9–20 digits) or a WhatsApp address from the member list. Null when it is neither.
 */
export function memberJidOf(input: string): string | null {
  const s = input.trim()
  if (/^[0-9]+@(s\.whatsapp\.net|lid)$/.test(s)) return s
  if (!/^\+?[\d\s-]+$/.test(s)) return null
  const digits = s.replace(/\D+/g, '')
  if (digits.length < SESSION_PHONE_MIN || digits.length > SESSION_PHONE_MAX) return null
  return `${digits}@s.whatsapp.net`
}

const id = z.number({ message: 'invalid' }).int().positive()
const sessionId = id

// ---- requests ----

/** POST /damai/customer/group/info: the stored group; `refresh` reads it from WhatsApp first (account online). */
export const groupInfoBody = z.object({ sessionId, refresh: z.boolean().optional() })

/** POST /damai/customer/group/members: owner first, then admins, then members; name or phone search. */
export const groupMembersBody = z.object({
  sessionId,
  keyword: z.string().trim().max(50, 'tooLong').optional(),
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(GROUP_MEMBER_PAGE_MAX).default(50),
})
export type GroupMembersBody = z.infer<typeof groupMembersBody>

/**
 * POST /damai/customer/group/members/action (owner/admin): `members` are phones (add) or the
 * addresses of the member list, 1–50. Each gets its own result; nothing is sent for a bad one.
 */
export const groupMemberActionBody = z.object({
  sessionId,
  action: z.enum(['add', 'remove', 'promote', 'demote'], { message: 'invalid' }),
  members: z.array(z.string().max(64, 'tooLong')).max(500, 'tooLong'),
})
export type GroupMemberActionBody = z.infer<typeof groupMemberActionBody>

/**
 * PUT /damai/customer/group/info: subject and description (members, or admins when the edit
 * permission is admins only), edit permission and announcement group (owner/admin). Only the
 * fields present are changed; at least one is needed.
 */
export const groupUpdateBody = z.object({
  sessionId,
  subject: z.string().trim().min(1, 'required').max(GROUP_SUBJECT_MAX, 'tooLong').optional(),
  description: z.string().trim().max(GROUP_DESCRIPTION_MAX, 'tooLong').optional(),
  editPermission: z.enum(['all', 'admin'], { message: 'invalid' }).optional(),
  /** announcement group: only admins send */
  announce: z.boolean({ message: 'invalid' }).optional(),
})
export type GroupUpdateBody = z.infer<typeof groupUpdateBody>

/** POST /damai/customer/group/link (get) and PUT /damai/customer/group/link/reset (owner/admin). */
export const groupLinkBody = z.object({ sessionId })

/** PUT /damai/customer/group/remark: the tenant's note and nickname of the group; only fields present change. */
export const groupRemarkBody = z.object({
  sessionId,
  note: z.string().trim().max(GROUP_NOTE_MAX, 'tooLong').optional(),
  nickname: z.string().trim().max(GROUP_NICKNAME_MAX, 'tooLong').optional(),
})
export type GroupRemarkBody = z.infer<typeof groupRemarkBody>

/**
 * POST /damai/customer/group/join: join groups by invite links with one WS account the caller may
 * use (GET /damai/customer/group/accounts). `links` are the box's lines (see `splitJoinLinks`),
 * 1–20; each line gets its own result.
 */
export const groupJoinBody = z.object({
  accountId: id,
  links: z.array(z.string().max(GROUP_LINK_LINE_MAX, 'tooLong')).max(200, 'tooLong'),
})
export type GroupJoinBody = z.infer<typeof groupJoinBody>

/** PUT /damai/customer/group/systemGroups: whether the caller's desk lists system groups. */
export const systemGroupsBody = z.object({ show: z.boolean({ message: 'invalid' }) })

// ---- answers ----

export interface GroupCan {
  /** add, remove, promote, demote */
  manageMembers: boolean
  /** subject and description */
  editInfo: boolean
  /** edit permission and announcement group */
  editSettings: boolean
  /** get and reset the invite link */
  link: boolean
  /** the tenant's note and nickname */
  remark: boolean
}

export interface GroupInfoView {
  sessionId: number
  groupChatId: number
  jid: string
  accountId: number
  accountPhone: string | null
  subject: string
  description: string
  memberCount: number
  adminCount: number
  announce: boolean
  editPermission: GroupEditPermissionValue
  /** the last invite link read from WhatsApp; null until an owner/admin gets it */
  inviteLink: string | null
  /** PNG data URL of the invite link's QR code; null without a link */
  inviteQr: string | null
  note: string
  nickname: string
  system: boolean
  /** our account's role; null when it is no longer in the group */
  ourRole: GroupRoleValue | null
  can: GroupCan
  updatedAt: number
}

export interface GroupMemberView {
  jid: string
  phone: string | null
  /** the customer's nickname or WhatsApp name when the account knows them, else '' */
  name: string
  role: GroupRoleValue
  /** our own account */
  isSelf: boolean
}

export interface GroupMemberPage {
  list: GroupMemberView[]
  total: number
}

/**
 * Per member: ok (submitted), invalid (not a phone or member address; not sent), alreadyMember,
 * notMember, notOnWhatsApp, notAllowed (privacy settings, or the owner), failed.
 */
export type GroupMemberResultStatus =
  | 'ok'
  | 'invalid'
  | 'alreadyMember'
  | 'notMember'
  | 'notOnWhatsApp'
  | 'notAllowed'
  | 'failed'

export interface GroupMemberResult {
  input: string
  jid: string | null
  status: GroupMemberResultStatus
}

export interface GroupMemberActionResult {
  /** at least one member was submitted to WhatsApp: the list follows when it confirms */
  submitted: boolean
  results: GroupMemberResult[]
}

export interface GroupSubmitResult {
  submitted: true
}

export interface GroupLinkView {
  link: string
  qrDataUrl: string
}

/** Per line: joined, invalid (not a link; not sent), notFound (invalid or revoked link), duplicate (same group twice), failed. */
export type GroupJoinStatus = 'joined' | 'invalid' | 'notFound' | 'duplicate' | 'failed'

export interface GroupJoinLineResult {
  /** 1-based line of the submitted links */
  line: number
  link: string
  status: GroupJoinStatus
  groupJid: string | null
  subject: string | null
  /** the desk session of the group chat when joined */
  sessionId: number | null
}

export interface GroupJoinResult {
  joined: number
  results: GroupJoinLineResult[]
}

/** A WS account the caller may join groups with. */
export interface GroupAccountView {
  id: number
  phone: string | null
  online: boolean
}

export interface SystemGroupsView {
  show: boolean
}

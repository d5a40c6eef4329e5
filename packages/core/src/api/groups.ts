import { z } from 'zod'
import { Access } from '../access.js'
import { SESSION_PHONE_MAX, SESSION_PHONE_MIN } from '../constants.js'
import { pageOf } from '../errors.js'
import { endpoint } from './contract.js'

/**
 * Group chats on the desk (spec §3 "Group chat", §4, §5 join-group links, §6 owner/admin rule).
 * Routes under /damai/customer/group; every call names the group by its desk session
 * (`sessionId`), so the desk's scope applies: a supervisor sees the tenant's groups, an agent
 * those of their sessions (also when a supervisor acts as them with `customer-user-id`); the team
 * lead (customerUserLeader) has no desk and is refused (403).
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

export const groupCan = z.object({
  /** add, remove, promote, demote */
  manageMembers: z.boolean(),
  /** subject and description */
  editInfo: z.boolean(),
  /** edit permission and announcement group */
  editSettings: z.boolean(),
  /** get and reset the invite link */
  link: z.boolean(),
  /** the tenant's note and nickname */
  remark: z.boolean(),
})
export type GroupCan = z.infer<typeof groupCan>

export const groupInfoView = z.object({
  sessionId: z.number().int(),
  groupChatId: z.number().int(),
  jid: z.string(),
  accountId: z.number().int(),
  accountPhone: z.string().nullable(),
  subject: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  adminCount: z.number().int(),
  announce: z.boolean(),
  editPermission: z.enum(GroupEditPermission),
  /** the last invite link read from WhatsApp; null until an owner/admin gets it */
  inviteLink: z.string().nullable(),
  /** PNG data URL of the invite link's QR code; null without a link */
  inviteQr: z.string().nullable(),
  note: z.string(),
  nickname: z.string(),
  system: z.boolean(),
  /** our account's role; null when it is no longer in the group */
  ourRole: z.enum(GroupRole).nullable(),
  can: groupCan,
  updatedAt: z.number(),
})
export type GroupInfoView = z.infer<typeof groupInfoView>

export const groupMemberView = z.object({
  jid: z.string(),
  phone: z.string().nullable(),
  /** the customer's nickname or WhatsApp name when the account knows them, else '' */
  name: z.string(),
  role: z.enum(GroupRole),
  /** our own account */
  isSelf: z.boolean(),
})
export type GroupMemberView = z.infer<typeof groupMemberView>

export const groupMemberPage = pageOf(groupMemberView)
export type GroupMemberPage = z.infer<typeof groupMemberPage>

/**
 * Per member: ok (submitted), invalid (not a phone or member address; not sent), alreadyMember,
 * notMember, notOnWhatsApp, notAllowed (privacy settings, or the owner), failed.
 */
export const GROUP_MEMBER_RESULT_STATUSES = [
  'ok',
  'invalid',
  'alreadyMember',
  'notMember',
  'notOnWhatsApp',
  'notAllowed',
  'failed',
] as const
export type GroupMemberResultStatus = (typeof GROUP_MEMBER_RESULT_STATUSES)[number]

export const groupMemberResult = z.object({
  input: z.string(),
  jid: z.string().nullable(),
  status: z.enum(GROUP_MEMBER_RESULT_STATUSES),
})
export type GroupMemberResult = z.infer<typeof groupMemberResult>

export const groupMemberActionResult = z.object({
  /** at least one member was submitted to WhatsApp: the list follows when it confirms */
  submitted: z.boolean(),
  results: z.array(groupMemberResult),
})
export type GroupMemberActionResult = z.infer<typeof groupMemberActionResult>

export const groupSubmitResult = z.object({ submitted: z.literal(true) })
export type GroupSubmitResult = z.infer<typeof groupSubmitResult>

export const groupLinkView = z.object({ link: z.string(), qrDataUrl: z.string() })
export type GroupLinkView = z.infer<typeof groupLinkView>

/** Per line: joined, invalid (not a link; not sent), notFound (invalid or revoked link), duplicate (same group twice), failed. */
export const GROUP_JOIN_STATUSES = ['joined', 'invalid', 'notFound', 'duplicate', 'failed'] as const
export type GroupJoinStatus = (typeof GROUP_JOIN_STATUSES)[number]

export const groupJoinLineResult = z.object({
  /** 1-based line of the submitted links */
  line: z.number().int(),
  link: z.string(),
  status: z.enum(GROUP_JOIN_STATUSES),
  groupJid: z.string().nullable(),
  subject: z.string().nullable(),
  /** the desk session of the group chat when joined */
  sessionId: z.number().int().nullable(),
})
export type GroupJoinLineResult = z.infer<typeof groupJoinLineResult>

export const groupJoinResult = z.object({
  joined: z.number().int(),
  results: z.array(groupJoinLineResult),
})
export type GroupJoinResult = z.infer<typeof groupJoinResult>

/** A WS account the caller may join groups with. */
export const groupAccountView = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  online: z.boolean(),
})
export type GroupAccountView = z.infer<typeof groupAccountView>

export const systemGroupsView = z.object({ show: z.boolean() })
export type SystemGroupsView = z.infer<typeof systemGroupsView>

/** The desk's roles (the supervisor and agents) read and change group chats; the team lead has no desk. */
const desk = { roles: Access.desk, tags: ['group'] } as const
const base = '/damai/customer/group'

/** Group chats of desk sessions; calls take `desk-id` and `customer-user-id` like every desk call. */
export const groupEndpoints = {
  info: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/info`,
    summary: "A group session's group; refresh reads it from WhatsApp",
    body: groupInfoBody,
    response: groupInfoView,
  }),
  update: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/info`,
    summary: 'Submit subject, description, edit permission or announcement group to WhatsApp',
    body: groupUpdateBody,
    response: groupSubmitResult,
  }),
  members: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/members`,
    summary: 'A page of members with roles (owner, admins, members)',
    body: groupMembersBody,
    response: groupMemberPage,
  }),
  memberAction: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/members/action`,
    summary: 'Add, remove, promote or demote members (owner/admin); per-member results',
    body: groupMemberActionBody,
    response: groupMemberActionResult,
  }),
  link: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/link`,
    summary: 'The invite link and its QR code (owner/admin)',
    body: groupLinkBody,
    response: groupLinkView,
  }),
  resetLink: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/link/reset`,
    summary: 'A new invite link; the old one stops working (owner/admin)',
    body: groupLinkBody,
    response: groupLinkView,
  }),
  remark: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/remark`,
    summary: "The tenant's note and nickname of the group",
    body: groupRemarkBody,
    response: z.null(),
  }),
  accounts: endpoint({
    ...desk,
    method: 'GET',
    path: `${base}/accounts`,
    summary: 'The WS accounts the caller may join groups with',
    response: z.object({ list: z.array(groupAccountView) }),
  }),
  join: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/join`,
    summary: 'Join groups by invite links (at most 20); per-line results',
    body: groupJoinBody,
    response: groupJoinResult,
  }),
  systemGroups: endpoint({
    ...desk,
    method: 'GET',
    path: `${base}/systemGroups`,
    summary: "Whether the caller's desk lists system groups",
    response: systemGroupsView,
  }),
  setSystemGroups: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/systemGroups`,
    summary: 'Show or hide system groups on the desk',
    body: systemGroupsBody,
    response: systemGroupsView,
  }),
}

import { z } from 'zod'
import { Access } from '../access.js'
import { GROUP_NAME_MAX, UserStatus } from '../constants.js'
import { pageOf } from '../errors.js'
import { BATCH_IDS_MAX } from '../messaging.js'
import { Role } from '../roles.js'
import { checkGroupName } from '../validation.js'
import { endpoint } from './contract.js'
import { NICKNAME_MAX, newPassword, newUsername } from './platform.js'
import { groupServiceLevelBody } from './support.js'

/**
 * The supervisor's people (/customerServiceManage): agents (customerUser and customerUserLeader),
 * each on a seat, with the WS accounts assigned to them, and agent groups.
 */
export const AgentPath = {
  /** POST: /customerServiceManage/list */
  agentQuery: '/damai/customer/agent/query',
  /** POST: needs a free, unexpired seat */
  agentCreate: '/damai/customer/agent/create',
  /** PUT */
  agentUpdate: '/damai/customer/agent/update',
  agentUpdateStatus: '/damai/customer/agent/updateStatus',
  agentUpdatePassword: '/damai/customer/agent/updatePassword',
  /** PUT: exactly these WS accounts are the agent's (one agent per account) */
  agentBindAccounts: '/damai/customer/agent/bindAccounts',
  /** DELETE with `?id=`: frees the seat, unassigns the accounts */
  agentDelete: '/damai/customer/agent',
  /** POST: /customerServiceManage/group, every group with its member count */
  groupList: '/damai/customer/agentGroup/list',
  /** POST create, PUT rename, DELETE `?id=` (refused while the group has members) */
  group: '/damai/customer/agentGroup',
  /** PUT: the group's own response targets */
  groupServiceLevel: '/damai/customer/agentGroup/serviceLevel',
} as const

/** The roles a supervisor gives their people. */
export const AGENT_ROLE_IDS = [Role.customerUser, Role.customerUserLeader] as const
export type AgentRoleId = (typeof AGENT_ROLE_IDS)[number]

const id = z.number({ message: 'invalid' }).int().positive()
const roleId = z.union([z.literal(Role.customerUser), z.literal(Role.customerUserLeader)])
const nickname = z.string().trim().max(NICKNAME_MAX, 'tooLong')
const status = z.union([z.literal(UserStatus.enabled), z.literal(UserStatus.disabled)])

/** An agent group name: the shared group-name rule (no spaces, at most 20). */
export const agentGroupName = z
  .string({ message: 'groupName.required' })
  .max(GROUP_NAME_MAX * 4, 'groupName.length')
  .superRefine((v, ctx) => {
    const key = checkGroupName(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })

/** POST /damai/customer/agent/query: newest first. */
export const agentQueryBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  /** user name or nickname, ignoring case */
  keyword: z.string().trim().max(50, 'tooLong').optional(),
  status: status.optional(),
  roleId: roleId.optional(),
  /** 0: agents in no group */
  groupId: z.number().int().min(0).optional(),
})
export type AgentQueryBody = z.infer<typeof agentQueryBody>

/** POST /damai/customer/agent/create */
export const agentCreateBody = z.object({
  username: newUsername,
  nickname: nickname.optional(),
  password: newPassword,
  roleId: roleId.default(Role.customerUser),
  groupId: id.nullable().optional(),
  /** WS accounts assigned at once (taken from any other agent) */
  accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong').optional(),
})
export type AgentCreateBody = z.infer<typeof agentCreateBody>

/** PUT /damai/customer/agent/update: only the fields given change. */
export const agentUpdateBody = z.object({
  id,
  nickname: nickname.optional(),
  roleId: roleId.optional(),
  groupId: id.nullable().optional(),
})
export type AgentUpdateBody = z.infer<typeof agentUpdateBody>

/** PUT /damai/customer/agent/updateStatus: disabling signs the agent out. */
export const agentStatusBody = z.object({ id, status })
/** PUT /damai/customer/agent/updatePassword: a reset by the supervisor. */
export const agentPasswordBody = z.object({ userId: id, password: newPassword })
/** PUT /damai/customer/agent/bindAccounts: an empty list unassigns every account of the agent. */
export const agentBindAccountsBody = z.object({ id, accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong') })
export const agentIdQuery = z.object({ id: z.coerce.number().int().positive() })

export const agentGroupCreateBody = z.object({ name: agentGroupName })
export const agentGroupRenameBody = z.object({ id, name: agentGroupName })
export const agentGroupListBody = z.object({})

const int = z.number().int()

export const agentRowView = z.object({
  id: int,
  username: z.string(),
  nickname: z.string(),
  roleId: int,
  status: int,
  groupId: int.nullable(),
  groupName: z.string().nullable(),
  /** the seat the agent occupies, and when it ends */
  seatId: int.nullable(),
  seatExpiresAt: int.nullable(),
  /** false when the seat has ended: the agent cannot sign in */
  seatActive: z.boolean(),
  accounts: z.array(z.object({ id: int, phone: z.string().nullable(), status: z.string() })),
  createdAt: int,
})
export type AgentRowView = z.infer<typeof agentRowView>

export const agentGroupView = z.object({
  id: int,
  name: z.string(),
  memberCount: int,
  createdAt: int,
  /** the group's own response targets in business minutes; null: the tenant's */
  firstResponseMinutes: int.nullable(),
  nextResponseMinutes: int.nullable(),
})
export type AgentGroupView = z.infer<typeof agentGroupView>

/** /customerServiceManage is the supervisor's. */
const master = { roles: Access.master, tags: ['agents'] } as const

export const agentEndpoints = {
  query: endpoint({
    ...master,
    method: 'POST',
    path: AgentPath.agentQuery,
    summary: 'My agents with seat, accounts and group',
    body: agentQueryBody,
    response: pageOf(agentRowView),
  }),
  create: endpoint({
    ...master,
    method: 'POST',
    path: AgentPath.agentCreate,
    summary: 'A new agent on a free seat',
    body: agentCreateBody,
    response: z.object({ id: int, seatId: int }),
  }),
  update: endpoint({
    ...master,
    method: 'PUT',
    path: AgentPath.agentUpdate,
    summary: "An agent's nickname, role and group",
    body: agentUpdateBody,
    response: z.null(),
  }),
  setStatus: endpoint({
    ...master,
    method: 'PUT',
    path: AgentPath.agentUpdateStatus,
    summary: 'Enable or disable an agent',
    body: agentStatusBody,
    response: z.null(),
  }),
  resetPassword: endpoint({
    ...master,
    method: 'PUT',
    path: AgentPath.agentUpdatePassword,
    summary: "Reset an agent's password",
    body: agentPasswordBody,
    response: z.null(),
  }),
  bindAccounts: endpoint({
    ...master,
    method: 'PUT',
    path: AgentPath.agentBindAccounts,
    summary: "Set the agent's WS accounts",
    body: agentBindAccountsBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...master,
    method: 'DELETE',
    path: AgentPath.agentDelete,
    summary: 'Delete an agent: frees the seat',
    query: agentIdQuery,
    response: z.null(),
  }),
  groupList: endpoint({
    ...master,
    method: 'POST',
    path: AgentPath.groupList,
    summary: 'Agent groups with member counts',
    body: agentGroupListBody,
    response: z.array(agentGroupView),
  }),
  groupCreate: endpoint({
    ...master,
    method: 'POST',
    path: AgentPath.group,
    summary: 'Create an agent group',
    body: agentGroupCreateBody,
    response: z.object({ id: int }),
  }),
  groupRename: endpoint({
    ...master,
    method: 'PUT',
    path: AgentPath.group,
    summary: 'Rename an agent group',
    body: agentGroupRenameBody,
    response: z.null(),
  }),
  groupServiceLevel: endpoint({
    ...master,
    method: 'PUT',
    path: AgentPath.groupServiceLevel,
    summary: "An agent group's own response targets (null: the tenant's)",
    body: groupServiceLevelBody,
    response: z.null(),
  }),
  groupDelete: endpoint({
    ...master,
    method: 'DELETE',
    path: AgentPath.group,
    summary: 'Delete an agent group without members',
    query: agentIdQuery,
    response: z.null(),
  }),
}

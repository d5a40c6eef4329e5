import { z } from 'zod'
import { Access } from '../access.js'
import { AccountState } from '../messaging.js'
import { endpoint } from './contract.js'
import { SESSION_PAGE_MAX, SESSION_SEARCH_MAX } from './desk.js'
import { sessionPage } from './desk-views.js'

/**
 * The supervisor's session console (/sessionConsole): who works which WS account and session.
 * Product rule (product-decisions "Session console / allocation"): a WS account is assigned to at
 * most one agent and its sessions are that agent's, unless a session was migrated to another
 * agent on its own; sessions with neither are unallocated. Every call answers the envelope; times
 * are epoch ms.
 */
export const ConsolePath = {
  /** GET: the allocated view (each agent with counts and accounts), the unallocated counts, every account */
  overview: '/damai/customer/console/overview',
  /** POST: a keyset page of the unallocated sessions, or of one agent's (`userId`) */
  sessionPage: '/damai/customer/console/session/page',
  /** PUT: hand sessions to an agent (the desk's migration, one rule) */
  sessionMove: '/damai/customer/console/session/move',
  /** PUT: assign WS accounts to an agent; their sessions not migrated elsewhere follow */
  accountAssign: '/damai/customer/console/account/assign',
  /** PUT: take WS accounts from their agent; their sessions not migrated elsewhere become unallocated */
  accountUnassign: '/damai/customer/console/account/unassign',
} as const

/** Sessions moved, or accounts assigned, in one call. */
export const CONSOLE_BATCH_MAX = 100

const id = z.number({ message: 'invalid' }).int().positive()
const ids = z.array(id).min(1, 'required').max(CONSOLE_BATCH_MAX, 'tooLong')

// ---- requests ----

/**
 * POST …/console/session/page: without `userId` the unallocated sessions, with it the sessions of
 * that agent as their desk lists them (their unread). Pinned first, then the newest activity;
 * keyset paging with the previous answer's `nextCursor`. Invalid customers are left out.
 */
export const consoleSessionPageBody = z.object({
  userId: id.optional(),
  accountId: id.optional(),
  /** title (nickname, name, group subject), phone or remark; case-insensitive */
  keyword: z.string().trim().max(SESSION_SEARCH_MAX, 'tooLong').optional(),
  cursor: z
    .string()
    .regex(/^[01]_\d{1,16}_\d{1,16}$/, 'invalid')
    .optional(),
  pageSize: z.number().int().min(1).max(SESSION_PAGE_MAX).default(30),
})
export type ConsoleSessionPageBody = z.infer<typeof consoleSessionPageBody>

/** PUT …/console/session/move: every session goes to the agent `userId` (an enabled agent), or none does. */
export const consoleSessionMoveBody = z.object({ sessionIds: ids, userId: id })
export type ConsoleSessionMoveBody = z.infer<typeof consoleSessionMoveBody>

/** PUT …/console/account/assign: every account goes to the agent `userId`, taken from whoever had it. */
export const consoleAccountAssignBody = z.object({ accountIds: ids, userId: id })
export type ConsoleAccountAssignBody = z.infer<typeof consoleAccountAssignBody>

/** PUT …/console/account/unassign */
export const consoleAccountUnassignBody = z.object({ accountIds: ids })
export type ConsoleAccountUnassignBody = z.infer<typeof consoleAccountUnassignBody>

// ---- answers ----

/**
 * Valid (not invalid) sessions of a bucket: how many, how many with unread messages for the one
 * who reads them (the agent; the supervisor for unallocated ones), how many whose last message of
 * ours awaits the customer's reply (the desk's "no reply" entry). An agent's numbers are the ones
 * their desk's sidebar shows.
 */
export const consoleCounts = z.object({
  sessions: z.number().int(),
  unread: z.number().int(),
  unreplied: z.number().int(),
})
export type ConsoleCounts = z.infer<typeof consoleCounts>

export const consoleAccountRef = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  status: z.enum(AccountState),
})
export type ConsoleAccountRef = z.infer<typeof consoleAccountRef>

/**
 * An agent in the allocated view: every enabled agent (customerUser) of the tenant, and anyone
 * else still holding accounts or sessions (a disabled or deleted agent, a team lead given an
 * account) with `active` false, so their work can be handed on.
 */
export const consoleAgentView = consoleCounts.extend({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  /** an enabled agent: may be given accounts and sessions */
  active: z.boolean(),
  /** a socket of the agent is connected (their desk is open) */
  online: z.boolean(),
  accounts: z.array(consoleAccountRef),
})
export type ConsoleAgentView = z.infer<typeof consoleAgentView>

/** A live WS account of the tenant with its agent and its valid sessions. */
export const consoleAccountView = consoleAccountRef.extend({
  pushName: z.string(),
  remark: z.string(),
  agentUserId: z.number().int().nullable(),
  sessions: z.number().int(),
  /** its sessions that no agent works (the account has no agent and they were not migrated) */
  unallocated: z.number().int(),
})
export type ConsoleAccountView = z.infer<typeof consoleAccountView>

export const consoleOverview = z.object({
  unallocated: consoleCounts,
  agents: z.array(consoleAgentView),
  accounts: z.array(consoleAccountView),
})
export type ConsoleOverview = z.infer<typeof consoleOverview>

export const consoleMoveResult = z.object({ moved: z.number().int() })
export type ConsoleMoveResult = z.infer<typeof consoleMoveResult>

export const consoleAssignResult = z.object({
  /** accounts whose agent changed (one already with that agent is left as it is) */
  changed: z.number().int(),
})
export type ConsoleAssignResult = z.infer<typeof consoleAssignResult>

/** /sessionConsole: the supervisor's alone (agents and team leads are refused). */
const master = { roles: Access.master, tags: ['session console'] } as const

export const consoleEndpoints = {
  overview: endpoint({
    ...master,
    method: 'GET',
    path: ConsolePath.overview,
    summary: 'Each agent with online state, counts and accounts; unallocated counts; every account',
    response: consoleOverview,
  }),
  sessionPage: endpoint({
    ...master,
    method: 'POST',
    path: ConsolePath.sessionPage,
    summary: "Unallocated sessions, or one agent's (userId); keyset cursor",
    body: consoleSessionPageBody,
    response: sessionPage,
  }),
  sessionMove: endpoint({
    ...master,
    method: 'PUT',
    path: ConsolePath.sessionMove,
    summary: 'Hand sessions to an agent (all or none)',
    body: consoleSessionMoveBody,
    response: consoleMoveResult,
  }),
  accountAssign: endpoint({
    ...master,
    method: 'PUT',
    path: ConsolePath.accountAssign,
    summary: 'Assign WS accounts to an agent; their sessions not migrated elsewhere follow',
    body: consoleAccountAssignBody,
    response: consoleAssignResult,
  }),
  accountUnassign: endpoint({
    ...master,
    method: 'PUT',
    path: ConsolePath.accountUnassign,
    summary: 'Take WS accounts from their agent; their sessions become unallocated',
    body: consoleAccountUnassignBody,
    response: consoleAssignResult,
  }),
}

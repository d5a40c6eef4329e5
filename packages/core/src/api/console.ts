import { z } from 'zod'
import type { AccountStateValue } from '../messaging.js'
import { SESSION_PAGE_MAX, SESSION_SEARCH_MAX } from './desk.js'

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
export interface ConsoleCounts {
  sessions: number
  unread: number
  unreplied: number
}

export interface ConsoleAccountRef {
  id: number
  phone: string | null
  status: AccountStateValue
}

/**
 * An agent in the allocated view: every enabled agent (customerUser) of the tenant, and anyone
 * else still holding accounts or sessions (a disabled or deleted agent, a team lead given an
 * account) with `active` false, so their work can be handed on.
 */
export interface ConsoleAgentView extends ConsoleCounts {
  id: number
  username: string
  nickname: string
  /** an enabled agent: may be given accounts and sessions */
  active: boolean
  /** a socket of the agent is connected (their desk is open) */
  online: boolean
  accounts: ConsoleAccountRef[]
}

/** A live WS account of the tenant with its agent and its valid sessions. */
export interface ConsoleAccountView extends ConsoleAccountRef {
  pushName: string
  remark: string
  agentUserId: number | null
  sessions: number
  /** its sessions that no agent works (the account has no agent and they were not migrated) */
  unallocated: number
}

export interface ConsoleOverview {
  unallocated: ConsoleCounts
  agents: ConsoleAgentView[]
  accounts: ConsoleAccountView[]
}

export interface ConsoleMoveResult {
  moved: number
}

export interface ConsoleAssignResult {
  /** accounts whose agent changed (one already with that agent is left as it is) */
  changed: number
}

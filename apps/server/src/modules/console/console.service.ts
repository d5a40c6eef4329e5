import {
  type ConsoleAssignResult,
  type ConsoleMoveResult,
  type ConsoleOverview,
  type ConsoleSessionPageBody,
  ErrorCode,
  roomOf,
  type SessionPage,
} from '@app/core'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { userRooms } from '../../realtime/rooms.js'
import type { AccountAgentChange } from '../accounts/index.js'
import type { SessionActions } from '../desk/index.js'
import type { CountsCache } from '../sessions/index.js'
import type { UsersService } from '../users/index.js'
import { buildOverview, type OverviewSources } from './console.overview.js'

export interface ConsoleDeps extends OverviewSources {
  hub: RealtimeHub
  /** the desk's session actions: a move is the desk's migration, one rule for both */
  actions: Pick<SessionActions, 'migrate'>
  /** the desk's sidebar counts, forgotten when work changes hands */
  counts: CountsCache
  users: Pick<UsersService, 'displayName' | 'isActiveAgent'>
  /** an account's agent changed: forget what was remembered of it (inbound's routing of new messages) */
  accountChanged: (accountId: number) => void
}

const unique = (ids: number[]): number[] => [...new Set(ids)]

/**
 * The supervisor's session console: who works which account and session (product-decisions
 * "Session console / allocation"). The console always looks at the whole tenant, also when the
 * supervisor acts as an agent at a desk elsewhere. Changes reach the desks live: a moved session
 * through the desk's own events, an account through `account.assigned`.
 */
export class ConsoleService {
  constructor(private readonly deps: ConsoleDeps) {}

  /** The supervisor seen at their own desk: the whole tenant, their own read state. */
  private tenantWide(caller: Caller): Caller {
    return { ...caller, actingUserId: caller.userId, agentId: null }
  }

  /** Each agent with counts, accounts and connection; the unallocated counts; every account. */
  overview(caller: Caller): Promise<ConsoleOverview> {
    return buildOverview(this.deps, caller.tenantId, caller.userId)
  }

  /** The unallocated sessions, or one agent's (a user of the tenant, else not found). */
  async page(caller: Caller, body: ConsoleSessionPageBody): Promise<SessionPage> {
    const { userId, ...rest } = body
    const viewer = this.tenantWide(caller)
    if (userId === undefined) return this.deps.allocation.unallocatedPage(viewer, rest)
    if (!(await this.deps.users.displayName(caller.tenantId, userId))) throw notFound()
    return this.deps.allocation.agentPage(viewer, userId, rest)
  }

  /**
   * Hand sessions to an enabled agent with the desk's migration, each announced as the desk
   * announces it (session.updated to the new agent, session.removed to the old). Every session
   * is checked before any moves: one of another tenant, or gone, and nothing moves.
   */
  async move(caller: Caller, sessionIds: number[], userId: number): Promise<ConsoleMoveResult> {
    const viewer = this.tenantWide(caller)
    const ids = unique(sessionIds)
    await this.requireAgent(caller.tenantId, userId)
    const before = await this.deps.allocation.agentsOf(caller.tenantId, ids)
    if (before.size !== ids.length) throw notFound()
    for (const id of ids) await this.deps.actions.migrate(viewer, id, userId)
    await this.deps.sockets.leaveLost(unique([...before.values()].filter((a): a is number => a !== null)))
    return { moved: ids.length }
  }

  /** Assign accounts to an enabled agent; their sessions not migrated elsewhere follow. */
  async assign(caller: Caller, accountIds: number[], userId: number): Promise<ConsoleAssignResult> {
    await this.requireAgent(caller.tenantId, userId)
    return this.setAgent(caller.tenantId, unique(accountIds), userId)
  }

  /** Take accounts from their agents; their sessions not migrated elsewhere become unallocated. */
  unassign(caller: Caller, accountIds: number[]): Promise<ConsoleAssignResult> {
    return this.setAgent(caller.tenantId, unique(accountIds), null)
  }

  private async requireAgent(tenantId: number, userId: number): Promise<void> {
    // the same target rule as the desk's migration
    if (!(await this.deps.users.isActiveAgent(tenantId, userId)))
      throw new AppError(ErrorCode.migrateTargetInvalid)
  }

  private async setAgent(
    tenantId: number,
    ids: number[],
    agentUserId: number | null,
  ): Promise<ConsoleAssignResult> {
    const found = await this.deps.accounts.byIds(tenantId, ids)
    if (found.length !== ids.length) throw notFound()
    const changing = found.filter((a) => a.agent_user_id !== agentUserId)
    for (const a of changing) await this.deps.assignments.assign(tenantId, a.id, agentUserId)
    await this.announce(
      tenantId,
      changing.map((a) => ({ accountId: a.id, previousAgentUserId: a.agent_user_id, agentUserId })),
    )
    return { changed: changing.length }
  }

  /**
   * Accounts changed agent (here, or on the agents page): inbound routes their next message to
   * the new agent, the desks' counts are read again, both agents' desks hear `account.assigned`,
   * and the agent who lost them leaves the session rooms they may no longer follow.
   */
  async announce(tenantId: number, changes: AccountAgentChange[]): Promise<void> {
    if (changes.length === 0) return
    for (const c of changes) this.deps.accountChanged(c.accountId)
    this.deps.counts.forget(tenantId)
    for (const c of changes)
      this.deps.hub.emit(
        [roomOf.tenant(tenantId), ...userRooms(c.previousAgentUserId, c.agentUserId)],
        'account.assigned',
        c,
      )
    const losers = changes.map((c) => c.previousAgentUserId).filter((a): a is number => a !== null)
    await this.deps.sockets.leaveLost(unique(losers))
  }
}

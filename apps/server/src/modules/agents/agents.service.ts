import {
  type AgentCreateBody,
  type AgentGroupView,
  type AgentQueryBody,
  type AgentRowView,
  type AgentUpdateBody,
  checkPassword,
  ErrorCode,
  type GroupServiceLevelBody,
  type Page,
  UserStatus,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { EventBus } from '../../events/bus.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { AccountAgentChange, AccountAssignments } from '../accounts/index.js'
import { isUniqueViolation } from '../accounts/index.js'
import type { TokenService } from '../auth/index.js'
import { hashPassword } from '../auth/index.js'
import type { SeatsService } from '../billing/index.js'
import type { AgentRoster } from '../users/index.js'
import type { AgentGroupsRepository } from './agent-groups.repository.js'

/**
 * The supervisor's agents (customerUser and customerUserLeader): each needs a free running seat
 * to be made and frees it when deleted; the WS accounts assigned to an agent are theirs alone.
 */
export class AgentsService {
  constructor(
    private readonly db: Db,
    private readonly roster: AgentRoster,
    private readonly groups: AgentGroupsRepository,
    private readonly seats: SeatsService,
    private readonly accounts: AccountAssignments,
    private readonly tokens: TokenService,
    private readonly events: Pick<EventBus, 'publish'>,
  ) {}

  /** Accounts that changed agent are announced after the change is stored, so open desks follow it. */
  private announce(tenantId: number, changes: AccountAgentChange[]): Promise<void> {
    return this.events.publish('accounts.assigned', { tenantId, changes })
  }

  private async agent(tenantId: number, id: number) {
    const a = await this.roster.find(tenantId, id)
    if (!a) throw notFound()
    return a
  }

  private async assertGroup(tenantId: number, groupId: number | null | undefined): Promise<void> {
    if (groupId != null && !(await this.groups.exists(tenantId, groupId))) throw notFound()
  }

  private async assertAccounts(tenantId: number, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)]
    if ((await this.accounts.countLive(tenantId, unique)) !== unique.length)
      throw new AppError(ErrorCode.agentAccountInvalid)
  }

  async page(caller: Caller, body: AgentQueryBody): Promise<Page<AgentRowView>> {
    const { tenantId } = caller
    const { list, total } = await this.roster.page(tenantId, body, body.pageNo, body.pageSize)
    const ids = list.map((a) => a.id)
    const now = Date.now()
    const [seats, accounts, groups] = await Promise.all([
      this.seats.seatsOf(tenantId, ids),
      this.accounts.ofAgents(tenantId, ids),
      this.groups.list(tenantId),
    ])
    return {
      total,
      list: list.map((a) => {
        const seat = seats.find((s) => s.user_id === a.id)
        return {
          id: a.id,
          username: a.username,
          nickname: a.nickname || a.username,
          roleId: a.role_id,
          status: a.status,
          groupId: a.agent_group_id,
          groupName: groups.find((g) => g.id === a.agent_group_id)?.name ?? null,
          seatId: seat?.id ?? null,
          seatExpiresAt: seat?.expires_at ?? null,
          seatActive: seat !== undefined && seat.ended_reason === null && seat.expires_at > now,
          accounts: accounts
            .filter((x) => x.agent_user_id === a.id)
            .map((x) => ({ id: x.id, phone: x.phone, status: x.status })),
          createdAt: a.created_at,
        }
      }),
    }
  }

  /** A new agent on a free running seat ("no free seat" otherwise), with its accounts; all or nothing. */
  async create(caller: Caller, body: AgentCreateBody): Promise<{ id: number; seatId: number }> {
    const { tenantId } = caller
    const weak = checkPassword(body.password, body.username)
    if (weak) throw new AppError(ErrorCode.passwordWeak, { messageKey: weak })
    await this.assertGroup(tenantId, body.groupId)
    if (body.accountIds?.length) await this.assertAccounts(tenantId, body.accountIds)
    if (await this.roster.nameTaken(tenantId, body.username)) throw new AppError(ErrorCode.usernameTaken)
    const password_hash = await hashPassword(body.password)
    const now = Date.now()
    try {
      return await this.db.transaction().execute(async (tx) => {
        const id = await this.roster.add(
          tx,
          tenantId,
          {
            username: body.username,
            password_hash,
            nickname: body.nickname ?? '',
            role_id: body.roleId,
            agent_group_id: body.groupId ?? null,
          },
          now,
        )
        const seatId = await this.seats.take(tx, tenantId, id)
        if (body.accountIds?.length)
          await this.accounts.setForAgent(tx, tenantId, id, [...new Set(body.accountIds)])
        return { id, seatId }
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.usernameTaken)
      throw err
    }
  }

  async update(caller: Caller, body: AgentUpdateBody): Promise<void> {
    const a = await this.agent(caller.tenantId, body.id)
    await this.assertGroup(caller.tenantId, body.groupId)
    await this.roster.change(caller.tenantId, a.id, {
      ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
      ...(body.roleId !== undefined ? { role_id: body.roleId } : {}),
      ...(body.groupId !== undefined ? { agent_group_id: body.groupId } : {}),
    })
  }

  /** Disabling signs the agent out; the seat stays theirs. */
  async setStatus(caller: Caller, id: number, status: number): Promise<void> {
    const a = await this.agent(caller.tenantId, id)
    await this.roster.change(caller.tenantId, a.id, { status })
    if (status !== UserStatus.enabled) await this.tokens.revokeAllOf(caller.tenantId, a.id)
  }

  async resetPassword(caller: Caller, id: number, password: string): Promise<void> {
    const a = await this.agent(caller.tenantId, id)
    const weak = checkPassword(password, a.username)
    if (weak) throw new AppError(ErrorCode.passwordWeak, { messageKey: weak })
    await this.roster.change(caller.tenantId, a.id, { password_hash: await hashPassword(password) })
    await this.tokens.revokeAllOf(caller.tenantId, a.id)
  }

  /** Exactly these WS accounts are the agent's; an account another agent had moves to this one. */
  async bindAccounts(caller: Caller, id: number, accountIds: number[]): Promise<void> {
    const a = await this.agent(caller.tenantId, id)
    await this.assertAccounts(caller.tenantId, accountIds)
    const changes = await this.db
      .transaction()
      .execute((tx) => this.accounts.setForAgent(tx, caller.tenantId, a.id, [...new Set(accountIds)]))
    await this.announce(caller.tenantId, changes)
  }

  /** Deletes the agent: the seat is freed, the accounts unassigned, the agent signed out. */
  async remove(caller: Caller, id: number): Promise<void> {
    const a = await this.agent(caller.tenantId, id)
    const changes = await this.db.transaction().execute(async (tx) => {
      await this.seats.release(tx, caller.tenantId, a.id)
      const released = await this.accounts.setForAgent(tx, caller.tenantId, a.id, [])
      await this.roster.remove(tx, caller.tenantId, a.id)
      return released
    })
    await this.tokens.revokeAllOf(caller.tenantId, a.id)
    await this.announce(caller.tenantId, changes)
  }

  // ---- groups ----

  async groupList(caller: Caller): Promise<AgentGroupView[]> {
    const [groups, counts] = await Promise.all([
      this.groups.list(caller.tenantId),
      this.roster.groupSizes(caller.tenantId),
    ])
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      memberCount: counts.get(g.id) ?? 0,
      createdAt: g.created_at,
      firstResponseMinutes: g.first_response_minutes,
      nextResponseMinutes: g.next_response_minutes,
    }))
  }

  /** The group's own response targets; null keeps the tenant's. */
  async groupServiceLevel(caller: Caller, body: GroupServiceLevelBody): Promise<void> {
    const targets = { first: body.firstResponseMinutes, next: body.nextResponseMinutes }
    if (!(await this.groups.setTargets(caller.tenantId, body.id, targets))) throw notFound()
  }

  async groupCreate(caller: Caller, name: string): Promise<{ id: number }> {
    try {
      return { id: await this.groups.insert(caller.tenantId, name) }
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.agentGroupNameTaken)
      throw err
    }
  }

  async groupRename(caller: Caller, id: number, name: string): Promise<void> {
    try {
      if (!(await this.groups.rename(caller.tenantId, id, name))) throw notFound()
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.agentGroupNameTaken)
      throw err
    }
  }

  /** Refused while the group has agents. */
  async groupDelete(caller: Caller, id: number): Promise<void> {
    if (!(await this.groups.exists(caller.tenantId, id))) throw notFound()
    if ((await this.roster.groupSizes(caller.tenantId)).get(id))
      throw new AppError(ErrorCode.agentGroupHasMembers)
    await this.groups.delete(caller.tenantId, id)
  }
}

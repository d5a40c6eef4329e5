import type { Db } from '../../db/index.js'
import type { WsAccount } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'
import { AccountAgentsRepository } from './account-agents.repository.js'
import { AccountsRepository } from './accounts.repository.js'

/**
 * WS accounts as other modules find and read them: the desk, the outbox, the engines, the platform's
 * figures. Tenant methods take the caller's tenant; `system*` methods serve engines and the gateway's
 * inbound path, which know only an account id, and the platform-wide figures.
 */
export class AccountDirectory {
  private readonly accounts: AccountsRepository
  private readonly counts: AccountAgentsRepository

  constructor(
    db: Db,
    /** several processes share the accounts under leases: a number nobody holds shows as reconnecting (shown-status.ts) */
    private readonly leased = false,
  ) {
    this.accounts = new AccountsRepository(db, leased)
    this.counts = new AccountAgentsRepository(db)
  }

  /** A live (not deleted) account of the tenant. */
  byId(tenantId: number, id: number): Promise<WsAccount | undefined> {
    return this.accounts.findLive(tenantId, id)
  }

  /** The live accounts of the tenant among these ids: fewer than asked when one is gone or another tenant's. */
  byIds(tenantId: number, ids: number[]): Promise<WsAccount[]> {
    return this.accounts.findManyLive(tenantId, ids)
  }

  /** An account of the tenant, deleted ones included (a lost account's fans are handed over). */
  withDeleted(tenantId: number, id: number): Promise<WsAccount | undefined> {
    return this.accounts.findAny(tenantId, id)
  }

  /**
   * The live accounts an agent may use, in id order: all of the tenant's for a supervisor
   * (`agentId` null), else those assigned to the agent; only `id` when given.
   */
  usableBy(tenantId: number, agentId: number | null, id?: number) {
    return this.accounts.usable(tenantId, agentId, id)
  }

  /** The agent an account is assigned to, if any: who hears of a session nobody was handed. */
  agentOf(tenantId: number, accountId: number): Promise<number | null> {
    return this.accounts.agentOf(tenantId, accountId)
  }

  /**
   * The live accounts a desk lists, with the status they show: all of the tenant's for a supervisor
   * (`agentId` null), else those assigned to the agent and those of `migrated` (accounts of sessions
   * migrated to them).
   */
  onDesk(tenantId: number, agentId: number | null, migrated: number[]) {
    return this.accounts.deskAccounts(tenantId, agentId, migrated)
  }

  /** The tenant's accounts, deleted or not, with their agents, by id: who sees which sessions. */
  withAgents(tenantId: number) {
    return this.accounts.withAgents(tenantId)
  }

  /** Whether an account of the tenant is there (deleted or not) and in which state: work for it waits or fails by it. */
  state(tenantId: number, id: number) {
    return this.accounts.state(tenantId, id)
  }

  /** Whether the tenant ever had an account, deleted ones included. */
  hasAny(tenantId: number): Promise<boolean> {
    return this.accounts.any(tenantId)
  }

  /** Linked numbers per tenant: online now, and all live ones (the platform's tenant list). */
  countsByTenant(tenantIds: number[]): Promise<Map<number, { online: number; total: number }>> {
    return this.counts.countsByTenant(tenantIds)
  }

  /** Any account by id, deleted ones included: gateway events carry only the account id, the tenant is learnt here. */
  systemById(system: SystemScope, id: number): Promise<WsAccount | undefined> {
    return this.accounts.systemFind(system, id)
  }

  /** Linked live accounts of every tenant that are not banned, in id order. */
  systemLinked(system: SystemScope) {
    return this.accounts.systemLinked(system)
  }

  /** The enterprise account of the tenant of each account (the simulator shows who is linking). */
  systemEnterprisesOf(system: SystemScope, ids: number[]) {
    return this.accounts.systemTenantAccounts(system, ids)
  }

  /** The send pacing bucket kept on the account row, so every process and a restart see the same one. */
  systemSendBucket(system: SystemScope, id: number) {
    return this.accounts.systemBucket(system, id)
  }

  /** Store the bucket as taken from at `seenAt`; false when another process took from it meanwhile. */
  systemTakeFromBucket(
    system: SystemScope,
    id: number,
    seenAt: number | null,
    tokens: number,
    now: number,
  ): Promise<boolean> {
    return this.accounts.systemTakeBucket(system, id, seenAt, tokens, now)
  }

  /** Live accounts of every tenant by the status they show (the metrics and the status page). */
  systemByStatus(system: SystemScope): Promise<Record<string, number>> {
    return this.counts.systemByStatus(system, this.leased)
  }

  /** Live accounts of every tenant that WhatsApp refuses until the client is updated (the admin's status panel). */
  systemNeedingUpdate(system: SystemScope): Promise<number> {
    return this.counts.systemNeedingUpdate(system)
  }
}

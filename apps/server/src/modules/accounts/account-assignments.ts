import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import { type AccountAgentChange, AccountAgentsRepository } from './account-agents.repository.js'
import { AccountsRepository } from './accounts.repository.js'

/**
 * Which agent works which WS account, as the supervisor sets it on the agents page and in the
 * session console: one agent per account, any number of accounts per agent. Every method takes the
 * caller's tenant; each change makes the desks read their scope again (account-scope.ts).
 */
export class AccountAssignments {
  private readonly accounts: AccountsRepository
  private readonly agents: AccountAgentsRepository

  constructor(db: Db) {
    this.accounts = new AccountsRepository(db)
    this.agents = new AccountAgentsRepository(db)
  }

  /** The live accounts of these agents, in id order. */
  ofAgents(tenantId: number, agentIds: number[]) {
    return this.agents.ofAgents(tenantId, agentIds)
  }

  /** How many of these ids are live accounts of the tenant: only those may be given to an agent. */
  countLive(tenantId: number, ids: number[]): Promise<number> {
    return this.agents.countLive(tenantId, ids)
  }

  /**
   * Exactly these accounts are the agent's, inside the caller's transaction: others of the agent
   * are unassigned, these taken from whoever had them. Answers each account whose agent changed.
   */
  setForAgent(
    q: Kysely<Database>,
    tenantId: number,
    agentId: number,
    accountIds: number[],
  ): Promise<AccountAgentChange[]> {
    return this.agents.setAgentAccounts(q, tenantId, agentId, accountIds)
  }

  /** Hand an account (and its sessions not migrated elsewhere) to an agent, or to nobody. */
  assign(tenantId: number, accountId: number, agentUserId: number | null): Promise<void> {
    return this.accounts.assignAgent(tenantId, accountId, agentUserId)
  }
}

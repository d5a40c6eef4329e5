import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { AccountDirectory } from '../accounts/index.js'

/** Gateway inbound: the account of an event. */
const system = openSystemScope('modules/messages/inbound.accounts')

/** how long an account's tenant and agent are remembered (an agent reassignment shows after this) */
const ACCOUNT_CACHE_MS = 10_000

export interface AccountInfo {
  tenantId: number
  agentUserId: number | null
  at: number
}

/** The tenant and agent of each gateway account an inbound event names, briefly remembered (the tenant never changes). */
export class InboundAccounts {
  private readonly accounts = new Map<number, AccountInfo>()
  private readonly directory: AccountDirectory

  constructor(db: Db) {
    this.directory = new AccountDirectory(db)
  }

  async of(accountId: number): Promise<AccountInfo | undefined> {
    const hit = this.accounts.get(accountId)
    const now = Date.now()
    if (hit && now - hit.at < ACCOUNT_CACHE_MS) return hit
    const row = await this.directory.systemById(system, accountId)
    if (!row) return undefined
    const info = { tenantId: row.tenant_id, agentUserId: row.agent_user_id, at: now }
    this.accounts.set(accountId, info)
    return info
  }

  /** The account's agent changed: the next event looks it up again. */
  forget(accountId: number): void {
    this.accounts.delete(accountId)
  }
}

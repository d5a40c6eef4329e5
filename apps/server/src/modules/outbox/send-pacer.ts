import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { AccountDirectory } from '../accounts/index.js'

/** Outbox dispatcher. */
const system = openSystemScope('modules/outbox/send-pacer')

export interface PacingConfig {
  /** sends per account per minute */
  perMinute: number
  /** sends an idle account may make at once */
  burst: number
}

/**
 * The per-account send token bucket, kept on the account row so every process (and a restart)
 * sees the same bucket. A tenant under risk control gets half the rate; a special channel double.
 */
export class SendPacer {
  private readonly accounts: AccountDirectory

  constructor(
    db: Db,
    private readonly cfg: PacingConfig,
  ) {
    this.accounts = new AccountDirectory(db)
  }

  rateOf(tenant: { risk_status: number; special_channel: number }): { perMs: number; capacity: number } {
    const factor = (tenant.risk_status === 1 ? 0.5 : 1) * (tenant.special_channel === 1 ? 2 : 1)
    return { perMs: (this.cfg.perMinute * factor) / 60_000, capacity: Math.max(1, this.cfg.burst * factor) }
  }

  /** Take one token: 0 when taken, else the ms until one is there. */
  async take(
    accountId: number,
    tenant: { risk_status: number; special_channel: number },
    now: number,
  ): Promise<number> {
    const { perMs, capacity } = this.rateOf(tenant)
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await this.accounts.systemSendBucket(system, accountId)
      if (!row) return 0
      const elapsed = row.bucket_at === null ? Number.POSITIVE_INFINITY : Math.max(0, now - row.bucket_at)
      const tokens = Math.min(capacity, (row.bucket_tokens ?? capacity) + elapsed * perMs)
      if (tokens < 1) return Math.max(1, Math.ceil((1 - tokens) / perMs))
      if (await this.accounts.systemTakeFromBucket(system, accountId, row.bucket_at, tokens - 1, now))
        return 0
    }
    return 100
  }
}

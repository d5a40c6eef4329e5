import type { Clock } from './clock.js'
import { GatewayError } from './errors.js'
import { digitsOnly } from './jid.js'
import type { AccountId, NumberCheck } from './messaging-gateway.js'

export type NumberLookup = (accountId: AccountId, phones: string[]) => Promise<NumberCheck[]>

export interface NumberCheckerOptions {
  clock: Clock
  /** gap between two lookups of one account */
  minIntervalMs?: number
  cacheTtlMs?: number
  /** phones per lookup */
  batchSize?: number
}

/**
 * Existence checks, throttled and cached: bulk `onWhatsApp` calls are reported to get numbers
 * banned. Lookups of one account run one at a time, at least `minIntervalMs` apart; results are
 * cached per phone for `cacheTtlMs` (a number's registration is the same for every account).
 */
export class NumberChecker {
  private readonly cache = new Map<string, { result: NumberCheck; at: number }>()
  private readonly queues = new Map<AccountId, Promise<unknown>>()
  private readonly lastCall = new Map<AccountId, number>()
  private readonly minIntervalMs: number
  private readonly cacheTtlMs: number
  private readonly batchSize: number

  constructor(
    private readonly lookup: NumberLookup,
    private readonly opts: NumberCheckerOptions,
  ) {
    this.minIntervalMs = opts.minIntervalMs ?? 1_000
    this.cacheTtlMs = opts.cacheTtlMs ?? 24 * 3_600_000
    this.batchSize = opts.batchSize ?? 10
  }

  async check(accountId: AccountId, phones: string[]): Promise<NumberCheck[]> {
    const wanted = phones.map(digitsOnly)
    if (wanted.some((p) => p.length < 6 || p.length > 20)) {
      throw new GatewayError('invalid_argument', 'a phone number must have 6–20 digits')
    }
    const missing = [...new Set(wanted.filter((p) => !this.cached(p)))]
    for (let i = 0; i < missing.length; i += this.batchSize) {
      const batch = missing.slice(i, i + this.batchSize)
      const results = await this.serial(accountId, () => this.lookup(accountId, batch))
      const now = this.opts.clock.now()
      for (const r of results) this.cache.set(r.phone, { result: r, at: now })
      // a phone the lookup did not answer for is not on WhatsApp
      for (const p of batch)
        if (!this.cache.has(p)) this.cache.set(p, { result: { phone: p, exists: false }, at: now })
    }
    return wanted.map((p) => this.cached(p) ?? { phone: p, exists: false })
  }

  /** Forget a phone (e.g. a send to it failed as not registered). */
  invalidate(phone: string): void {
    this.cache.delete(digitsOnly(phone))
  }

  private cached(phone: string): NumberCheck | undefined {
    const hit = this.cache.get(phone)
    if (!hit) return undefined
    if (this.opts.clock.now() - hit.at > this.cacheTtlMs) {
      this.cache.delete(phone)
      return undefined
    }
    return hit.result
  }

  private serial<T>(accountId: AccountId, task: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(accountId) ?? Promise.resolve()
    const run = prev
      .catch(() => undefined)
      .then(async () => {
        const last = this.lastCall.get(accountId)
        if (last !== undefined) {
          const wait = last + this.minIntervalMs - this.opts.clock.now()
          if (wait > 0) await this.opts.clock.sleep(wait)
        }
        this.lastCall.set(accountId, this.opts.clock.now())
        return task()
      })
    this.queues.set(accountId, run)
    return run
  }
}

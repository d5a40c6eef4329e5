import type { SessionCounts } from '@app/core'
import type { Signals } from '../../cluster/signals.js'

/** How long a viewer's sidebar counts are reused; the desk's own changes forget them at once. */
const TTL_MS = 2_000
const KEYS_MAX = 10_000
const FORGET_TOPIC = 'session-counts.forget'

/**
 * The sidebar counts walk every session of the viewer's scope (about 55 ms for 100,000 sessions on
 * SQLite): reuse them for two seconds, and compute each key once however many desks ask at the
 * same time. New messages show in the counts within that time; a desk's own change (a flag, a
 * read, a send) forgets the tenant's counts at once, in every process when there are several.
 */
export class CountsCache {
  private readonly entries = new Map<string, { at: number; value: Promise<SessionCounts> }>()

  constructor(private readonly signals?: Signals) {
    signals?.subscribe(FORGET_TOPIC, (tenantId, fromSelf) => {
      if (!fromSelf && typeof tenantId === 'number') this.forgetHere(tenantId)
    })
  }

  get(tenantId: number, key: string, compute: () => Promise<SessionCounts>): Promise<SessionCounts> {
    const k = `${tenantId}|${key}`
    const now = Date.now()
    const hit = this.entries.get(k)
    if (hit && now - hit.at < TTL_MS) return hit.value
    const value = compute()
    this.entries.set(k, { at: now, value })
    value.catch(() => this.entries.delete(k))
    if (this.entries.size > KEYS_MAX) this.entries.delete(this.entries.keys().next().value as string)
    return value
  }

  /** Something the counts depend on changed in this tenant. */
  forget(tenantId: number): void {
    this.forgetHere(tenantId)
    this.signals?.publish(FORGET_TOPIC, tenantId)
  }

  private forgetHere(tenantId: number): void {
    const prefix = `${tenantId}|`
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) this.entries.delete(k)
  }
}

/**
 * Per tenant, how many times who sees which accounts changed in this process (an account deleted
 * or assigned to an agent, a desk user's system-groups choice): a scope cached before a change is
 * read again. Kept here, beside the accounts it is about, so the session list can depend on it.
 */
const changes = new Map<number, number>()

/** Something a caller's scope depends on changed in `tenantId`. */
export function scopeChanged(tenantId: number): void {
  changes.set(tenantId, (changes.get(tenantId) ?? 0) + 1)
}

/** The tenant's scope version: a cached scope of an older version is stale. */
export function scopeVersion(tenantId: number): number {
  return changes.get(tenantId) ?? 0
}

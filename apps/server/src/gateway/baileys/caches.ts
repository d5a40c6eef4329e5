import { type CacheStore, type GroupMetadata, isJidGroup, type proto, type WASocket } from 'baileys'
import { isStatusAdvance } from '../delivery.js'
import type { DeliveryStatus } from '../messaging-gateway.js'

/** A Map-backed CacheStore with a size cap and TTL (msgRetryCounterCache, one per account). */
export class MapCache implements CacheStore {
  private readonly map = new Map<string, { value: unknown; at: number }>()
  constructor(
    private readonly maxEntries = 1_000,
    private readonly ttlMs = 3_600_000,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string): T | undefined {
    const hit = this.map.get(key)
    if (!hit) return undefined
    if (this.now() - hit.at > this.ttlMs) {
      this.map.delete(key)
      return undefined
    }
    return hit.value as T
  }
  set<T>(key: string, value: T): void {
    this.map.delete(key)
    this.map.set(key, { value, at: this.now() })
    if (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value
      if (oldest !== undefined) this.map.delete(oldest)
    }
  }
  del(key: string): void {
    this.map.delete(key)
  }
  flushAll(): void {
    this.map.clear()
  }
}

/**
 * Per-account memory of what this socket recently sent (for Baileys' retry `getMessage` and to
 * recognise our own echoes) and of group metadata (for `cachedGroupMetadata`, which avoids
 * rate-overlimit on group sends).
 */
export class ConnectionCaches {
  readonly retryCounters: MapCache
  private readonly sent: MapCache
  private readonly statuses: MapCache
  private readonly groups: MapCache
  private readonly fetchingGroups = new Map<string, Promise<GroupMetadata>>()

  constructor(now: () => number) {
    this.retryCounters = new MapCache(1_000, 3_600_000, now)
    this.sent = new MapCache(500, 6 * 3_600_000, now)
    this.groups = new MapCache(500, 5 * 60_000, now)
    this.statuses = new MapCache(5_000, 24 * 3_600_000, now)
  }

  /**
   * Whether a receipt moves a message (per member, for groups) forward; WhatsApp can send a
   * delivery after the read, and the product should only see forward steps.
   */
  advanceStatus(id: string, by: string | undefined, status: DeliveryStatus): boolean {
    const key = `${id}|${by ?? ''}`
    const prev = this.statuses.get<DeliveryStatus>(key)
    if (!isStatusAdvance(prev, status)) return false
    this.statuses.set(key, status)
    return true
  }

  rememberSent(id: string, message: proto.IMessage | null | undefined): void {
    this.sent.set(id, message ?? null)
  }
  sentMessage(id: string): proto.IMessage | undefined {
    return this.sent.get<proto.IMessage | null>(id) ?? undefined
  }
  isOwnSend(id: string): boolean {
    return this.sent.get(id) !== undefined
  }
  group(jid: string): GroupMetadata | undefined {
    return this.groups.get<GroupMetadata>(jid)
  }
  /**
   * Baileys' `cachedGroupMetadata`. On a miss Baileys fetches the metadata itself and keeps
   * nothing, so every group send would query it again (and draw rate-overlimit): it is fetched
   * here instead, once for concurrent sends, and kept. A failed fetch is a miss (Baileys then
   * tries, and reports the failure).
   */
  async groupOrFetch(jid: string, sock: Pick<WASocket, 'groupMetadata'> | undefined) {
    const hit = this.group(jid)
    if (hit || !sock || !isJidGroup(jid)) return hit
    let fetching = this.fetchingGroups.get(jid)
    if (!fetching) {
      fetching = sock.groupMetadata(jid).finally(() => this.fetchingGroups.delete(jid))
      this.fetchingGroups.set(jid, fetching)
    }
    try {
      const meta = await fetching
      this.setGroup(meta)
      return meta
    } catch {
      return undefined
    }
  }
  setGroup(meta: GroupMetadata): void {
    this.groups.set(meta.id, meta)
  }
  dropGroup(jid: string): void {
    this.groups.del(jid)
  }
}

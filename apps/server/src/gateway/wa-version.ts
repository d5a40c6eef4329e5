import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { EngineLoop } from '../engines/engine-loop.js'
import type { Engine } from '../engines/engines.js'

// Free of baileys: the fetch is injected (gateway/baileys/wa-version-source.ts gives Baileys'
// fetchLatestWaWebVersion), so the admin panel and the metrics can read the version in any mode.

/** A WhatsApp Web client version, as Baileys announces it: [major, minor, revision]. */
export type WaVersionTriple = [number, number, number]

export interface WaVersionTables {
  wa_versions: { name: string; version: string; fetched_at: number }
}

/** fetched: learned by this process; cached: the one another process (or an earlier run) stored; bundled: the library's own. */
type WaVersionSource = 'fetched' | 'cached' | 'bundled'

export interface WaVersionInfo {
  version: WaVersionTriple
  /** '2.3000.1023223821' */
  text: string
  source: WaVersionSource
  /** when it was fetched (by whichever process); null for the bundled one */
  fetchedAt: number | null
}

export interface WaVersionOptions {
  /** the shared cache (wa_versions); without it the version is this process's alone */
  db?: Kysely<WaVersionTables>
  /** learn the current version; rejects when it cannot (offline, blocked, unparsable) */
  fetch: () => Promise<WaVersionTriple>
  bundled: WaVersionTriple
  /** how long a fetched version is trusted before it is fetched again (default 6 h) */
  refreshMs?: number
  /** a rejection fetches again at most this often, however many accounts report it (default 1 min) */
  forcedMinIntervalMs?: number
  now?: () => number
  log?: Logger
}

export const WA_VERSION_REFRESH_MS = 6 * 3_600_000
const ROW = 'web'

const versionText = (v: readonly number[]) => v.join('.')

function parseVersion(text: string): WaVersionTriple | undefined {
  const parts = text.split('.').map(Number)
  return parts.length === 3 && parts.every((n) => Number.isSafeInteger(n) && n >= 0)
    ? (parts as WaVersionTriple)
    : undefined
}

/**
 * The WhatsApp Web version every socket announces. Learned at start and every few hours, shared
 * by the processes through the database (a version another process fetched within the refresh
 * interval is used as it is); a failed fetch falls back to the shared version, then to the
 * bundled one. When WhatsApp rejects the version in use (405), `rejected` fetches again at once.
 */
export class WaVersion {
  private info: WaVersionInfo | undefined
  private inflight: Promise<WaVersionInfo> | undefined
  private lastForcedAt = Number.NEGATIVE_INFINITY
  private readonly listeners = new Set<(info: WaVersionInfo) => void>()
  readonly refreshMs: number
  private readonly now: () => number

  constructor(private readonly opts: WaVersionOptions) {
    this.refreshMs = opts.refreshMs ?? WA_VERSION_REFRESH_MS
    this.now = opts.now ?? Date.now
  }

  /** The version to announce; the first call learns it (shared cache or fetch). */
  current(): Promise<WaVersionInfo> {
    return this.info ? Promise.resolve(this.info) : this.refresh(false)
  }

  /** The version last learned, if any (metrics, the status panel). */
  peek(): WaVersionInfo | undefined {
    return this.info
  }

  /**
   * WhatsApp rejected `version` (405 "client too old"): fetch again, ignoring the shared cache's
   * freshness. Resolves to the version to retry with, which is the same one when no newer can be
   * learned. A version already replaced (another account hit the 405 first) is not fetched again.
   */
  async rejected(version: readonly number[]): Promise<WaVersionInfo> {
    const info = this.info
    if (info && info.text !== versionText(version)) return info
    if (this.inflight) return this.inflight
    if (info && this.now() - this.lastForcedAt < (this.opts.forcedMinIntervalMs ?? 60_000)) return info
    this.lastForcedAt = this.now()
    return this.refresh(true)
  }

  /** Called with the new version whenever the one in use changes. */
  onChange(fn: (info: WaVersionInfo) => void): () => void {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  /** Learn the version now (one at a time; callers during a refresh share it). */
  refresh(force: boolean): Promise<WaVersionInfo> {
    this.inflight ??= this.learn(force).finally(() => {
      this.inflight = undefined
    })
    return this.inflight
  }

  /** Refreshes at start and every `refreshMs` (the version of every process, through the shared cache). */
  engine(log: Logger): Engine {
    const loop = new EngineLoop(
      'wa-version',
      this.refreshMs,
      async () => {
        await this.refresh(false)
        return false
      },
      log,
    )
    return { name: 'wa-version', start: () => loop.start(), stop: () => loop.stop() }
  }

  private async learn(force: boolean): Promise<WaVersionInfo> {
    const shared = await this.readShared()
    const now = this.now()
    let next: WaVersionInfo
    // a fresh shared version is taken as it is, unless it is the very one WhatsApp just rejected
    const fresh = shared !== undefined && now - (shared.fetchedAt ?? 0) < this.refreshMs
    if (shared && fresh && (!force || shared.text !== this.info?.text)) next = shared
    else {
      try {
        const version = await this.opts.fetch()
        next = { version, text: versionText(version), source: 'fetched', fetchedAt: now }
        await this.writeShared(next)
      } catch (err) {
        this.opts.log?.warn({ err }, 'the WhatsApp Web version could not be fetched')
        next = shared ?? this.info ?? this.bundled()
      }
    }
    const changed = this.info !== undefined && this.info.text !== next.text
    this.info = next
    if (changed) for (const fn of this.listeners) fn(next)
    return next
  }

  private bundled(): WaVersionInfo {
    const version = [...this.opts.bundled] as WaVersionTriple
    return { version, text: versionText(version), source: 'bundled', fetchedAt: null }
  }

  private async readShared(): Promise<WaVersionInfo | undefined> {
    if (!this.opts.db) return undefined
    try {
      const row = await this.opts.db
        .selectFrom('wa_versions')
        .select(['version', 'fetched_at'])
        .where('name', '=', ROW)
        .executeTakeFirst()
      const version = row ? parseVersion(row.version) : undefined
      if (!row || !version) return undefined
      return { version, text: row.version, source: 'cached', fetchedAt: Number(row.fetched_at) }
    } catch (err) {
      this.opts.log?.warn({ err }, 'the shared WhatsApp Web version could not be read')
      return undefined
    }
  }

  private async writeShared(info: WaVersionInfo): Promise<void> {
    if (!this.opts.db) return
    await this.opts.db
      .insertInto('wa_versions')
      .values({ name: ROW, version: info.text, fetched_at: info.fetchedAt ?? this.now() })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute()
      .catch((err: unknown) => this.opts.log?.warn({ err }, 'the WhatsApp Web version could not be shared'))
  }
}

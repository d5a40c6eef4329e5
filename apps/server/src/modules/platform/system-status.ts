import { CLIENT_VERSION, type SystemStatusView } from '@app/core'
import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../db/dialect.js'
import type { Db } from '../../db/index.js'

/** What the status panel reads from the modules that own the data. */
export interface StatusSources {
  accountsByStatus(): Promise<Record<string, number>>
  outboxDepth(): Promise<{ pending: number; oldestAgeMs: number | null }>
  tenantCount(): Promise<number>
  userCount(): Promise<number>
  /** numbers WhatsApp refuses until the client is updated */
  needingUpdate(): Promise<number>
  /** the WhatsApp Web version this process announces (the real network only) */
  waVersion?(): WaVersionView | undefined
}

type WaVersionView = Omit<SystemStatusView['whatsapp'], 'updateRequired' | 'version'> & { text: string }

/** The admin's status panel: version, database, uptime, linked numbers, the outbox, the WhatsApp link. */
export class SystemStatus {
  private readonly startedAt = Date.now()

  constructor(
    private readonly db: Db,
    private readonly sources: StatusSources,
  ) {}

  /** The database's size on disk, as the database itself reports it. */
  private async databaseSize(kind: 'sqlite' | 'postgres'): Promise<number | null> {
    try {
      if (kind === 'postgres') {
        const r = await sql<{
          size: string | number
        }>`select pg_database_size(current_database()) as size`.execute(this.db)
        return Number(r.rows[0]?.size ?? 0)
      }
      const count = await sql<{ page_count: number }>`pragma page_count`.execute(this.db)
      const size = await sql<{ page_size: number }>`pragma page_size`.execute(this.db)
      return Number(count.rows[0]?.page_count ?? 0) * Number(size.rows[0]?.page_size ?? 0)
    } catch {
      return null
    }
  }

  async read(): Promise<SystemStatusView> {
    const kind = dialectOf(this.db as unknown as Kysely<unknown>)
    const now = Date.now()
    const [sizeBytes, accounts, outbox, tenants, users, updateRequired] = await Promise.all([
      this.databaseSize(kind),
      this.sources.accountsByStatus(),
      this.sources.outboxDepth(),
      this.sources.tenantCount(),
      this.sources.userCount(),
      this.sources.needingUpdate(),
    ])
    const wa = this.sources.waVersion?.()
    return {
      version: CLIENT_VERSION,
      database: { kind, sizeBytes },
      startedAt: this.startedAt,
      uptimeMs: now - this.startedAt,
      accounts,
      outbox,
      tenants,
      users,
      whatsapp: {
        version: wa?.text ?? null,
        source: wa?.source ?? null,
        fetchedAt: wa?.fetchedAt ?? null,
        updateRequired,
      },
    }
  }
}

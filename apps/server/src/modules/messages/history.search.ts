import {
  ErrorCode,
  HISTORY_SHORT_SCAN_MAX,
  type HistoryFilters,
  type HistoryHitView,
  type HistorySearchPage,
  isIndexedKeyword,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError } from '../../http/errors.js'
import { FanDirectory } from '../fans/index.js'
import { type CustomerFans, type Position, phoneDigits } from './history.conditions.js'
import { fileNameOf, presentHit } from './history.presenter.js'
import { type HistoryRepository, type ScanRow, sqlFoldable } from './history.repository.js'

/** SQLite: a keyword with at most this many matches is served by looking each match up (then sorting). */
const INDEX_LOOKUP_MAX = 4_000
/** SQLite: a keyword with more matches is common; this many newest messages are tested before the index's whole answer is read. */
const COMMON_SCAN_MAX = 20_000
/** Customers matched by the customer filter that are still read session by session. */
const CUSTOMER_FANS_MAX = 500

const encodeCursor = (p: Position): string => `${p.timestamp}_${p.id}`
function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null
  const [timestamp, id] = cursor.split('_').map(Number)
  return { timestamp: timestamp as number, id: id as number }
}

/** Whether a message's text or file name contains `needle` (lower-cased), as the index would find it. */
function contains(row: ScanRow, needle: string): boolean {
  if (row.body.toLowerCase().includes(needle)) return true
  return fileNameOf(row.meta)?.toLowerCase().includes(needle) ?? false
}

/** One page of positions, and how it ended. */
export interface PositionsPage {
  list: Position[]
  /** continue after this position; null: nothing more */
  next: Position | null
  /** a bounded scan stopped before the page was full */
  scanLimited: boolean
}

/**
 * The chat history's search: every message of the tenant by the filters, newest first, keyset
 * paged by (timestamp, id). A keyword is matched as a case-insensitive substring of the text or
 * the file name:
 * - three characters or more: the full-text index (PostgreSQL: the trigram GIN index, the
 *   planner choosing; SQLite: FTS5 trigrams - a keyword with few matches is served by looking
 *   each up, a common one by testing the newest messages in order, where matches come soon);
 * - shorter (one or two characters, which a trigram index cannot serve): a bounded scan of at
 *   most HISTORY_SHORT_SCAN_MAX messages per request within the other filters.
 */
export class HistorySearch {
  private readonly fans = new FanDirectory()

  constructor(
    private readonly db: Db,
    private readonly repo: HistoryRepository,
  ) {}

  /** A page of hits as the list shows them. */
  async page(
    tenantId: number,
    f: HistoryFilters,
    cursor: string | undefined,
    limit: number,
  ): Promise<HistorySearchPage> {
    const page = await this.positions(tenantId, f, decodeCursor(cursor), limit, HISTORY_SHORT_SCAN_MAX)
    const list = await this.hits(tenantId, page.list)
    return {
      list,
      nextCursor: page.next ? encodeCursor(page.next) : null,
      scanLimited: page.scanLimited,
      scannedUntil: page.scanLimited ? (page.next?.timestamp ?? null) : null,
    }
  }

  /** The hits at these positions, in their order. */
  async hits(tenantId: number, list: Position[]): Promise<HistoryHitView[]> {
    const rows = await this.repo.details(
      tenantId,
      list.map((p) => p.id),
    )
    const byId = new Map(rows.map((r) => [r.id, r]))
    return list.flatMap((p) => {
      const r = byId.get(p.id)
      return r ? [presentHit(r)] : []
    })
  }

  /** The `n`-th newest message by the filters (not the keyword), or null when there are fewer. */
  async nth(tenantId: number, f: HistoryFilters, n: number): Promise<Position | null> {
    const fans = await this.customerFans(tenantId, f)
    if (fans?.length === 0) return null
    return this.repo.windowEnd(tenantId, f, fans, null, n)
  }

  /** The positions of the next `limit` matches after `after`; a short keyword looks at `scanBudget` messages at most. */
  async positions(
    tenantId: number,
    f: HistoryFilters,
    after: Position | null,
    limit: number,
    scanBudget: number,
  ): Promise<PositionsPage> {
    if (f.from !== undefined && f.to !== undefined && f.from > f.to)
      throw new AppError(ErrorCode.historyRangeInvalid)
    const fans = await this.customerFans(tenantId, f)
    if (fans?.length === 0) return nothing
    const keyword = f.keyword
    if (!keyword) return pageOf(await this.repo.page(tenantId, f, fans, after, limit + 1), limit)
    const q: Query = { tenantId, f, fans, keyword }
    if (!isIndexedKeyword(keyword)) return this.scan(q, after, limit, scanBudget)
    if (this.repo.dialect === 'postgres')
      return pageOf(await this.repo.containing(tenantId, f, fans, keyword, after, limit + 1), limit)

    const ids = await this.repo.indexedIds(tenantId, keyword, INDEX_LOOKUP_MAX + 1)
    if (ids.length === 0) return nothing
    if (ids.length <= INDEX_LOOKUP_MAX)
      return pageOf(await this.repo.pageAmong(tenantId, f, fans, ids, after, limit + 1), limit)
    // common: the newest messages hold matches; past the scan's budget, the index's whole answer
    const scanned = await this.scan(q, after, limit, COMMON_SCAN_MAX)
    if (!scanned.scanLimited) return scanned
    const rest = await this.repo.pageIndexed(
      tenantId,
      f,
      fans,
      keyword,
      scanned.next,
      limit + 1 - scanned.list.length,
    )
    return pageOf([...scanned.list, ...rest], limit)
  }

  /**
   * Look at the next `budget` messages, newest first, for `limit` + 1 matches; when fewer are
   * there, the page ends at the last message looked at (`scanLimited`), or at the oldest. The
   * database tests the text as it reads; a keyword SQLite cannot fold is tested here instead.
   */
  private async scan(
    q: Query,
    after: Position | null,
    limit: number,
    budget: number,
  ): Promise<PositionsPage> {
    if (this.repo.dialect === 'sqlite' && !sqlFoldable(q.keyword))
      return this.scanHere(q, after, limit, budget)
    const { tenantId, f, fans, keyword } = q
    const hits = await this.repo.containingWithin(tenantId, f, fans, keyword, after, budget, limit + 1)
    if (hits.length > limit)
      return { list: hits.slice(0, limit), next: hits[limit - 1] ?? null, scanLimited: false }
    // where the window ended, read from the index: null when the history ended first
    const end = await this.repo.windowEnd(tenantId, f, fans, after, budget)
    return { list: hits, next: end, scanLimited: end !== null }
  }

  /** As `scan`, each message read and tested here (Unicode case folding). */
  private async scanHere(
    q: Query,
    after: Position | null,
    limit: number,
    budget: number,
  ): Promise<PositionsPage> {
    const needle = q.keyword.toLowerCase()
    const hits: Position[] = []
    let at = after
    let scanned = 0
    for await (const r of this.repo.scan(q.tenantId, q.f, q.fans, after, budget)) {
      scanned++
      at = { id: r.id, timestamp: r.timestamp }
      if (!contains(r, needle)) continue
      hits.push(at)
      // leaving the loop ends the reading
      if (hits.length > limit)
        return { list: hits.slice(0, limit), next: hits[limit - 1] ?? null, scanLimited: false }
    }
    const limited = scanned >= budget
    return { list: hits, next: limited ? at : null, scanLimited: limited }
  }

  /** The customer filter's customers when few; null to test each message's session instead (or no filter). */
  private async customerFans(tenantId: number, f: HistoryFilters): Promise<CustomerFans> {
    if (!f.customer) return null
    const found = await this.fans.matching(
      this.db,
      tenantId,
      f.customer,
      phoneDigits(f.customer),
      CUSTOMER_FANS_MAX + 1,
    )
    return found.length > CUSTOMER_FANS_MAX ? null : found.map((r) => r.id)
  }
}

/** A search's terms, passed along together. */
interface Query {
  tenantId: number
  f: HistoryFilters
  fans: CustomerFans
  keyword: string
}

const nothing: PositionsPage = { list: [], next: null, scanLimited: false }

/** `limit` + 1 rows asked: the extra one says another page follows. */
function pageOf(rows: Position[], limit: number): PositionsPage {
  const more = rows.length > limit
  const list = more ? rows.slice(0, limit) : rows
  return { list, next: more ? (list.at(-1) ?? null) : null, scanLimited: false }
}

import type { Db } from '../../db/index.js'
import type { RecordListRow, RecordRow } from './records.store.js'
import { type RecordPageQuery, RecordTable } from './records.table.js'

/**
 * Ports as billing records: made by orders, renewed, refunded and merged by the billing rules. The
 * binding to a WS account stays with PortsRepository; an ended port's account is logged out by
 * the expiry engine.
 */
export class PortRecordsRepository extends RecordTable {
  readonly kind = 'port' as const

  constructor(db: Db) {
    super(db, 'ports', 'account_id', false)
  }

  /** A port made before ports had a start reads its creation as its start. */
  protected override read(r: RecordRow): RecordRow {
    return r.starts_at ? r : { ...r, starts_at: r.created_at }
  }

  protected async listRows(q: RecordPageQuery): Promise<RecordListRow[]> {
    const rows = await q
      .leftJoin('ws_accounts as a', 'a.id', 'r.account_id')
      .select(this.columns)
      .select(['a.phone', 'a.status'])
      .execute()
    return rows.map(({ phone, status, ...r }) => ({
      ...this.read(r),
      holder_name: phone ?? null,
      holder_status: status ?? null,
    }))
  }
}

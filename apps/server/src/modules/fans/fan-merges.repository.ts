import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Fan, FanMergeTable, Session } from '../../db/schema.js'

type Q = Kysely<Database>

/** What a merge moved, as recorded: enough to split the two fans back. */
export interface MergeRecord {
  /** both fans as they were before the merge */
  into: Fan
  from: Fan
  /** their sessions as they were (null: the fan had none) */
  intoSession: Session | null
  fromSession: Session | null
  /** 'joined': both had a session, the absorbed one's rows moved in; 'moved': the absorbed fan's session was handed over */
  sessions: 'none' | 'moved' | 'joined'
  /** per session-rows part, what it moved (its own ids) */
  rows: Record<string, unknown>
  /** the absorbed fan's labels, and those of them the surviving fan did not have */
  labels: { from: { labelId: number; createdAt: number }[]; added: number[] }
}

export type FanMergeRow = Omit<FanMergeTable, 'id'> & { id: number }

/** The record of every merge of two fans (one person by phone and by hidden id). */
export class FanMergesRepository {
  async insert(
    q: Q,
    row: Omit<FanMergeTable, 'id' | 'record' | 'unmerged_at'> & { record: MergeRecord },
  ): Promise<number> {
    const { id } = await q
      .insertInto('fan_merges')
      .values({ ...row, record: JSON.stringify(row.record), unmerged_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    return id
  }

  get(q: Q, tenantId: number, id: number): Promise<FanMergeRow | undefined> {
    return q
      .selectFrom('fan_merges')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** The merges a fan survived, newest first. */
  intoFan(q: Q, tenantId: number, fanId: number): Promise<FanMergeRow[]> {
    return q
      .selectFrom('fan_merges')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('into_fan_id', '=', fanId)
      .orderBy('id', 'desc')
      .execute()
  }

  async markUnmerged(q: Q, tenantId: number, id: number, at: number): Promise<void> {
    await q
      .updateTable('fan_merges')
      .set({ unmerged_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }
}

/** The record of a merge row, parsed. */
export const recordOf = (row: Pick<FanMergeRow, 'record'>): MergeRecord =>
  JSON.parse(row.record) as MergeRecord

import type { FanLabelView } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'

type Q = Kysely<Database>

/** Rows per insert: four parameters each keeps a batch far below either dialect's parameter limit. */
const INSERT_CHUNK = 500

/** The labels on fans. Every method takes the caller's transaction (or the database) and the tenant. */
export class FanLabelsRepository {
  async ofFan(q: Q, tenantId: number, fanId: number): Promise<FanLabelView[]> {
    return q
      .selectFrom('fan_labels as fl')
      .innerJoin('labels as l', 'l.id', 'fl.label_id')
      .select(['l.id', 'l.name'])
      .where('fl.tenant_id', '=', tenantId)
      .where('fl.fan_id', '=', fanId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .execute()
  }

  /** Put every label on every fan; links already there stay. Returns the links made. */
  async link(q: Q, tenantId: number, fanIds: number[], labelIds: number[], now: number): Promise<number> {
    const rows = fanIds.flatMap((fan_id) =>
      labelIds.map((label_id) => ({ tenant_id: tenantId, fan_id, label_id, created_at: now })),
    )
    let made = 0
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const res = await q
        .insertInto('fan_labels')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['fan_id', 'label_id']).doNothing())
        .executeTakeFirst()
      made += Number(res.numInsertedOrUpdatedRows ?? 0)
    }
    return made
  }

  /** Take the labels off the fans (all labels when `labelIds` is null). Returns the links removed. */
  async unlink(q: Q, tenantId: number, fanIds: number[], labelIds: number[] | null): Promise<number> {
    let del = q.deleteFrom('fan_labels').where('tenant_id', '=', tenantId).where('fan_id', 'in', fanIds)
    if (labelIds) del = del.where('label_id', 'in', labelIds)
    const res = await del.executeTakeFirst()
    return Number(res.numDeletedRows)
  }

  /** Take a label off every fan (the label is being deleted). Returns the links removed. */
  async unlinkLabel(q: Q, tenantId: number, labelId: number): Promise<number> {
    const res = await q
      .deleteFrom('fan_labels')
      .where('tenant_id', '=', tenantId)
      .where('label_id', '=', labelId)
      .executeTakeFirst()
    return Number(res.numDeletedRows)
  }
}

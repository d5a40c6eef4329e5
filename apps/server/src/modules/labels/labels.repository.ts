import type { FanLabelView, LabelView } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import { containsText } from '../../db/search.js'

type Q = Kysely<Database>

/** Rows per insert: four parameters each keeps a batch far below either dialect's parameter limit. */
const INSERT_CHUNK = 500

/** Labels and fan–label links. Every method takes the tenant. */
export class LabelsRepository {
  constructor(private readonly db: Db) {}

  private withCounts(tenantId: number, name?: string) {
    let q = this.db
      .selectFrom('labels as l')
      .select(['l.id', 'l.name', 'l.created_at'])
      .select((eb) =>
        eb
          .selectFrom('fan_labels as fl')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('fl.label_id', '=', 'l.id')
          .as('fan_count'),
      )
      .where('l.tenant_id', '=', tenantId)
    if (name) q = q.where(containsText('l.name', name))
    return q
  }

  async page(
    tenantId: number,
    opts: { name?: string; offset: number; limit: number },
  ): Promise<{ list: LabelView[]; total: number }> {
    let count = this.db
      .selectFrom('labels as l')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('l.tenant_id', '=', tenantId)
    if (opts.name) count = count.where(containsText('l.name', opts.name))
    const [rows, total] = await Promise.all([
      this.withCounts(tenantId, opts.name)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .offset(opts.offset)
        .limit(opts.limit)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ])
    return { list: rows.map(presentLabel), total: Number(total.n) }
  }

  async all(tenantId: number): Promise<LabelView[]> {
    const rows = await this.withCounts(tenantId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .execute()
    return rows.map(presentLabel)
  }

  async exists(tenantId: number, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('labels')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row !== undefined
  }

  /** Which of `ids` are labels of the tenant. */
  async existing(tenantId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const rows = await this.db
      .selectFrom('labels')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute()
    return new Set(rows.map((r) => r.id))
  }

  async insert(tenantId: number, name: string, userId: number, now: number): Promise<number> {
    const row = await this.db
      .insertInto('labels')
      .values({
        tenant_id: tenantId,
        name,
        name_key: name.toLowerCase(),
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  async rename(tenantId: number, id: number, name: string, now: number): Promise<void> {
    await this.db
      .updateTable('labels')
      .set({ name, name_key: name.toLowerCase(), updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  /** Delete a label and take it off every fan; returns how many fans carried it. */
  async remove(tenantId: number, id: number): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const unlinked = await tx
        .deleteFrom('fan_labels')
        .where('tenant_id', '=', tenantId)
        .where('label_id', '=', id)
        .executeTakeFirst()
      await tx.deleteFrom('labels').where('tenant_id', '=', tenantId).where('id', '=', id).execute()
      return Number(unlinked.numDeletedRows)
    })
  }

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
}

function presentLabel(r: {
  id: number
  name: string
  created_at: number
  fan_count: number | null
}): LabelView {
  return { id: r.id, name: r.name, fanCount: Number(r.fan_count ?? 0), createdAt: r.created_at }
}

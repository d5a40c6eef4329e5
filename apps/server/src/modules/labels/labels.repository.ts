import type { LabelView } from '@app/core'
import type { Db } from '../../db/index.js'
import { containsText } from '../../db/search.js'
import { FanLabeling } from '../fans/index.js'

/** Labels. Every method takes the tenant; the links of labels to fans belong to the fans. */
export class LabelsRepository {
  private readonly fanLabels = new FanLabeling()

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
      const unlinked = await this.fanLabels.removeLabel(tx, tenantId, id)
      await tx.deleteFrom('labels').where('tenant_id', '=', tenantId).where('id', '=', id).execute()
      return unlinked
    })
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

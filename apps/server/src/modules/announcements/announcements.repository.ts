import type { Db } from '../../db/index.js'
import { containsText } from '../../db/search.js'

export interface AnnouncementFilter {
  title?: string
  status?: number
}

/** Announcements are platform-wide: written by admins, read by every signed-in user. */
export class AnnouncementsRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('announcements as a')
      .leftJoin('users as u', 'u.id', 'a.created_by')
      .select([
        'a.id',
        'a.title',
        'a.content',
        'a.status',
        'a.created_at',
        'a.updated_at',
        'u.username as creator',
      ])
  }

  async page(filter: AnnouncementFilter, pageNo: number, pageSize: number) {
    let q = this.db.selectFrom('announcements as a')
    if (filter.title) q = q.where(containsText('a.title', filter.title))
    if (filter.status !== undefined) q = q.where('a.status', '=', filter.status)
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
    let rows = this.base()
    if (filter.title) rows = rows.where(containsText('a.title', filter.title))
    if (filter.status !== undefined) rows = rows.where('a.status', '=', filter.status)
    const list = await rows
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    return { list, total: Number(total) }
  }

  enabled(status: number, limit: number) {
    return this.base().where('a.status', '=', status).orderBy('a.id', 'desc').limit(limit).execute()
  }

  async insert(values: {
    title: string
    content: string
    status: number
    created_by: number
  }): Promise<number> {
    const now = Date.now()
    const row = await this.db
      .insertInto('announcements')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  async update(id: number, values: { title: string; content: string; status: number }): Promise<boolean> {
    const res = await this.db
      .updateTable('announcements')
      .set({ ...values, updated_at: Date.now() })
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  async delete(id: number): Promise<boolean> {
    const res = await this.db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst()
    return Number(res.numDeletedRows) === 1
  }
}

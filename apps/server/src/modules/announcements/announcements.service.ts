import { type Announcement, AnnouncementStatus, type Page } from '@app/core'
import { notFound } from '../../http/errors.js'
import type { AnnouncementFilter, AnnouncementsRepository } from './announcements.repository.js'

type Row = Awaited<ReturnType<AnnouncementsRepository['enabled']>>[number]

/** What leaves the server for an announcement. */
function presentAnnouncement(row: Row): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    creatorName: row.creator ?? '',
  }
}

/** At most this many enabled announcements are handed to clients at once. */
const ENABLED_LIMIT = 20

export class AnnouncementsService {
  constructor(private readonly repo: AnnouncementsRepository) {}

  async page(filter: AnnouncementFilter, pageNo: number, pageSize: number): Promise<Page<Announcement>> {
    const { list, total } = await this.repo.page(filter, pageNo, pageSize)
    return { list: list.map(presentAnnouncement), total }
  }

  async enabled(): Promise<Announcement[]> {
    return (await this.repo.enabled(AnnouncementStatus.enabled, ENABLED_LIMIT)).map(presentAnnouncement)
  }

  create(userId: number, values: { title: string; content: string; status: number }): Promise<number> {
    return this.repo.insert({ ...values, created_by: userId })
  }

  async update(id: number, values: { title: string; content: string; status: number }): Promise<void> {
    if (!(await this.repo.update(id, values))) throw notFound()
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repo.delete(id))) throw notFound()
  }
}

import type { Announcement, AnnouncementStatusValue, Page } from '@app/core'
import { backgroundCall, dataOf, http } from './request'

export interface AnnouncementQuery {
  pageNo: number
  pageSize: number
  title?: string
  status?: AnnouncementStatusValue
}

export interface AnnouncementInput {
  title: string
  content: string
  status: AnnouncementStatusValue
}

const base = '/damai/notice/announcement'

export const pageAnnouncements = (q: AnnouncementQuery) =>
  dataOf(http.post<Page<Announcement>>(`${base}/page`, q))

export const createAnnouncement = (body: AnnouncementInput) => dataOf(http.post<Announcement>(base, body))

export const updateAnnouncement = (body: AnnouncementInput & { id: number }) =>
  dataOf(http.put<Announcement>(base, body))

export const deleteAnnouncement = (id: number) => dataOf(http.delete<null>(base, { id }))

/** Enabled announcements; polled every 60 s, so the duplicate guard is off for it. */
export const enabledAnnouncements = () =>
  dataOf(http.get<Announcement[]>(`${base}/enable`, undefined, backgroundCall))

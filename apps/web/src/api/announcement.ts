import { type AnnouncementStatusValue, announcementEndpoints as api } from '@app/core'
import { call } from './client'
import { backgroundCall } from './request'

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

export const pageAnnouncements = (q: AnnouncementQuery) => call(api.page, q)

export const createAnnouncement = (body: AnnouncementInput) => call(api.create, body)

export const updateAnnouncement = (body: AnnouncementInput & { id: number }) => call(api.update, body)

export const deleteAnnouncement = (id: number) => call(api.remove, { id })

/** Enabled announcements; polled every 60 s, so the duplicate guard is off for it. */
export const enabledAnnouncements = () => call(api.enabled, undefined, backgroundCall)

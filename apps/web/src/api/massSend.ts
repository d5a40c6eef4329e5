import {
  type MassSendChart,
  type MassSendCreateBody,
  type MassSendExportBody,
  type MassSendGroupPage,
  type MassSendGroupsBody,
  type MassSendPageBody,
  MassSendPath,
  type MassSendRecipientPage,
  type MassSendRecipientsBody,
  type MassSendTaskDetail,
  type MassSendTaskView,
  type massSendAudienceCountBody,
  type Page,
  type PhoneListResult,
} from '@app/core'
import type { z } from 'zod'
import { downloadFile } from './download'
import { dataOf, http, noRepeatGuard } from './request'

/**
 * Mass send (packages/core api/mass-send.ts). At the desk these calls carry the desk's headers,
 * so the server scopes them to the agent acted as (request.ts `setExtraHeaders`).
 */

/** A stranger task may carry 100,000 numbers, and a phone file is read on the server: longer than a page. */
const LONG_CALL = { timeout: 120_000 } as const

export type MassSendAudienceCountBody = z.input<typeof massSendAudienceCountBody>

export const createMassSend = (body: MassSendCreateBody) =>
  dataOf(http.post<{ id: number }>(MassSendPath.create, body, LONG_CALL))

export const pageMassSend = (body: Partial<MassSendPageBody>) =>
  dataOf(http.post<Page<MassSendTaskView>>(MassSendPath.page, body, noRepeatGuard))

export const massSendDetail = (taskId: number) =>
  dataOf(http.get<MassSendTaskDetail>(MassSendPath.detail, { taskId }, noRepeatGuard))

/** The task actions of spec §4 other than delete, by the path each takes. */
export type MassSendPutAction = 'start' | 'pause' | 'resume' | 'terminate'

export const actOnMassSend = (action: MassSendPutAction, taskId: number) =>
  dataOf(http.put<null>(MassSendPath[action], { taskId }))

export const deleteMassSend = (taskId: number) => dataOf(http.delete<null>(MassSendPath.remove, { taskId }))

export const pageRecipients = (body: Partial<MassSendRecipientsBody> & { taskId: number }) =>
  dataOf(http.post<MassSendRecipientPage>(MassSendPath.recipients, body, noRepeatGuard))

/** The filtered log as XLSX, through the download helper. */
export const exportRecipients = (body: Partial<MassSendExportBody> & { taskId: number }, fileName: string) =>
  downloadFile('post', MassSendPath.export, body, fileName)

export const massSendChart = (taskId: number, bucketMinutes?: number) =>
  dataOf(
    http.post<MassSendChart>(
      MassSendPath.chart,
      { taskId, ...(bucketMinutes ? { bucketMinutes } : {}) },
      noRepeatGuard,
    ),
  )

export const massSendAudienceCount = (body: MassSendAudienceCountBody) =>
  dataOf(http.post<{ count: number }>(MassSendPath.audienceCount, body, noRepeatGuard)).then((r) => r.count)

export const pageMassSendGroups = (body: Partial<MassSendGroupsBody>) =>
  dataOf(http.post<MassSendGroupPage>(MassSendPath.groups, body, noRepeatGuard))

/** Read a phone list file on the server (XLSX, which the browser does not read here). */
export const parsePhoneFile = (file: Blob, fileName: string, onProgress?: (fraction: number) => void) => {
  const form = new FormData()
  form.append('file', file, fileName)
  return dataOf(
    http.post<PhoneListResult>(MassSendPath.parsePhones, form, {
      ...noRepeatGuard,
      ...LONG_CALL,
      onUploadProgress: onProgress
        ? (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0)
        : undefined,
    }),
  )
}

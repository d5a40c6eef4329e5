import {
  massSendEndpoints as api,
  type MassSendCreateBody,
  type MassSendExportBody,
  type MassSendGroupsBody,
  type MassSendPageBody,
  type MassSendRecipientsBody,
  type massSendAudienceCountBody,
} from '@app/core'
import type { z } from 'zod'
import { call } from './client'
import { downloadEndpoint } from './download'
import { noRepeatGuard } from './request'

/**
 * Mass send (packages/core api/mass-send.ts). These calls are not among those that carry the agent
 * a supervisor acts as (actingAgent.ts): at the desk they work for the supervisor themselves.
 */

/** A stranger task may carry 100,000 numbers, and a phone file is read on the server: longer than a page. */
const LONG_CALL = { timeout: 120_000 } as const

export type MassSendAudienceCountBody = z.input<typeof massSendAudienceCountBody>

export const createMassSend = (body: MassSendCreateBody) => call(api.create, body, LONG_CALL)

export const pageMassSend = (body: Partial<MassSendPageBody>) => call(api.page, body, noRepeatGuard)

export const massSendDetail = (taskId: number) => call(api.detail, { taskId }, noRepeatGuard)

/** The task actions of spec §4 other than delete, by the path each takes. */
export type MassSendPutAction = 'start' | 'pause' | 'resume' | 'terminate'

export const actOnMassSend = (action: MassSendPutAction, taskId: number) => call(api[action], { taskId })

export const deleteMassSend = (taskId: number) => call(api.remove, { taskId })

export const pageRecipients = (body: Partial<MassSendRecipientsBody> & { taskId: number }) =>
  call(api.recipients, body, noRepeatGuard)

/** The filtered log as XLSX, through the download helper. */
export const exportRecipients = (body: Partial<MassSendExportBody> & { taskId: number }, fileName: string) =>
  downloadEndpoint(api.export, body, fileName)

export const massSendChart = (taskId: number, bucketMinutes?: number) =>
  call(api.chart, { taskId, ...(bucketMinutes ? { bucketMinutes } : {}) }, noRepeatGuard)

/** How many recipients the audience has now, and the first few as the variables read them. */
export const massSendAudiencePreview = (body: MassSendAudienceCountBody) =>
  call(api.audienceCount, body, noRepeatGuard)

export const pageMassSendGroups = (body: Partial<MassSendGroupsBody>) => call(api.groups, body, noRepeatGuard)

/** Read a phone list file on the server (XLSX, which the browser does not read here). */
export const parsePhoneFile = (file: Blob, fileName: string, onProgress?: (fraction: number) => void) => {
  const form = new FormData()
  form.append('file', file, fileName)
  return call(
    api.parsePhones,
    { form },
    {
      ...noRepeatGuard,
      ...LONG_CALL,
      onUploadProgress: onProgress
        ? (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0)
        : undefined,
    },
  )
}

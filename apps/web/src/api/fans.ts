import {
  fanEndpoints as api,
  type FanBatchLabelsBody,
  type FanBatchMassSendBody,
  type FanExportBody,
  type FanFilter,
} from '@app/core'
import { call } from './client'
import { downloadEndpoint } from './download'
import { noRepeatGuard } from './request'

/**
 * The customers list (packages/core api/fans.ts): the supervisor's whole tenant, or at the desk
 * the fans of the agent's sessions (the desk adds its headers to these calls).
 */

/** A batch over a whole filter walks every matching fan: it may take longer than a page. */
const LONG_CALL = { timeout: 120_000 } as const
/** One import batch waits for WhatsApp's paced number checks (about one look-up a second). */
const IMPORT_CALL = { ...noRepeatGuard, timeout: 60_000 } as const

export const pageFans = (filter: FanFilter, pageSize: number, cursor?: string) =>
  call(api.page, { filter, pageSize, ...(cursor ? { cursor } : {}) }, noRepeatGuard)

export const countFans = (filter: FanFilter) =>
  call(api.count, { filter }, noRepeatGuard).then((r) => r.total)

export const fanDetail = (fanId: number) => call(api.detail, { fanId }, noRepeatGuard)

export const batchFanLabels = (body: FanBatchLabelsBody) => call(api.labels, body, LONG_CALL)

export const batchFanMassSend = (body: FanBatchMassSendBody) => call(api.massSend, body, LONG_CALL)

export const batchFanInvalid = (fanIds: number[], value: boolean) => call(api.invalid, { fanIds, value })

export const batchFanMigrate = (fanIds: number[], userId: number) => call(api.migrate, { fanIds, userId })

/** One batch of an import (at most FAN_IMPORT_BATCH_MAX phones). */
export const importFans = (accountId: number, phones: string[]) =>
  call(api.import, { accountId, phones }, IMPORT_CALL)

/** The matching (or chosen) customers as an XLSX file, through the download helper. */
export const exportFans = (body: Partial<FanExportBody>, fileName: string) =>
  downloadEndpoint(api.export, body, fileName)

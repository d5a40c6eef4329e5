import type {
  FanBatchLabelsBody,
  FanBatchMassSendBody,
  FanBatchResult,
  FanDetail,
  FanExportBody,
  FanFilter,
  FanImportResult,
  FanPage,
} from '@app/core'
import { downloadFile } from './download'
import { dataOf, http, noRepeatGuard } from './request'

/**
 * The customers list (packages/core api/fans.ts): the supervisor's whole tenant, or at the desk
 * the fans of the agent's sessions (the desk adds its headers to these calls).
 */
const base = '/damai/customer/fans'

/** A batch over a whole filter walks every matching fan: it may take longer than a page. */
const LONG_CALL = { timeout: 120_000 } as const
/** One import batch waits for WhatsApp's paced number checks (about one look-up a second). */
const IMPORT_CALL = { ...noRepeatGuard, timeout: 60_000 } as const

export const pageFans = (filter: FanFilter, pageSize: number, cursor?: string) =>
  dataOf(
    http.post<FanPage>(`${base}/page`, { filter, pageSize, ...(cursor ? { cursor } : {}) }, noRepeatGuard),
  )

export const countFans = (filter: FanFilter) =>
  dataOf(http.post<{ total: number }>(`${base}/count`, { filter }, noRepeatGuard)).then((r) => r.total)

export const fanDetail = (fanId: number) =>
  dataOf(http.post<FanDetail>(`${base}/detail`, { fanId }, noRepeatGuard))

export const batchFanLabels = (body: FanBatchLabelsBody) =>
  dataOf(http.put<FanBatchResult>(`${base}/labels`, body, LONG_CALL))

export const batchFanMassSend = (body: FanBatchMassSendBody) =>
  dataOf(http.put<FanBatchResult>(`${base}/massSend`, body, LONG_CALL))

export const batchFanInvalid = (fanIds: number[], value: boolean) =>
  dataOf(http.put<FanBatchResult>(`${base}/invalid`, { fanIds, value }))

export const batchFanMigrate = (fanIds: number[], userId: number) =>
  dataOf(http.put<FanBatchResult>(`${base}/migrate`, { fanIds, userId }))

/** One batch of an import (at most FAN_IMPORT_BATCH_MAX phones). */
export const importFans = (accountId: number, phones: string[]) =>
  dataOf(http.post<FanImportResult>(`${base}/import`, { accountId, phones }, IMPORT_CALL))

/** The matching (or chosen) customers as an XLSX file, through the download helper. */
export const exportFans = (body: Partial<FanExportBody>, fileName: string) =>
  downloadFile('post', `${base}/export`, body, fileName)

import { once } from 'node:events'
import { PassThrough, type Readable } from 'node:stream'
import {
  FAN_EXPORT_COLUMNS,
  FAN_EXPORT_WORDS,
  type FanExportBody,
  type FanView,
  formatDateTime,
  type LanguageCode,
} from '@app/core'
import ExcelJS from 'exceljs'
import type { Caller } from '../../http/caller.js'
import type { FanCursor, FanListQuery } from './fans.list.js'

/** Fans read from the database per batch: a whole export is never held in memory. */
const EXPORT_BATCH = 1_000

/** The fans of an export, batch after batch in the list's order (the chosen ones, or the filter's). */
export async function* exportBatches(
  list: FanListQuery,
  caller: Caller,
  body: FanExportBody,
): AsyncGenerator<FanView[]> {
  let cursor: FanCursor | undefined
  for (;;) {
    const rows = await list.rows(caller, body.filter, { cursor, limit: EXPORT_BATCH, ids: body.fanIds })
    if (rows.length) yield rows
    if (rows.length < EXPORT_BATCH) return
    const last = rows[rows.length - 1]
    cursor = { at: last.createdAt, id: last.id }
  }
}

/** Sheet bytes the compression may lag behind by before the next batch is read. */
const ZIP_LAG_MAX = 512 * 1024

/** What exceljs's sheet stream hands on: the zip's entry streams, each with its write queue. */
interface SheetStream {
  pipes?: { _writableState?: { length?: number } }[]
}

/**
 * Until the zip's compression has nearly caught up with the sheet. exceljs writes the sheet into
 * the zip without waiting, and rows are made faster than they compress (the more so as SQLite
 * answers without yielding), so without this pause the whole sheet would queue in memory. Should
 * a later exceljs hand its rows on otherwise, nothing is measured and nothing waits.
 */
async function compressed(ws: unknown, out: PassThrough): Promise<void> {
  const sheet = (ws as { stream?: SheetStream }).stream
  const queued = () => (sheet?.pipes ?? []).reduce((n, p) => n + (p._writableState?.length ?? 0), 0)
  while (queued() > ZIP_LAG_MAX && !out.destroyed) await new Promise((resolve) => setTimeout(resolve, 2))
}

/** Until the stream has room again, or is gone. */
async function drained(out: PassThrough): Promise<void> {
  const done = new AbortController()
  try {
    await Promise.race([
      once(out, 'drain', { signal: done.signal }),
      once(out, 'close', { signal: done.signal }),
    ])
  } finally {
    done.abort()
  }
}

/**
 * The fans as an XLSX file, written row by row by exceljs's streaming writer into the stream
 * returned, batch by batch: the next batch is read only once the answer has taken the previous
 * one, so a slow download holds one batch, not the file. A download given up stops the reading.
 */
export function fansXlsx(
  batches: AsyncIterable<FanView[]>,
  lang: LanguageCode,
  utcOffsetMinutes: number,
): Readable {
  const out = new PassThrough()
  const words = FAN_EXPORT_WORDS[lang]
  const yesNo = (v: boolean) => (v ? words.yes : words.no)
  const time = (t: number | null) => (t === null ? '' : formatDateTime(t, utcOffsetMinutes))
  const write = async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    })
    const ws = wb.addWorksheet(lang === 'zh' ? '客户' : 'Customers')
    ws.addRow([...FAN_EXPORT_COLUMNS[lang]]).commit()
    for await (const batch of batches) {
      for (const f of batch) {
        ws.addRow([
          f.nickname,
          f.pushName,
          f.remark,
          f.phone ?? '',
          f.phoneTail,
          f.accountPhone ?? '',
          words[f.source],
          f.accountGroupName ?? '',
          f.labels.map((l) => l.name).join(', '),
          yesNo(f.repeat),
          yesNo(f.invalid),
          yesNo(f.massSendEnabled),
          f.country,
          time(f.createdAt),
          time(f.lastMessageAt),
          // a phone hidden by WhatsApp leaves the phone cells empty: the hidden id has its own column
          f.lid ?? '',
        ]).commit()
      }
      await compressed(ws, out)
      if (out.destroyed) return
      if (out.writableNeedDrain) await drained(out)
    }
    ws.commit()
    await wb.commit()
  }
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
  return out
}

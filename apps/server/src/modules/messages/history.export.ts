import { PassThrough, type Readable } from 'node:stream'
import {
  formatDateTime,
  HISTORY_EXPORT_COLUMNS,
  HISTORY_EXPORT_ROWS_MAX,
  HISTORY_EXPORT_SHORT_SCAN_MAX,
  type HistoryFilters,
  type HistoryHitView,
  isIndexedKeyword,
  type LanguageCode,
  HISTORY_EXPORT_WORDS as WORDS,
} from '@app/core'
import ExcelJS from 'exceljs'
import type { Position } from './history.conditions.js'
import type { HistorySearch } from './history.search.js'

/** Rows read (and written) per batch: one keyset page of the search each. */
const BATCH = 1_000

/**
 * The search's hits in batches, newest first, read page after page by keyset until the export's
 * cap. A short keyword (a scan, not the index) is looked for in the newest
 * HISTORY_EXPORT_SHORT_SCAN_MAX messages of the filters only.
 */
export async function* historyBatches(
  search: HistorySearch,
  tenantId: number,
  filters: HistoryFilters,
): AsyncGenerator<HistoryHitView[]> {
  let f = filters
  if (f.keyword && !isIndexedKeyword(f.keyword)) {
    const oldest = await search.nth(tenantId, f, HISTORY_EXPORT_SHORT_SCAN_MAX)
    if (oldest) f = { ...f, from: Math.max(f.from ?? 0, oldest.timestamp) }
  }
  let after: Position | null = null
  let rows = 0
  while (rows < HISTORY_EXPORT_ROWS_MAX) {
    const limit = Math.min(BATCH, HISTORY_EXPORT_ROWS_MAX - rows)
    const page = await search.positions(tenantId, f, after, limit, HISTORY_EXPORT_SHORT_SCAN_MAX)
    rows += page.list.length
    if (page.list.length) yield await search.hits(tenantId, page.list)
    if (!page.next) return
    after = page.next
  }
}

function rowOf(h: HistoryHitView, lang: LanguageCode, utcOffsetMinutes: number): (string | number)[] {
  const w = WORDS[lang]
  // a WhatsApp name that is only the number again is left out
  const named = h.account.name && h.account.name.replace(/\D/g, '') !== h.account.phone ? h.account.name : ''
  const account = [h.account.phone ?? '', named].filter(Boolean).join(' ')
  const sender = h.fromMe ? (h.sentBy?.name ?? w.automatic) : (h.senderPhone ?? h.customer.name)
  return [
    formatDateTime(h.timestamp, utcOffsetMinutes),
    h.account.deleted ? `${account} (${w.deleted})` : account,
    h.customer.name,
    h.customer.phone ?? '',
    w[h.sessionType],
    h.agent?.name ?? '',
    h.fromMe ? w.out : w.in,
    sender,
    w.types[h.type],
    h.body,
    h.fileName ?? '',
    h.fromMe ? w.status[h.status] : h.status === 'withdrawn' ? w.status.withdrawn : w.status.received,
  ]
}

/**
 * The hits as an XLSX file, written batch by batch by exceljs's streaming writer into the stream
 * returned: the answer starts before the file is complete and no more than a batch is held.
 */
export function historyXlsx(
  first: HistoryHitView[],
  rest: AsyncIterable<HistoryHitView[]>,
  lang: LanguageCode,
  utcOffsetMinutes: number,
): Readable {
  const out = new PassThrough()
  const write = async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    })
    const ws = wb.addWorksheet(WORDS[lang].sheet)
    ws.addRow([...HISTORY_EXPORT_COLUMNS[lang]]).commit()
    const put = (batch: HistoryHitView[]) => {
      for (const h of batch) ws.addRow(rowOf(h, lang, utcOffsetMinutes)).commit()
    }
    put(first)
    for await (const batch of rest) put(batch)
    ws.commit()
    await wb.commit()
  }
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
  return out
}

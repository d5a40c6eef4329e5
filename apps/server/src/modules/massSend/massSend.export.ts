import { PassThrough, type Readable } from 'node:stream'
import {
  type FailureReasonValue,
  failureReasonMessages,
  formatDateTime,
  type LanguageCode,
  MASS_SEND_EXPORT_COLUMNS,
  MASS_SEND_EXPORT_WORDS,
  type MassSendExportBody,
} from '@app/core'
import ExcelJS from 'exceljs'
import type { RecipientLogQuery } from './recipient-log.query.js'

/** Recipients read per query while the file is written. */
const BATCH = 500

/**
 * The filtered log of a task as an XLSX file: read in batches of recipients (in id order) and
 * written row by row by exceljs's streaming writer into the stream returned, so a task of
 * 100,000 recipients is exported in bounded memory and the answer starts at once.
 */
export function recipientsXlsx(
  log: RecipientLogQuery,
  tenantId: number,
  body: MassSendExportBody,
  lang: LanguageCode,
): Readable {
  const out = new PassThrough()
  const words = MASS_SEND_EXPORT_WORDS[lang]
  const word = (w: string | null | undefined) => (w ? (words[w] ?? w) : '')
  const reason = (r: string | null | undefined) =>
    r ? (failureReasonMessages[r as FailureReasonValue]?.[lang] ?? r) : ''
  const time = (t: number | null | undefined) => (t ? formatDateTime(t, body.utcOffsetMinutes) : '')
  const write = async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    })
    const ws = wb.addWorksheet(lang === 'zh' ? '群发记录' : 'Mass send log')
    ws.addRow([...MASS_SEND_EXPORT_COLUMNS[lang]]).commit()
    let after = 0
    for (;;) {
      const rows = await log.page(tenantId, body, after, BATCH)
      if (!rows.length) break
      const sends = await log.sends(
        tenantId,
        rows.map((r) => r.id),
      )
      for (const r of rows) {
        const head = [
          r.id,
          r.phone ?? '',
          r.title,
          r.account_phone ?? '',
          word(r.state),
          reason(r.failure_reason),
          r.moved_from ?? '',
        ]
        const mine = sends.filter((s) => s.recipient_id === r.id)
        if (!mine.length) ws.addRow(head).commit()
        for (const s of mine)
          ws.addRow([
            ...head,
            s.sentence_index + 1,
            word(s.status ?? 'failed'),
            word(s.delivery ?? 'none'),
            time(s.created_at),
            s.status === 'sent' ? time(s.timestamp) : '',
          ]).commit()
      }
      after = rows.at(-1)?.id ?? after
      if (rows.length < BATCH) break
    }
    ws.commit()
    await wb.commit()
  }
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
  return out
}

import { PassThrough, type Readable } from 'node:stream'
import {
  formatAmount,
  formatDateTime,
  type LanguageCode,
  ORDER_EXPORT_COLUMNS,
  ORDER_EXPORT_WORDS,
  type OrderView,
} from '@app/core'
import ExcelJS from 'exceljs'

/**
 * The orders as an XLSX file, written row by row by exceljs's streaming writer into the stream
 * returned, so the answer starts before the file is complete.
 */
export function ordersXlsx(orders: OrderView[], lang: LanguageCode, utcOffsetMinutes: number): Readable {
  const out = new PassThrough()
  const words = ORDER_EXPORT_WORDS[lang]
  const write = async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    })
    const ws = wb.addWorksheet(lang === 'zh' ? '订单' : 'Orders')
    ws.addRow([...ORDER_EXPORT_COLUMNS[lang]]).commit()
    for (const o of orders) {
      ws.addRow([
        o.id,
        o.enterpriseAccount,
        o.tenantName,
        words[o.kind],
        words[o.type],
        o.quantity,
        o.days,
        // a refund counts against revenue
        Number(formatAmount(o.type === 'refund' ? -o.amount : o.amount)),
        o.sellerName ?? '',
        o.operatorName,
        o.remark,
        formatDateTime(o.createdAt, utcOffsetMinutes),
      ]).commit()
    }
    ws.commit()
    await wb.commit()
  }
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
  return out
}

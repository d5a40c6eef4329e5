import { PassThrough, type Readable } from 'node:stream'
import {
  type LanguageCode,
  STATS_EXPORT_COLUMNS,
  STATS_EXPORT_SHEETS,
  type StatFigures,
  type StatisticsOverview,
} from '@app/core'
import ExcelJS from 'exceljs'

const seconds = (ms: number | null) => (ms === null ? '' : Math.round(ms / 100) / 10)
const rate = (r: number | null) => (r === null ? '' : `${Math.round(r * 1000) / 10}%`)

function line(label: string, f: StatFigures): (string | number)[] {
  return [
    label,
    f.messagesIn,
    f.messagesOut,
    f.newFans,
    f.sessionsOpened,
    f.turns,
    f.turnsAnswered,
    f.turnsUnanswered,
    rate(f.replyRate),
    seconds(f.p50Ms),
    seconds(f.p90Ms),
    f.breaches,
  ]
}

/**
 * The overview as an XLSX file: one sheet per day, account and agent, each with the same columns
 * (core STATS_EXPORT_COLUMNS), written by exceljs's streaming writer into the stream returned.
 * The overview is already summed from the rollups, so its size is bounded by the range's lines.
 */
export function overviewXlsx(o: StatisticsOverview, lang: LanguageCode): Readable {
  const out = new PassThrough()
  const sheets = STATS_EXPORT_SHEETS[lang]
  const write = async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    })
    const parts: [string, [string, StatFigures][]][] = [
      [sheets.days, o.days.map((d) => [d.day, d])],
      [sheets.accounts, o.accounts.map((a) => [a.phone ?? `#${a.accountId}`, a])],
      [sheets.agents, o.agents.map((a) => [a.agentId === 0 ? sheets.noAgent : a.name || `#${a.agentId}`, a])],
    ]
    for (const [name, rows] of parts) {
      const ws = wb.addWorksheet(name)
      ws.addRow([...STATS_EXPORT_COLUMNS[lang]]).commit()
      for (const [label, f] of rows) ws.addRow(line(label, f)).commit()
      ws.addRow(line(sheets.total, o.totals)).commit()
      ws.commit()
    }
    await wb.commit()
  }
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
  return out
}

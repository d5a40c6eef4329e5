import { FAN_IMPORT_BATCH_MAX } from '@app/core'
import Papa from 'papaparse'

/** Largest import file read in the browser. */
export const FAN_IMPORT_FILE_MAX_KB = 512

/** The lines of a pasted list: one phone a line, blank lines left out. */
export function linesOfText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
}

/**
 * The phones of a CSV file: each row's first non-empty cell; a first row without a digit is its
 * header and is left out.
 */
export function linesOfCsv(text: string): string[] {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' })
  const cells = parsed.data
    .map((row) => row.map((c) => String(c ?? '').trim()).find(Boolean) ?? '')
    .filter(Boolean)
  return cells.length && !/\d/.test(cells[0] as string) ? cells.slice(1) : cells
}

/** What is wrong with a file before it is read, as a translation key of fans.import, or null. */
export function importFileProblem(file: { name: string; size: number }): 'fileType' | 'fileTooLarge' | null {
  if (!/\.(txt|csv)$/i.test(file.name)) return 'fileType'
  if (file.size > FAN_IMPORT_FILE_MAX_KB * 1024) return 'fileTooLarge'
  return null
}

/** The lines in the batches the server takes, in order. */
export function importBatches(lines: string[], size = FAN_IMPORT_BATCH_MAX): string[][] {
  const out: string[][] = []
  for (let i = 0; i < lines.length; i += size) out.push(lines.slice(i, i + size))
  return out
}

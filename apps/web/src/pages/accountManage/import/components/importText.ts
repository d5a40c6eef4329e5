import { ACCOUNT_IMPORT_MAX_LINES } from '@app/core'

/** Largest file read in the browser: 500 lines of `phone,proxy` fit many times over. */
const IMPORT_FILE_MAX_BYTES = 512 * 1024
/** The server's cap on the whole text (ACCOUNT_IMPORT_MAX_LINES lines of up to 320 characters). */
export const IMPORT_TEXT_MAX = ACCOUNT_IMPORT_MAX_LINES * 320

/** Lines that hold something; blank lines are skipped by the server too. */
export const countLines = (text: string) => text.split(/\r?\n/).filter((l) => l.trim()).length

/** What is wrong with the text as a whole, as an i18n key, or null. Lines are checked by the server. */
export function importTextProblem(text: string | undefined): 'importEmpty' | 'importTooMany' | null {
  const lines = countLines(text ?? '')
  if (lines === 0) return 'importEmpty'
  if (lines > ACCOUNT_IMPORT_MAX_LINES || (text ?? '').length > IMPORT_TEXT_MAX) return 'importTooMany'
  return null
}

/** A file the import reads: .txt or .csv, not too large. */
export function fileProblem(file: File): 'importFileType' | 'importFileTooLarge' | null {
  if (!/\.(txt|csv)$/i.test(file.name)) return 'importFileType'
  if (file.size > IMPORT_FILE_MAX_BYTES) return 'importFileTooLarge'
  return null
}

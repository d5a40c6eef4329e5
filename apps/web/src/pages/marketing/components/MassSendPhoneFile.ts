import { MASS_SEND_PHONES_MAX, type PhoneListResult, parsePhoneLines, UPLOAD_MAX_BYTES } from '@app/core'
import Papa from 'papaparse'
import { parsePhoneFile } from '../../../api/massSend'

/** A CSV or TXT file of 100,000 numbers is about 2 MB; room for columns beside them. */
const PHONE_TEXT_FILE_MAX_BYTES = 20 * 1024 * 1024
/** An XLSX file goes to the server's reader, under the upload limit. */
const PHONE_XLSX_FILE_MAX_BYTES = UPLOAD_MAX_BYTES

type PhoneFileKind = 'text' | 'xlsx'

/** How a file is read, by its name; null for a type the list does not take. */
function phoneFileKind(name: string): PhoneFileKind | null {
  if (/\.(csv|txt)$/i.test(name)) return 'text'
  if (/\.xlsx$/i.test(name)) return 'xlsx'
  return null
}

/** What is wrong with a file before it is read, as a key of massSend.phones, or null. */
export function phoneFileProblem(file: { name: string; size: number }): 'fileType' | 'fileTooLarge' | null {
  const kind = phoneFileKind(file.name)
  if (!kind) return 'fileType'
  const max = kind === 'xlsx' ? PHONE_XLSX_FILE_MAX_BYTES : PHONE_TEXT_FILE_MAX_BYTES
  return file.size > max ? 'fileTooLarge' : null
}

/** A pasted list, read by the same rule the server reads a file with. */
export function parsePhoneText(text: string): PhoneListResult {
  return parsePhoneLines(text.split(/\r\n|\r|\n/))
}

/**
 * A CSV or TXT file read in the browser in chunks (papaparse), each row's first cell one line, so a
 * line number is the file's; `onProgress` hears the share read so far.
 */
function readPhoneTextFile(file: File, onProgress: (fraction: number) => void): Promise<PhoneListResult> {
  return new Promise((resolve, reject) => {
    const cells: string[] = []
    Papa.parse<string[]>(file, {
      skipEmptyLines: false,
      chunkSize: 256 * 1024,
      chunk: (results) => {
        for (const row of results.data) cells.push(String(row[0] ?? ''))
        onProgress(file.size ? Math.min(1, results.meta.cursor / file.size) : 1)
      },
      complete: () => resolve(parsePhoneLines(cells)),
      error: (err) => reject(err),
    })
  })
}

/** Any phone file: CSV and TXT in the browser, XLSX on the server (its upload is the progress). */
export function readPhoneFile(file: File, onProgress: (fraction: number) => void): Promise<PhoneListResult> {
  return phoneFileKind(file.name) === 'xlsx'
    ? parsePhoneFile(file, file.name, onProgress)
    : readPhoneTextFile(file, onProgress)
}

/** More numbers than one task takes. */
export const tooManyPhones = (r: PhoneListResult | null | undefined) =>
  (r?.phones.length ?? 0) > MASS_SEND_PHONES_MAX

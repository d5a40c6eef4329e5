import { ErrorCode, MASS_SEND_PHONES_MAX, type PhoneListResult, parsePhoneLines } from '@app/core'
import ExcelJS from 'exceljs'
import type { FastifyRequest } from 'fastify'
import { AppError, badRequest } from '../../http/errors.js'

/** Invalid lines listed back at most (the count of the rest is still right in `lines`). */
const INVALID_SHOWN = 1_000
/** Lines read from one file: more than a full task's numbers with room for bad lines. */
const LINES_MAX = MASS_SEND_PHONES_MAX * 2

/** The uploaded file's first file part. */
async function readFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError(ErrorCode.uploadMissing)
  let file: Buffer | null = null
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer()
      file ??= buffer
    }
  }
  if (!file || file.length === 0) throw new AppError(ErrorCode.uploadMissing)
  return file
}

/** The first column of the first sheet, one line per row (row numbers kept, so a line number is the row's). */
async function xlsxLines(buffer: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook()
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer)
  } catch {
    throw new AppError(ErrorCode.massSendFileUnreadable)
  }
  const sheet = wb.worksheets[0]
  if (!sheet) return []
  const lines: string[] = []
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    if (n > LINES_MAX) return
    const v = row.getCell(1).value
    const text =
      v === null || v === undefined
        ? ''
        : typeof v === 'object'
          ? 'text' in v
            ? String(v.text)
            : ''
          : String(v)
    lines[n - 1] = text
  })
  return Array.from(lines, (l) => l ?? '')
}

/**
 * A phone list from an uploaded CSV, TXT or XLSX file (the first column), read by the same rule
 * as a paste: deduplicated, invalid lines reported with their line number.
 */
export async function parsePhoneFile(req: FastifyRequest): Promise<PhoneListResult> {
  const buffer = await readFile(req)
  // an XLSX file is a zip: it starts with PK\x03\x04
  const isZip = buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50
  const lines = isZip
    ? await xlsxLines(buffer)
    : buffer
        .toString('utf8')
        .split(/\r\n|\r|\n/)
        .slice(0, LINES_MAX)
  if (!isZip && buffer.includes(0)) throw new AppError(ErrorCode.massSendFileUnreadable)
  const result = parsePhoneLines(lines)
  if (result.phones.length > MASS_SEND_PHONES_MAX) throw badRequest('massSend.phonesTooMany')
  return { ...result, invalid: result.invalid.slice(0, INVALID_SHOWN) }
}

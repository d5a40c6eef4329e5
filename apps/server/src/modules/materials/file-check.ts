import { type MaterialUsageValue, materialFileVerdict, type UploadTypeValue } from '@app/core'
import { AppError, badRequest } from '../../http/errors.js'

export interface CheckedFile {
  mime: string
  width: number | null
  height: number | null
}

/**
 * Check a file for a material of `type` from its bytes, by the rule shared with the browser
 * (`materialFileVerdict` of packages/core): size at most 10 MB, format allowed for the type, no
 * programs, and an avatar at least 300x300. `bytes` is the whole file; throws the catalogue
 * error a user can act on.
 */
export function checkMaterialFile(
  type: UploadTypeValue,
  usage: MaterialUsageValue,
  bytes: Uint8Array,
  size = bytes.length,
): CheckedFile {
  const verdict = materialFileVerdict(type, usage, bytes, size)
  if (verdict.ok) return { mime: verdict.mime, width: verdict.width, height: verdict.height }
  if ('validation' in verdict) throw badRequest(verdict.validation)
  throw new AppError(verdict.code, verdict.params ? { params: verdict.params } : {})
}

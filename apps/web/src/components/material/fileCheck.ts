import {
  errorMessage,
  type MaterialUsageValue,
  materialFileVerdict,
  UPLOAD_MAX_BYTES,
  type UploadTypeValue,
} from '@app/core'
import { currentLanguage, validationText } from '../../i18n'

/** Images over this size are compressed in the browser before uploading (spec §5 "Uploads"). */
export const IMAGE_COMPRESS_OVER_BYTES = 2 * 1024 * 1024

export type FileCheck =
  | { ok: true; mime: string; width: number | null; height: number | null }
  | { ok: false; message: string }

/**
 * The server's checks of a material file (`materialFileVerdict` of packages/core, the same rule the
 * server applies), run before uploading so the user learns at once, in the server's words. Of a file
 * over the limit only the first bytes are read: its size alone refuses it.
 */
export async function checkMaterialUpload(
  file: Blob,
  type: UploadTypeValue,
  usage: MaterialUsageValue,
): Promise<FileCheck> {
  const readable = file.size > UPLOAD_MAX_BYTES ? file.slice(0, 16) : file
  const bytes = new Uint8Array(await readable.arrayBuffer())
  const verdict = materialFileVerdict(type, usage, bytes, file.size)
  if (verdict.ok) return verdict
  if ('validation' in verdict) return { ok: false, message: validationText(verdict.validation) }
  return { ok: false, message: errorMessage(verdict.code, currentLanguage(), verdict.params) }
}

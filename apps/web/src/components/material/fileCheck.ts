import {
  AVATAR_MIN_PX,
  ErrorCode,
  type ErrorCodeValue,
  errorMessage,
  type MaterialUsageValue,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  type UploadTypeValue,
} from '@app/core'
import { currentLanguage, validationText } from '../../i18n'
import { imageSize, isExecutable, sniffMime } from './fileBytes'

/** How each upload type's accepted formats are named in messages (as the server names them). */
const ACCEPT_NAMES: Record<UploadTypeValue, string> = {
  image: 'jpg/jpeg/png',
  gif: 'gif/mp4',
  video: 'mp4',
  voice: 'mp3/ogg',
  file: '',
}

/** Images over this size are compressed in the browser before uploading (spec §5 "Uploads"). */
export const IMAGE_COMPRESS_OVER_BYTES = 2 * 1024 * 1024

export type FileCheck =
  | { ok: true; mime: string; width: number | null; height: number | null }
  | { ok: false; message: string }

const refuse = (code: ErrorCodeValue, params?: Record<string, string | number>): FileCheck => ({
  ok: false,
  message: errorMessage(code, currentLanguage(), params),
})

/**
 * The server's checks of a material file, run before uploading so the user learns at once:
 * present, at most 10 MB, no program, a format the type accepts (read from the bytes), a readable
 * image, and an avatar at least 300x300. The messages are the server's.
 */
export async function checkMaterialUpload(
  file: Blob,
  type: UploadTypeValue,
  usage: MaterialUsageValue,
): Promise<FileCheck> {
  if (usage === 'nickname' || (usage === 'avatar' && type !== 'image'))
    return { ok: false, message: validationText('material.usageType') }
  if (file.size === 0) return refuse(ErrorCode.uploadMissing)
  if (file.size > UPLOAD_MAX_BYTES) return refuse(ErrorCode.uploadTooLarge)
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (isExecutable(bytes)) return refuse(ErrorCode.uploadExecutable)
  const mime = sniffMime(bytes.subarray(0, 16))
  const accept = UPLOAD_ACCEPT[type]
  if (accept.length > 0 && !accept.includes(mime))
    return refuse(ErrorCode.uploadTypeMismatch, { accept: ACCEPT_NAMES[type] })
  if (!mime.startsWith('image/')) return { ok: true, mime, width: null, height: null }
  const dims = imageSize(bytes, mime)
  if (!dims) {
    if (type === 'image') return refuse(ErrorCode.imageUnreadable)
    return { ok: true, mime, width: null, height: null }
  }
  if (usage === 'avatar' && (dims.width < AVATAR_MIN_PX || dims.height < AVATAR_MIN_PX))
    return refuse(ErrorCode.avatarTooSmall, { width: dims.width, height: dims.height })
  return { ok: true, mime, width: dims.width, height: dims.height }
}

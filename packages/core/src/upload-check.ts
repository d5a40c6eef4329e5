import {
  AVATAR_MIN_PX,
  type MaterialUsageValue,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  type UploadTypeValue,
} from './api/materials.js'
import { ErrorCode, type ErrorCodeValue } from './errors.js'
import { imageSize, isExecutable, sniffFileType } from './upload-bytes.js'
import type { ValidationKey } from './validation.js'

/** How each upload type's accepted formats are named in messages. */
export const UPLOAD_ACCEPT_NAMES: Record<UploadTypeValue, string> = {
  image: 'jpg/jpeg/png',
  gif: 'gif/mp4',
  video: 'mp4',
  voice: 'mp3/ogg',
  file: '',
}

export type MaterialFileVerdict =
  | { ok: true; mime: string; width: number | null; height: number | null }
  /** a catalogue error the user can act on */
  | { ok: false; code: ErrorCodeValue; params?: Record<string, string | number> }
  /** a request that asks for what the usage never holds */
  | { ok: false; validation: ValidationKey }

const refuse = (code: ErrorCodeValue, params?: Record<string, string | number>): MaterialFileVerdict =>
  params ? { ok: false, code, params } : { ok: false, code }

/**
 * Whether a file may become a material of `type` and `usage`, from its bytes: at most 10 MB, no
 * program, a format the type accepts, a readable image where the image is what is sent, and an
 * avatar at least 300x300 (chat images have no minimum, product-decisions). The server decides
 * with it; the browser asks it first so the user learns before uploading. `bytes` is the whole
 * file, or its first bytes when `size` says the file is larger than the limit.
 */
export function materialFileVerdict(
  type: UploadTypeValue,
  usage: MaterialUsageValue,
  bytes: Uint8Array,
  size = bytes.length,
): MaterialFileVerdict {
  if (usage === 'nickname' || (usage === 'avatar' && type !== 'image'))
    return { ok: false, validation: 'material.usageType' }
  if (size === 0) return refuse(ErrorCode.uploadMissing)
  if (size > UPLOAD_MAX_BYTES) return refuse(ErrorCode.uploadTooLarge)
  if (isExecutable(bytes)) return refuse(ErrorCode.uploadExecutable)
  const { mime } = sniffFileType(bytes.subarray(0, 16))
  const accept = UPLOAD_ACCEPT[type]
  if (accept.length > 0 && !accept.includes(mime))
    return refuse(ErrorCode.uploadTypeMismatch, { accept: UPLOAD_ACCEPT_NAMES[type] })
  if (!mime.startsWith('image/')) return { ok: true, mime, width: null, height: null }
  const dims = imageSize(bytes, mime)
  if (!dims) {
    // a file that merely starts like an image is refused where the image's size matters
    if (type === 'image') return refuse(ErrorCode.imageUnreadable)
    return { ok: true, mime, width: null, height: null }
  }
  if (usage === 'avatar' && (dims.width < AVATAR_MIN_PX || dims.height < AVATAR_MIN_PX))
    return refuse(ErrorCode.avatarTooSmall, { width: dims.width, height: dims.height })
  return { ok: true, mime, width: dims.width, height: dims.height }
}

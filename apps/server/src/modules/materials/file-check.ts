import {
  AVATAR_MIN_PX,
  ErrorCode,
  type MaterialUsageValue,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  type UploadTypeValue,
} from '@app/core'
import { AppError, badRequest } from '../../http/errors.js'
import { sniffMime } from '../messages/media.store.js'
import { imageSize } from './image-size.js'

/** How each upload type's accepted formats are named in messages. */
const ACCEPT_NAMES: Record<UploadTypeValue, string> = {
  image: 'jpg/jpeg/png',
  gif: 'gif/mp4',
  video: 'mp4',
  voice: 'mp3/ogg',
  file: '',
}

export interface CheckedFile {
  mime: string
  width: number | null
  height: number | null
}

/** Windows PE, ELF and Mach-O programs, by their first bytes. */
export function isExecutable(head: Buffer): boolean {
  if (head.length < 4) return false
  if (head[0] === 0x4d && head[1] === 0x5a) return true
  if (head.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) return true
  const magic = head.readUInt32BE(0)
  return [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(magic)
}

/**
 * Check a file for a material of `type` from its bytes (the name and the browser's claimed type are
 * not trusted): size at most 10 MB, format allowed for the type, no programs, and an avatar at least
 * 300x300. `bytes` is the whole file; throws the catalogue error a user can act on.
 */
export function checkMaterialFile(
  type: UploadTypeValue,
  usage: MaterialUsageValue,
  bytes: Buffer,
  size = bytes.length,
): CheckedFile {
  if (usage === 'avatar' && type !== 'image') throw badRequest('material.usageType')
  if (usage === 'nickname') throw badRequest('material.usageType')
  if (size === 0) throw new AppError(ErrorCode.uploadMissing)
  if (size > UPLOAD_MAX_BYTES) throw new AppError(ErrorCode.uploadTooLarge)
  if (isExecutable(bytes)) throw new AppError(ErrorCode.uploadExecutable)
  const { mime } = sniffMime(bytes.subarray(0, 16))
  const accept = UPLOAD_ACCEPT[type]
  if (accept.length > 0 && !accept.includes(mime)) {
    throw new AppError(ErrorCode.uploadTypeMismatch, { params: { accept: ACCEPT_NAMES[type] } })
  }
  if (!mime.startsWith('image/')) return { mime, width: null, height: null }
  const dims = imageSize(bytes, mime)
  if (!dims) {
    // a file that merely starts like an image is refused where the image's size matters
    if (type === 'image') throw new AppError(ErrorCode.imageUnreadable)
    return { mime, width: null, height: null }
  }
  if (usage === 'avatar' && (dims.width < AVATAR_MIN_PX || dims.height < AVATAR_MIN_PX)) {
    throw new AppError(ErrorCode.avatarTooSmall, { params: { width: dims.width, height: dims.height } })
  }
  return { mime, width: dims.width, height: dims.height }
}

import {
  ChatFileType,
  ChatUploadType,
  type ChatUploadTypeValue,
  UPLOAD_ACCEPT,
  UPLOAD_BATCH_MAX,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  type UploadTypeValue,
  VOICE_MAX_SECONDS,
} from '@app/core'

/**
 * The chat's upload limits, the same as the server's (spec §5 "Uploads", product-decisions):
 * every file at most 10 MB, at most 8 files per pick; images jpg/jpeg/png, compressed in the
 * browser when over 2 MB (chat images have no minimum size: the 300×300 rule is the avatars');
 * GIF (sent as a looping video), video mp4, voice mp3/ogg with a readable duration of at most
 * VOICE_MAX_SECONDS, files of any type.
 */
export type UploadKind = UploadTypeValue

export const UPLOAD_KINDS: readonly UploadKind[] = ['image', 'gif', 'video', 'voice', 'file']

export const MAX_UPLOAD_BYTES = UPLOAD_MAX_BYTES
export const MAX_FILES_PER_PICK = UPLOAD_BATCH_MAX
/** Images above this size are compressed in the browser before they are sent. */
export const COMPRESS_OVER_BYTES = 2 * 1024 * 1024
/** The duration of an audio file is asked for this often… */
export const AUDIO_PROBE_INTERVAL_MS = 200
/** …this many times (10 s) before the file is called damaged. */
export const AUDIO_PROBE_TRIES = 50
export const MAX_VOICE_SECONDS = VOICE_MAX_SECONDS

/** What a file picker of each kind offers (`accept`); '' offers everything. */
export const ACCEPT: Record<UploadKind, string> = UPLOAD_EXTENSIONS

/** Message keys (`chat.upload.*`) of what is wrong with a pick or a file. */
export type UploadProblem =
  | 'tooMany'
  | 'empty'
  | 'tooLarge'
  | 'wrongType'
  | 'imageUnreadable'
  | 'compressFailed'
  | 'audioDamaged'
  | 'voiceTooLong'

interface FileLike {
  name: string
  size: number
  type: string
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot).toLowerCase()
}

/** One pick holds at most 8 files. */
export function checkBatch(count: number): UploadProblem | null {
  return count > MAX_FILES_PER_PICK ? 'tooMany' : null
}

/**
 * The checks that need no decoding: not empty, at most 10 MB, and of the kind's types (by
 * extension or by the browser's type).
 */
export function checkFile(kind: UploadKind, file: FileLike): UploadProblem | null {
  if (file.size === 0) return 'empty'
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge'
  if (kind === 'file') return null
  const extensions = ACCEPT[kind].split(',')
  if (extensions.includes(extensionOf(file.name))) return null
  return UPLOAD_ACCEPT[kind].includes(file.type.toLowerCase()) ? null : 'wrongType'
}

/** An image is compressed when it is over 2 MB. */
export const needsCompression = (kind: UploadKind, size: number): boolean =>
  kind === 'image' && size > COMPRESS_OVER_BYTES

/** A decoded image must have a size; chat images have no minimum. */
export function checkImageSize(width: number, height: number): UploadProblem | null {
  return width > 0 && height > 0 ? null : 'imageUnreadable'
}

/** A voice message needs a known duration of at most VOICE_MAX_SECONDS. */
export function checkVoiceSeconds(seconds: number | null): UploadProblem | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return 'audioDamaged'
  return seconds > MAX_VOICE_SECONDS ? 'voiceTooLong' : null
}

/** chatType and fileType of the upload call for each kind. */
export function uploadTypeOf(kind: UploadKind): { chatType: ChatUploadTypeValue; fileType?: 7 | 8 } {
  switch (kind) {
    case 'image':
      return { chatType: ChatUploadType.image, fileType: ChatFileType.image }
    case 'gif':
      return { chatType: ChatUploadType.image, fileType: ChatFileType.gif }
    case 'video':
      return { chatType: ChatUploadType.video }
    case 'voice':
      return { chatType: ChatUploadType.voice }
    default:
      return { chatType: ChatUploadType.file }
  }
}

/** The largest side a compressed image keeps; bigger ones are scaled down, keeping the aspect ratio. */
export const COMPRESS_MAX_SIDE = 2560

/** The size an image is drawn at to compress it: the aspect ratio is kept. */
export function scaledSize(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  const side = Math.max(width, height)
  if (side <= maxSide) return { width, height }
  const ratio = maxSide / side
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) }
}

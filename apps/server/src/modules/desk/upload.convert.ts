import {
  ChatFileType,
  type ChatUploadFields,
  ChatUploadType,
  ErrorCode,
  type ErrorCodeValue,
  sniffFileType,
  UPLOAD_MAX_BYTES,
} from '@app/core'
import { AppError } from '../../http/errors.js'
import { ConversionUnavailableError, gifToMp4, webmToOgg } from '../../media/convert.js'

/**
 * What the browser cannot produce itself is converted here before the usual checks: a GIF picked
 * as an image (fileType 7) becomes an MP4 (WhatsApp shows it as a looping GIF), and a voice note
 * recorded in the browser (WebM/Opus) becomes Ogg/Opus, WhatsApp's voice-note format. Anything
 * else passes through untouched.
 */
export async function convertForWhatsApp(fields: ChatUploadFields, bytes: Buffer): Promise<Buffer> {
  const { mime } = sniffFileType(bytes.subarray(0, 16))
  const gif = fields.chatType === ChatUploadType.image && fields.fileType === ChatFileType.gif
  if (gif && mime === 'image/gif') return convert(() => gifToMp4(bytes), ErrorCode.imageUnreadable)
  if (fields.chatType === ChatUploadType.voice && mime === 'video/webm')
    return convert(() => webmToOgg(bytes), ErrorCode.audioDamaged)
  return bytes
}

async function convert(run: () => Promise<Buffer>, unreadable: ErrorCodeValue): Promise<Buffer> {
  let out: Buffer
  try {
    out = await run()
  } catch (err) {
    if (err instanceof ConversionUnavailableError) throw new AppError(ErrorCode.mediaConverterMissing)
    throw new AppError(unreadable)
  }
  if (out.length > UPLOAD_MAX_BYTES) throw new AppError(ErrorCode.uploadTooLarge)
  return out
}

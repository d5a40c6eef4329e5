import {
  ChatFileType,
  type ChatUploadFields,
  ChatUploadType,
  ErrorCode,
  imageSize,
  isExecutable,
  type OutboundContentInput,
  sniffFileType,
  UPLOAD_MAX_BYTES,
  VOICE_MAX_SECONDS,
} from '@app/core'
import { AppError } from '../../http/errors.js'
import { audioSeconds } from './audio-duration.js'

type MediaContent = Extract<OutboundContentInput, { mediaId: number }>

/** What a checked chat file is sent as: the outbox content without its media id yet. */
export interface CheckedChatFile {
  mime: string
  content: Omit<MediaContent, 'mediaId'>
}

const mismatch = (type: string, accept: string) =>
  new AppError(ErrorCode.uploadTypeMismatch, { params: { type, accept } })

/**
 * Check a chat upload from its bytes (the name and the browser's type are not trusted):
 * 8 image: jpg/png whose size can be read (fileType 7: the MP4 the browser made of a GIF, sent as a
 * looping video; chat images have no minimum size, product-decisions); 9 video: mp4;
 * 10 voice: mp3 or ogg whose duration can be read (damaged audio is refused), at most 30 minutes;
 * 11 file: anything but a program. Every file at most 10 MB.
 */
export function checkChatFile(fields: ChatUploadFields, bytes: Buffer, fileName: string): CheckedChatFile {
  if (bytes.length === 0) throw new AppError(ErrorCode.uploadMissing)
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError(ErrorCode.uploadTooLarge)
  const { mime } = sniffFileType(bytes.subarray(0, 16))
  const caption = fields.caption ? { caption: fields.caption } : {}
  switch (fields.chatType) {
    case ChatUploadType.image: {
      if (fields.fileType === ChatFileType.gif) {
        if (mime !== 'video/mp4') throw mismatch('gif', 'mp4')
        return { mime, content: { type: 'video', gif: true, ...caption } }
      }
      if (mime !== 'image/jpeg' && mime !== 'image/png') throw mismatch('image', 'jpg/jpeg/png')
      if (!imageSize(bytes, mime)) throw new AppError(ErrorCode.imageUnreadable)
      return { mime, content: { type: 'image', ...caption } }
    }
    case ChatUploadType.video:
      if (mime !== 'video/mp4') throw mismatch('video', 'mp4')
      return { mime, content: { type: 'video', ...caption } }
    case ChatUploadType.voice: {
      if (mime !== 'audio/mpeg' && mime !== 'audio/ogg') throw mismatch('voice', 'mp3/ogg')
      const seconds = audioSeconds(bytes, mime)
      if (seconds === null || !Number.isFinite(seconds)) throw new AppError(ErrorCode.audioDamaged)
      if (seconds > VOICE_MAX_SECONDS) throw new AppError(ErrorCode.voiceTooLong)
      // WhatsApp plays Ogg Opus as a voice note; an mp3 goes as an audio file
      return { mime, content: { type: 'audio', voiceNote: mime === 'audio/ogg' } }
    }
    default:
      if (isExecutable(bytes)) throw new AppError(ErrorCode.uploadExecutable)
      return { mime, content: { type: 'document', fileName: safeFileName(fileName), ...caption } }
  }
}

/** The name the customer sees: no path, no control characters, at most 200 characters. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return (clean || 'file').slice(0, 200)
}

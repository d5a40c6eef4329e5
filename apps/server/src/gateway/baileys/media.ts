import type { Readable } from 'node:stream'
import { downloadMediaMessage, type proto, type WAMessage, type WAMessageKey } from 'baileys'
import type { Logger } from 'pino'
import { GatewayError } from '../errors.js'
import { deserialize, serialize } from './auth-state.js'

const PREFIX = 'wa1.'
type MediaContentType =
  | 'imageMessage'
  | 'videoMessage'
  | 'audioMessage'
  | 'documentMessage'
  | 'stickerMessage'
  | 'ptvMessage'

interface HandleData {
  key: WAMessageKey
  type: MediaContentType
  mediaKey?: Uint8Array | null
  directPath?: string | null
}

/**
 * A storable media handle: just what a download (and a re-upload request, when WhatsApp has
 * dropped the file) needs — the message key, the content type, the media key and direct path.
 */
export function encodeMediaHandle(
  key: WAMessageKey,
  type: MediaContentType,
  media: { mediaKey?: Uint8Array | null; directPath?: string | null },
): string {
  const data: HandleData = {
    key: { remoteJid: key.remoteJid, id: key.id, fromMe: key.fromMe, participant: key.participant },
    type,
    mediaKey: media.mediaKey ? Buffer.from(media.mediaKey) : null,
    directPath: media.directPath,
  }
  return PREFIX + Buffer.from(serialize(data)).toString('base64url')
}

export function decodeMediaHandle(handle: string): WAMessage {
  if (!handle.startsWith(PREFIX)) throw new GatewayError('not_found', 'not a WhatsApp media handle')
  let data: HandleData
  try {
    data = deserialize(Buffer.from(handle.slice(PREFIX.length), 'base64url').toString('utf8')) as HandleData
  } catch {
    throw new GatewayError('not_found', 'unreadable media handle')
  }
  if (!data?.key || !data.type) throw new GatewayError('not_found', 'unreadable media handle')
  const content = { mediaKey: data.mediaKey, directPath: data.directPath, url: null }
  const message: proto.IMessage = { [data.type]: content }
  return { key: data.key, message }
}

export interface DownloadContext {
  /** RequestInit for Baileys' fetch (carries the proxy dispatcher) */
  fetchOptions?: RequestInit
  reuploadRequest?: (msg: WAMessage) => Promise<WAMessage>
  logger: Logger
}

/** Download and decrypt; asks the phone to re-upload when WhatsApp answers 404/410. */
export async function downloadMedia(handle: string, ctx: DownloadContext): Promise<Readable> {
  const msg = decodeMediaHandle(handle)
  try {
    return await downloadMediaMessage(
      msg,
      'stream',
      { options: ctx.fetchOptions },
      ctx.reuploadRequest ? { reuploadRequest: ctx.reuploadRequest, logger: ctx.logger } : undefined,
    )
  } catch (e) {
    throw new GatewayError('media_unavailable', e instanceof Error ? e.message : String(e), { cause: e })
  }
}

import type { Readable } from 'node:stream'
import { downloadMediaMessage, type proto, type WAMessage, type WAMessageKey } from 'baileys'
import type { Logger } from 'pino'
import { GatewayError } from '../errors.js'
import { deserialize, serialize } from './auth-state.js'
import type { MediaPath } from './message-store.js'

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

/** The id of the message a handle's media came with (undefined for a handle that is not ours). */
export function mediaMessageId(handle: string): string | undefined {
  try {
    return decodeMediaHandle(handle).key.id ?? undefined
  } catch {
    return undefined
  }
}

export interface DownloadContext {
  /** RequestInit for Baileys' fetch (carries the proxy dispatcher) */
  fetchOptions?: RequestInit
  reuploadRequest?: (msg: WAMessage) => Promise<WAMessage>
  /** where the file lives since an earlier re-upload (the handle keeps the original path) */
  movedTo?: MediaPath
  /** the phone re-uploaded the file: keep its new path, so the next download starts there */
  onMoved?: (id: string | null | undefined, path: MediaPath) => Promise<void>
  logger: Logger
}

/** The media part of a message made by `decodeMediaHandle` (or updated by a re-upload). */
function mediaOf(msg: WAMessage): { directPath?: string | null; url?: string | null } | undefined {
  const content = msg.message ? Object.values(msg.message)[0] : undefined
  return content && typeof content === 'object' ? (content as { directPath?: string | null }) : undefined
}

/** WhatsApp's media servers answer these once a file has aged out: the phone must upload it again. */
const REUPLOAD_STATUS = [404, 410]

function httpStatusOf(e: unknown): number | undefined {
  const err = e as { status?: unknown; output?: { statusCode?: unknown } } | undefined
  const status = err?.output?.statusCode ?? err?.status
  return typeof status === 'number' ? status : undefined
}

/**
 * Download and decrypt; when WhatsApp answers 404/410, ask the phone to re-upload, keep the new
 * path (the handle keeps the old one) and download from there. Baileys 7.0.0-rc14 has this step
 * behind `ctx.reuploadRequest` but never reaches it: it looks for `error.status` on the Boom its
 * fetch throws, whose status is `output.statusCode`.
 */
export async function downloadMedia(handle: string, ctx: DownloadContext): Promise<Readable> {
  const msg = decodeMediaHandle(handle)
  const media = mediaOf(msg)
  if (media && ctx.movedTo?.directPath) {
    media.directPath = ctx.movedTo.directPath
    media.url = ctx.movedTo.url ?? null
  }
  const fetchFrom = (m: WAMessage) => downloadMediaMessage(m, 'stream', { options: ctx.fetchOptions })
  try {
    try {
      return await fetchFrom(msg)
    } catch (e) {
      const status = httpStatusOf(e)
      if (!ctx.reuploadRequest || status === undefined || !REUPLOAD_STATUS.includes(status)) throw e
      ctx.logger.info(
        { key: msg.key, status },
        'media gone from WhatsApp: asking the phone to upload it again',
      )
      const updated = await ctx.reuploadRequest(msg)
      const moved = mediaOf(updated)
      if (moved?.directPath)
        await ctx.onMoved?.(msg.key.id, {
          directPath: moved.directPath,
          ...(moved.url ? { url: moved.url } : {}),
        })
      return await fetchFrom(updated)
    }
  } catch (e) {
    throw new GatewayError('media_unavailable', e instanceof Error ? e.message : String(e), { cause: e })
  }
}

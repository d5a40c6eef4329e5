import type {
  AnyMessageContent,
  MiscMessageGenerationOptions,
  WAMediaUpload,
  WAMessage,
  WAMessageKey,
} from 'baileys'
import { GatewayError } from '../errors.js'
import type {
  MediaInput,
  MessageRef,
  OutboundContent,
  QuotedRef,
  SendOptions,
  StatusContent,
} from '../messaging-gateway.js'

export const VOICE_MIMETYPE = 'audio/ogg; codecs=opus'

export function refToKey(ref: MessageRef): WAMessageKey {
  const key: WAMessageKey = { remoteJid: ref.chatId, id: ref.id, fromMe: ref.fromMe }
  if (ref.participant) key.participant = ref.participant
  return key
}

function toUpload(media: MediaInput): WAMediaUpload {
  if ('buffer' in media) return media.buffer
  if ('stream' in media) return { stream: media.stream }
  return { url: media.url }
}

/** A minimal quoted message: Baileys copies its content into contextInfo.quotedMessage. */
export function quotedMessage(q: QuotedRef): WAMessage {
  return { key: refToKey(q), message: { conversation: q.text ?? '' } }
}

/**
 * The product's outbound content as Baileys content: gif = mp4 + gifPlayback, voice = ogg/opus
 * with ptt, reaction = { react }, mentions on text and captioned media.
 */
export function toBaileysContent(content: OutboundContent, mentions?: string[]): AnyMessageContent {
  const m = mentions?.length ? { mentions } : {}
  switch (content.kind) {
    case 'text':
      return { text: content.text, ...m }
    case 'image':
      return { image: toUpload(content.media), caption: content.caption, mimetype: content.mimetype, ...m }
    case 'video':
      return {
        video: toUpload(content.media),
        caption: content.caption,
        gifPlayback: content.gif || undefined,
        mimetype: content.mimetype ?? 'video/mp4',
        ...m,
      }
    case 'audio':
      return content.voiceNote
        ? {
            audio: toUpload(content.media),
            ptt: true,
            mimetype: content.mimetype ?? VOICE_MIMETYPE,
            seconds: content.seconds,
          }
        : {
            audio: toUpload(content.media),
            mimetype: content.mimetype ?? 'audio/mpeg',
            seconds: content.seconds,
          }
    case 'document':
      return {
        document: toUpload(content.media),
        mimetype: content.mimetype,
        fileName: content.fileName,
        caption: content.caption,
      }
    case 'sticker':
      return { sticker: toUpload(content.media), mimetype: content.mimetype ?? 'image/webp' }
    case 'location':
      return {
        location: {
          degreesLatitude: content.latitude,
          degreesLongitude: content.longitude,
          name: content.name,
          address: content.address,
        },
      }
    case 'contacts':
      return {
        contacts: { displayName: content.displayName, contacts: content.vcards.map((vcard) => ({ vcard })) },
      }
    case 'reaction':
      return { react: { text: content.emoji, key: refToKey(content.target) } }
  }
}

export function sendOptions(opts: SendOptions | undefined, messageId: string): MiscMessageGenerationOptions {
  const o: MiscMessageGenerationOptions = { messageId }
  if (opts?.quoted) o.quoted = quotedMessage(opts.quoted)
  return o
}

function statusContent(content: StatusContent): AnyMessageContent {
  return toBaileysContent(content)
}

/** Baileys/Boom failures as GatewayErrors (429 rate-overlimit, 403/401 forbidden, 404 not found, 408 timeout). */
export function toGatewayError(e: unknown): GatewayError {
  if (e instanceof GatewayError) return e
  const err = e as { output?: { statusCode?: number }; message?: string; data?: unknown } | undefined
  const statusCode = err?.output?.statusCode
  const message = err?.message ?? String(e)
  const details = { statusCode, cause: e }
  if (statusCode === 429 || /rate-overlimit/i.test(message))
    return new GatewayError('rate_limited', message, details)
  if (statusCode === 401 || statusCode === 403 || /not-authorized|forbidden/i.test(message))
    return new GatewayError('forbidden', message, details)
  if (statusCode === 404 || /item-not-found/i.test(message))
    return new GatewayError('not_found', message, details)
  if (statusCode === 408 || /timed out/i.test(message)) return new GatewayError('timeout', message, details)
  if (/Connection Closed|not open|Cannot read properties of undefined/i.test(message))
    return new GatewayError('not_connected', message, details)
  return new GatewayError('failed', message, details)
}

import { MessageType, type MessageTypeValue, PREVIEW_MAX, previewOf } from '@app/core'
import { isLidJid, isPnJid, jidToPhone, normalizeJid } from '../../gateway/jid.js'
import type { InboundContent, InboundMessage } from '../../gateway/messaging-gateway.js'
import type { FanIdentity } from '../fans/index.js'
import type { StoredFile } from './media.store.js'

export interface StoredContent {
  type: MessageTypeValue
  body: string
  meta: Record<string, unknown>
  quotedId: string | null
  /** the session's last-message line; null: the message does not move the session (reactions…) */
  preview: string | null
}

const clip = (s: string) => (s.length > PREVIEW_MAX ? `${s.slice(0, PREVIEW_MAX - 1)}…` : s)

/**
 * How an inbound message is stored: type, text, details by type, and its preview line. A media
 * message of an album names the album's header (`meta.albumId`).
 */
export function storedContent(
  c: Exclude<InboundContent, { kind: 'revoke' | 'edit' }>,
  file?: StoredFile,
  mediaError?: string,
  albumId?: string,
): StoredContent {
  switch (c.kind) {
    case 'text':
      return { type: MessageType.text, body: c.text, meta: {}, quotedId: null, preview: clip(c.text) }
    case 'media': {
      const meta: Record<string, unknown> = {
        fileName: c.fileName,
        seconds: c.seconds,
        width: c.width,
        height: c.height,
        voiceNote: c.voiceNote,
        gif: c.gif,
      }
      if (file) Object.assign(meta, { mime: file.mime, size: file.size })
      if (mediaError) meta.mediaError = mediaError
      if (albumId) meta.albumId = albumId
      const body = c.caption ?? ''
      return {
        type: c.media,
        body,
        meta: prune(meta),
        quotedId: null,
        preview: clip(previewOf(c.media, body)),
      }
    }
    case 'location': {
      const meta = prune({ latitude: c.latitude, longitude: c.longitude, name: c.name, address: c.address })
      return {
        type: MessageType.location,
        body: c.name ?? '',
        meta,
        quotedId: null,
        preview: previewOf('location'),
      }
    }
    case 'contacts':
      return {
        type: MessageType.contacts,
        body: c.displayName ?? '',
        meta: { vcards: c.vcards },
        quotedId: null,
        preview: previewOf('contacts'),
      }
    case 'reaction':
      return {
        type: MessageType.reaction,
        body: c.emoji ?? '',
        meta: {},
        quotedId: c.target.id,
        preview: null,
      }
    case 'viewOnce':
      return {
        type: MessageType.viewOnce,
        body: '',
        meta: prune({ media: c.media }),
        quotedId: null,
        preview: previewOf('viewOnce'),
      }
    case 'poll':
      return {
        type: MessageType.poll,
        body: c.question,
        meta: { options: c.options, selectable: c.selectable },
        quotedId: null,
        preview: clip(`${previewOf('poll')} ${c.question}`),
      }
    // lines about the chat, not turns of the conversation: they move neither the session nor its counts
    case 'album':
      return {
        type: MessageType.album,
        body: '',
        meta: { images: c.images, videos: c.videos },
        quotedId: null,
        preview: null,
      }
    case 'pin':
      return {
        type: MessageType.system,
        body: '',
        meta: { event: c.pinned ? 'pinned' : 'unpinned' },
        quotedId: c.target.id,
        preview: null,
      }
    case 'unsupported':
      return {
        type: MessageType.unsupported,
        body: '',
        meta: { type: c.type },
        quotedId: null,
        preview: null,
      }
  }
}

function prune(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
}

/** The contact of a direct chat: keyed by the phone jid when any form of it is known, else the lid. */
export function fanIdentity(m: InboundMessage): FanIdentity {
  const forms = [m.ref.chatId, m.chatAlt, ...(m.ref.fromMe ? [] : [m.sender.pn, m.sender.lid, m.sender.id])]
    .filter((j): j is string => Boolean(j))
    .map(normalizeJid)
  const pn = forms.find(isPnJid)
  const lid = forms.find(isLidJid)
  return {
    jid: pn ?? lid ?? normalizeJid(m.ref.chatId),
    phone: jidToPhone(pn) ?? null,
    lid: lid ?? null,
    pushName: m.ref.fromMe ? '' : (m.sender.pushName ?? ''),
  }
}

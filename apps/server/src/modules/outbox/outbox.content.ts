import fs from 'node:fs'
import { type OutboundContentInput, previewOf } from '@app/core'
import type { Db } from '../../db/index.js'
import type { OutboundContent, QuotedRef } from '../../gateway/messaging-gateway.js'
import type { MediaStore } from '../messages/index.js'

/** What the outbox row stores: the sender's content plus the quote resolved at enqueue time. */
export interface StoredOutbound {
  content: OutboundContentInput
  quoted?: QuotedRef
}

/** The gateway's content for a stored outbound message; media is read from disk on each attempt. */
export async function toGatewayContent(
  db: Db,
  media: MediaStore,
  tenantId: number,
  c: OutboundContentInput,
): Promise<OutboundContent> {
  switch (c.type) {
    case 'text':
      return { kind: 'text', text: c.text }
    case 'location':
      return {
        kind: 'location',
        latitude: c.latitude,
        longitude: c.longitude,
        name: c.name,
        address: c.address,
      }
    case 'contacts':
      return { kind: 'contacts', displayName: c.displayName, vcards: c.vcards }
    default: {
      const file = await media.find(db, tenantId, c.mediaId)
      if (!file) throw new Error(`media ${c.mediaId} is gone`)
      const buffer = await fs.promises.readFile(media.absolute(file.path))
      const m = { buffer }
      if (c.type === 'image') return { kind: 'image', media: m, caption: c.caption, mimetype: file.mime }
      if (c.type === 'video')
        return { kind: 'video', media: m, caption: c.caption, gif: c.gif, mimetype: file.mime }
      if (c.type === 'audio') return { kind: 'audio', media: m, voiceNote: c.voiceNote, mimetype: file.mime }
      if (c.type === 'sticker') return { kind: 'sticker', media: m, mimetype: file.mime }
      return {
        kind: 'document',
        media: m,
        fileName: c.fileName ?? 'file',
        mimetype: file.mime,
        caption: c.caption,
      }
    }
  }
}

/** The stored body and preview of an outbound message. */
export function outboundBody(c: OutboundContentInput): {
  body: string
  meta: Record<string, unknown>
  preview: string
} {
  switch (c.type) {
    case 'text':
      return { body: c.text, meta: {}, preview: c.text }
    case 'location':
      return {
        body: c.name ?? '',
        meta: { latitude: c.latitude, longitude: c.longitude, name: c.name, address: c.address },
        preview: previewOf('location'),
      }
    case 'contacts':
      return { body: c.displayName ?? '', meta: { vcards: c.vcards }, preview: previewOf('contacts') }
    default:
      return {
        body: c.caption ?? '',
        meta: { fileName: c.fileName, gif: c.gif, voiceNote: c.voiceNote },
        preview: previewOf(c.type, c.caption),
      }
  }
}

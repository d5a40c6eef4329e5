import type { MaterialContent, OutboundContentInput } from '@app/core'

/** The longest caption the outbox takes (core outboundContent). */
const CAPTION_MAX = 1024

/** A vCard 3.0 of a contact-card material; `waid` lets WhatsApp offer a chat with the number. */
export function contactVcard(name: string, phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const fn = name.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ')
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${fn}`,
    `TEL;type=CELL;waid=${digits}:+${digits}`,
    'END:VCARD',
  ].join('\n')
}

/**
 * What a material sends as through the outbox. GIFs stored as MP4 play as GIFs (WhatsApp's own
 * form); a GIF file goes as an image. An ogg voice goes as a voice note, an mp3 as audio. An
 * image-text link is its title, text and link as one text (WhatsApp previews the link), or as the
 * cover image's caption when it has a cover and the caption fits.
 */
export function materialToOutbound(content: MaterialContent, mime: string | null): OutboundContentInput {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text }
    case 'image':
      return { type: 'image', mediaId: content.mediaId, ...caption(content.caption) }
    case 'gif':
      return mime === 'video/mp4'
        ? { type: 'video', mediaId: content.mediaId, gif: true, ...caption(content.caption) }
        : { type: 'image', mediaId: content.mediaId, ...caption(content.caption) }
    case 'video':
      return { type: 'video', mediaId: content.mediaId, ...caption(content.caption) }
    case 'voice':
      return { type: 'audio', mediaId: content.mediaId, voiceNote: mime === 'audio/ogg' }
    case 'file':
      return {
        type: 'document',
        mediaId: content.mediaId,
        fileName: content.fileName,
        ...caption(content.caption),
      }
    case 'location':
      return {
        type: 'location',
        latitude: content.latitude,
        longitude: content.longitude,
        ...(content.name ? { name: content.name } : {}),
        ...(content.address ? { address: content.address } : {}),
      }
    case 'card':
      return {
        type: 'contacts',
        displayName: content.contactName,
        vcards: [contactVcard(content.contactName, content.contactPhone)],
      }
    case 'link': {
      const text = [content.title, content.text, content.link].filter((s) => s && s.length > 0).join('\n')
      if (content.mediaId && text.length <= CAPTION_MAX)
        return { type: 'image', mediaId: content.mediaId, caption: text }
      return { type: 'text', text }
    }
  }
}

const caption = (c: string | undefined): { caption?: string } => (c ? { caption: c } : {})

import { type ChatMessageView, type MessageTypeValue, PreviewWord } from '@app/core'
import type { TFunction } from 'i18next'
import { cardsOf } from './vcard'

/** 1.2 MB, 340 KB, 12 B */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** m:ss (or h:mm:ss) */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.round(total))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** The phone number part of a WhatsApp address. */
export const phoneOfJid = (jid: string): string => {
  const user = jid.split('@')[0]?.split(':')[0] ?? ''
  return /^\d+$/.test(user) ? `+${user}` : user
}

export const metaString = (meta: Record<string, unknown>, key: string): string | undefined => {
  const v = meta[key]
  return typeof v === 'string' && v ? v : undefined
}

export const metaNumber = (meta: Record<string, unknown>, key: string): number | undefined => {
  const v = meta[key]
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}

/** What the copy action puts on the clipboard; null when the message has nothing to copy. */
export function copyTextOf(m: Pick<ChatMessageView, 'type' | 'body' | 'meta'>): string | null {
  switch (m.type) {
    case 'location': {
      const lat = metaNumber(m.meta, 'latitude')
      const lng = metaNumber(m.meta, 'longitude')
      const where = lat !== undefined && lng !== undefined ? `${lat},${lng}` : ''
      return [m.body, metaString(m.meta, 'address'), where].filter(Boolean).join('\n') || null
    }
    case 'contacts':
      return (
        cardsOf(m.meta)
          .map((c) => [c.name, ...c.phones].filter(Boolean).join(' '))
          .join('\n') || null
      )
    case 'document':
      return m.body || metaString(m.meta, 'fileName') || null
    case 'poll': {
      const options = Array.isArray(m.meta.options) ? (m.meta.options as unknown[]).map(String) : []
      return [m.body, ...options.map((o) => `- ${o}`)].join('\n') || null
    }
    default:
      return m.body || null
  }
}

/** Types whose words can be translated (their text or caption). */
export const isTranslatable = (type: MessageTypeValue, body: string): boolean =>
  body.trim().length > 0 && type !== 'contacts' && type !== 'location' && type !== 'unsupported'

const URL_RE = /\bhttps?:\/\/[^\s<>"']+/gi

/** Split a text into plain parts and links. */
export function linkParts(text: string): { text: string; href?: string }[] {
  const out: { text: string; href?: string }[] = []
  let last = 0
  for (const match of text.matchAll(URL_RE)) {
    const at = match.index ?? 0
    // a sentence's closing punctuation is not part of the link
    const href = match[0].replace(/[.,;:!?)\]]+$/, '')
    if (at > last) out.push({ text: text.slice(last, at) })
    out.push({ text: href, href })
    last = at + href.length
  }
  if (last < text.length) out.push({ text: text.slice(last) })
  return out
}

/**
 * An image-text link as the desk sends it: text whose last line is a link (title and text above
 * it). Null for any other text.
 */
export function linkCardOf(text: string): { link: string; title: string; text: string } | null {
  const lines = text.trim().split('\n')
  const link = lines[lines.length - 1]?.trim() ?? ''
  if (lines.length < 2 || !/^https?:\/\/\S+$/i.test(link)) return null
  const [title = '', ...rest] = lines.slice(0, -1)
  return { link, title: title.trim(), text: rest.join('\n').trim() }
}

/** The message type of each word the server's preview starts with ("contact" → contacts). */
const PREVIEW_TYPES = new Map<string, string>(Object.entries(PreviewWord).map(([type, word]) => [word, type]))

/** A preview in the user's language: the server's "[audio]" reads "[语音]" on the Chinese desk. */
export function previewText(text: string, t: TFunction): string {
  const word = /^\[([a-z ]+)\]/.exec(text)?.[1]
  const type = word ? PREVIEW_TYPES.get(word) : undefined
  return word && type ? `${t(`chat.type.${type}`)}${text.slice(word.length + 2)}` : text
}

import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { GatewayError } from '../errors.js'
import { phoneToJid, STATUS_JID } from '../jid.js'
import type {
  AccountId,
  InboundContent,
  InboundMessage,
  MediaInput,
  MediaKind,
  MessageRef,
  OutboundContent,
} from '../messaging-gateway.js'
import { addressOf } from './addressing.js'
import { type StoredMedia, sampleMedia } from './media.js'
import type { CustomerContent, SimBody, SimMessage } from './types.js'
import type { SimWorld } from './world.js'

const vcard = (name: string, phone: string): string =>
  `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL;waid=${phone}:+${phone}\nEND:VCARD`

function mediaBody(
  world: SimWorld,
  media: MediaKind,
  stored: StoredMedia,
  extra: Partial<Extract<SimBody, { kind: 'media' }>>,
): SimBody {
  const handle = world.media.put(stored)
  const body: SimBody = {
    kind: 'media',
    media,
    handle,
    mimetype: stored.mimetype,
    sizeBytes: stored.data.length,
    ...extra,
  }
  for (const k of Object.keys(body) as (keyof typeof body)[]) if (body[k] === undefined) delete body[k]
  return body
}

function sample(
  world: SimWorld,
  kind: MediaKind,
  data?: Buffer,
  mimetype?: string,
  fileName?: string,
): StoredMedia {
  const s = sampleMedia(kind, world.ids.int(0, 7))
  return { data: data ?? s.data, mimetype: mimetype ?? s.mimetype, fileName: fileName ?? s.fileName }
}

/** A customer's message body; media without bytes gets a generated sample. */
export function customerBody(world: SimWorld, c: CustomerContent): SimBody {
  switch (c.kind) {
    case 'text':
      return { kind: 'text', text: c.text }
    case 'image':
      return mediaBody(world, 'image', sample(world, 'image', c.data, c.mimetype), {
        caption: c.caption,
        width: c.data ? undefined : 320,
        height: c.data ? undefined : 320,
      })
    case 'video':
      return mediaBody(world, 'video', sample(world, 'video', c.data, c.mimetype), {
        caption: c.caption,
        gif: c.gif || undefined,
        seconds: c.seconds ?? 5,
      })
    case 'audio':
      return mediaBody(world, 'audio', sample(world, 'audio', c.data, c.mimetype), {
        voiceNote: c.voiceNote ?? true,
        seconds: c.seconds ?? 2,
      })
    case 'document': {
      const s = sample(world, 'document', c.data, c.mimetype, c.fileName)
      return mediaBody(world, 'document', s, { fileName: s.fileName, caption: c.caption })
    }
    case 'sticker':
      return mediaBody(world, 'sticker', sample(world, 'sticker', c.data, c.mimetype), {})
    case 'location':
      return {
        kind: 'location',
        latitude: c.latitude,
        longitude: c.longitude,
        name: c.name,
        address: c.address,
      }
    case 'contact':
      return { kind: 'contacts', displayName: c.name, vcards: [vcard(c.name, c.phone)] }
    case 'contacts':
      return { kind: 'contacts', displayName: c.displayName, vcards: c.vcards }
    case 'viewOnce':
      return { kind: 'viewOnce', media: c.media ?? 'image' }
    case 'poll':
      return { kind: 'poll', question: c.question, options: c.options, selectable: c.selectable ?? 0 }
  }
}

async function readMedia(input: MediaInput): Promise<Buffer> {
  try {
    if ('buffer' in input) return input.buffer
    if ('stream' in input) {
      const parts: Buffer[] = []
      for await (const chunk of input.stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
      return Buffer.concat(parts)
    }
    if (/^https?:\/\//i.test(input.url)) {
      const res = await fetch(input.url)
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      return Buffer.from(await res.arrayBuffer())
    }
    return await readFile(input.url.startsWith('file:') ? fileURLToPath(input.url) : input.url)
  } catch (e) {
    throw new GatewayError(
      'media_unavailable',
      `media could not be read: ${e instanceof Error ? e.message : String(e)}`,
    )
  }
}

/** The product's outbound content as a network body; media is read and kept so the phone side can see it. */
export async function outboundBody(world: SimWorld, c: OutboundContent): Promise<SimBody> {
  switch (c.kind) {
    case 'text':
      return { kind: 'text', text: c.text }
    case 'image':
      return mediaBody(
        world,
        'image',
        { data: await readMedia(c.media), mimetype: c.mimetype ?? 'image/jpeg' },
        { caption: c.caption },
      )
    case 'video':
      return mediaBody(
        world,
        'video',
        { data: await readMedia(c.media), mimetype: c.mimetype ?? 'video/mp4' },
        { caption: c.caption, gif: c.gif || undefined },
      )
    case 'audio':
      return mediaBody(
        world,
        'audio',
        {
          data: await readMedia(c.media),
          mimetype: c.mimetype ?? (c.voiceNote ? 'audio/ogg; codecs=opus' : 'audio/mpeg'),
        },
        { voiceNote: Boolean(c.voiceNote), seconds: c.seconds },
      )
    case 'document':
      return mediaBody(
        world,
        'document',
        { data: await readMedia(c.media), mimetype: c.mimetype, fileName: c.fileName },
        { fileName: c.fileName, caption: c.caption },
      )
    case 'sticker':
      return mediaBody(
        world,
        'sticker',
        { data: await readMedia(c.media), mimetype: c.mimetype ?? 'image/webp' },
        {},
      )
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
    case 'reaction':
      return { kind: 'reaction', targetId: c.target.id, emoji: c.emoji || null }
  }
}

/** Where a message lives, seen from `viewer`'s phone. */
function chatIdFor(m: SimMessage, viewer: string): string {
  if (m.to.endsWith('@g.us') || m.to === STATUS_JID) return m.to
  return phoneToJid(m.from === viewer ? m.to : m.from)
}

export function refFor(m: SimMessage, viewer: string): MessageRef {
  const ref: MessageRef = { chatId: chatIdFor(m, viewer), id: m.id, fromMe: m.from === viewer }
  if (m.to.endsWith('@g.us') && m.from !== viewer) ref.participant = phoneToJid(m.from)
  return ref
}

function targetRef(world: SimWorld, m: SimMessage, targetId: string, viewer: string): MessageRef {
  const t = world.messages.get(targetId)
  if (t) return refFor(t, viewer)
  return { chatId: chatIdFor(m, viewer), id: targetId, fromMe: false }
}

function bodyFor(world: SimWorld, m: SimMessage, viewer: string): InboundContent {
  const b = m.body
  switch (b.kind) {
    case 'reaction':
      return { kind: 'reaction', target: targetRef(world, m, b.targetId, viewer), emoji: b.emoji }
    case 'revoke':
      return { kind: 'revoke', target: targetRef(world, m, b.targetId, viewer) }
    case 'edit':
      return { kind: 'edit', target: targetRef(world, m, b.targetId, viewer), text: b.text }
    case 'media': {
      const { kind: _k, albumId: _a, ...rest } = b
      return { kind: 'media', ...rest }
    }
    default:
      return { ...b }
  }
}

/** A network message as the product's InboundMessage for the account linked to `viewer`. */
export function toInbound(
  world: SimWorld,
  m: SimMessage,
  viewer: string,
  accountId: AccountId,
  live: boolean,
): InboundMessage {
  const group = m.to.endsWith('@g.us')
  // a customer WhatsApp addresses by hidden id: named by it, the phone alongside or left out
  const sender = addressOf(world, m.from)
  const out: InboundMessage = {
    accountId,
    ref: refFor(m, viewer),
    chatType: group ? 'group' : 'direct',
    sender: { ...sender, pushName: world.phone(m.from)?.name },
    timestamp: m.timestamp,
    live,
    content: bodyFor(world, m, viewer),
  }
  if (!out.sender.pn) delete out.sender.pn
  if (group && out.ref.participant) out.ref.participant = sender.id
  if (!group && m.to !== STATUS_JID) {
    const peer = addressOf(world, m.from === viewer ? m.to : m.from)
    out.ref.chatId = peer.id
    const alt = peer.id === peer.lid ? peer.pn : peer.lid
    if (alt) out.chatAlt = alt
  }
  if (m.body.kind === 'media' && m.body.albumId) out.albumId = m.body.albumId
  if (m.quotedId) {
    const q = world.messages.get(m.quotedId)
    out.quoted = { id: m.quotedId }
    if (q) {
      out.quoted.participant = phoneToJid(q.from)
      if (q.body.kind === 'text') out.quoted.text = q.body.text
    }
  }
  if (m.mentions?.length) out.mentions = m.mentions.map(phoneToJid)
  return out
}

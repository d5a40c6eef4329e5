import {
  getContentType,
  normalizeMessageContent,
  proto,
  toNumber,
  type WAMessage,
  type WAMessageKey,
} from 'baileys'
import { isLidJid, isPnJid, normalizeJid } from '../jid.js'
import type {
  AccountId,
  ChatType,
  InboundContent,
  InboundMessage,
  Jid,
  Me,
  MessageRef,
} from '../messaging-gateway.js'
import { encodeMediaHandle } from './media.js'
import { albumOf, choiceOf, POLL_TYPES, pollOf, viewOnceOf } from './normalize.kinds.js'

export interface NormalizeContext {
  accountId: AccountId
  /** it happened while linked (see `InboundMessage.live`) */
  live: boolean
  me?: Me
  now: () => number
}

/** Content types that carry no conversation content of their own: never shown as a message. */
const SILENT = new Set([
  'senderKeyDistributionMessage',
  'pollUpdateMessage',
  'keepInChatMessage',
  'encReactionMessage',
  'encEventResponseMessage',
  'messageHistoryBundle',
  'messageHistoryNotice',
])

function chatTypeOf(jid: string): ChatType {
  if (jid.endsWith('@g.us')) return 'group'
  if (jid === 'status@broadcast') return 'status'
  if (jid.endsWith('@broadcast')) return 'broadcast'
  if (jid.endsWith('@newsletter')) return 'newsletter'
  return 'direct'
}

/** Epoch ms from WhatsApp seconds (number or Long); `fallback` when absent. */
export function timestampMs(ts: WAMessage['messageTimestamp'], fallback: number): number {
  const s = toNumber(ts as LongLike)
  return s > 0 ? s * 1000 : fallback
}

type LongLike = Parameters<typeof toNumber>[0]
const optNum = (v: LongLike): number | undefined => (v === null || v === undefined ? undefined : toNumber(v))

/** Both forms of an address and its alternative (v7 `remoteJidAlt` / `participantAlt`). */
export function identity(id: string, alt?: string | null): { id: Jid; pn?: Jid; lid?: Jid } {
  const main = normalizeJid(id)
  const other = alt ? normalizeJid(alt) : undefined
  const pick = (test: (j: string) => boolean) => [main, other].find((j) => j !== undefined && test(j))
  return { id: main, pn: pick(isPnJid), lid: pick(isLidJid) }
}

/** The text of a message, for quotes and edits. */
function textOf(m: proto.IMessage | null | undefined): string | undefined {
  const c = normalizeMessageContent(m)
  if (!c) return undefined
  return (
    c.conversation ??
    c.extendedTextMessage?.text ??
    c.imageMessage?.caption ??
    c.videoMessage?.caption ??
    c.documentMessage?.caption ??
    undefined
  )
}

/**
 * One Baileys message as the product's InboundMessage, or null when it carries nothing to show
 * (stubs, key distribution, protocol messages other than revoke and edit).
 */
export function normalizeMessage(msg: WAMessage, ctx: NormalizeContext): InboundMessage | null {
  const key = msg.key
  if (!key.remoteJid || !key.id) return null
  const content = normalizeMessageContent(msg.message)
  const type = getContentType(content)
  const viewOnce = viewOnceOf(msg, content)
  if (!viewOnce && (!content || !type || SILENT.has(type))) return null
  const chatId = normalizeJid(key.remoteJid)
  const chatType = chatTypeOf(chatId)
  const ref: MessageRef = { chatId, id: key.id, fromMe: Boolean(key.fromMe) }
  const grouped = chatType === 'group' || chatType === 'status' || chatType === 'broadcast'
  if (grouped && key.participant) ref.participant = normalizeJid(key.participant)
  const body = viewOnce ?? (content && type ? contentOf(type, content, key, ref, ctx) : null)
  if (!body) return null
  const out: InboundMessage = {
    accountId: ctx.accountId,
    ref,
    chatType,
    sender: senderOf(msg, ref, grouped, ctx.me),
    timestamp: timestampMs(msg.messageTimestamp, ctx.now()),
    live: ctx.live,
    content: body,
  }
  if (chatType === 'direct' && key.remoteJidAlt) out.chatAlt = normalizeJid(key.remoteJidAlt)
  const albumId = albumOf(msg.message, content)
  if (albumId) out.albumId = albumId
  if (!content || !type) return out
  const info = contextInfoOf(content, type)
  if (info?.stanzaId) {
    out.quoted = { id: info.stanzaId }
    if (info.participant) out.quoted.participant = normalizeJid(info.participant)
    const text = textOf(info.quotedMessage)
    if (text !== undefined) out.quoted.text = text
  }
  if (info?.mentionedJid?.length) out.mentions = info.mentionedJid.map(normalizeJid)
  return out
}

function senderOf(msg: WAMessage, ref: MessageRef, grouped: boolean, me?: Me): InboundMessage['sender'] {
  const key = msg.key
  let who: InboundMessage['sender']
  if (ref.fromMe && me) who = { id: me.lid ?? me.pn ?? ref.chatId, pn: me.pn, lid: me.lid }
  else if (grouped && key.participant) who = identity(key.participant, key.participantAlt)
  else who = identity(ref.chatId, key.remoteJidAlt)
  if (msg.pushName) who.pushName = msg.pushName
  for (const k of ['pn', 'lid'] as const) if (who[k] === undefined) delete who[k]
  return who
}

function contextInfoOf(content: proto.IMessage, type: keyof proto.IMessage): proto.IContextInfo | undefined {
  const inner = content[type]
  if (inner && typeof inner === 'object' && 'contextInfo' in inner)
    return (inner.contextInfo as proto.IContextInfo | null) ?? undefined
  return undefined
}

/**
 * A key inside a reaction, revoke, edit or pin, from our perspective. The message it names is in
 * the chat the protocol message came in: the key's own `remoteJid` is the sender's view of that
 * chat (our own address, in a direct chat).
 */
function targetRef(k: WAMessageKey | null | undefined, ref: MessageRef, fromMe: boolean): MessageRef {
  const target: MessageRef = { chatId: ref.chatId, id: k?.id ?? '', fromMe }
  if (k?.participant) target.participant = normalizeJid(k.participant)
  return target
}

/** Whether a key in someone's protocol message (written from their perspective) names a message of ours. */
function keyIsOurs(k: WAMessageKey | null | undefined, ref: MessageRef, me: Me | undefined): boolean {
  if (ref.fromMe) return Boolean(k?.fromMe)
  if (k?.fromMe) return false
  // a direct chat has two sides: not theirs is ours; in a group the author is named
  if (chatTypeOf(ref.chatId) === 'direct') return true
  return Boolean(k?.participant && me && [me.pn, me.lid].includes(normalizeJid(k.participant)))
}

function contentOf(
  type: keyof proto.IMessage,
  c: proto.IMessage,
  key: WAMessageKey,
  ref: MessageRef,
  ctx: NormalizeContext,
): InboundContent | null {
  switch (type) {
    case 'conversation':
      return { kind: 'text', text: c.conversation ?? '' }
    case 'extendedTextMessage':
      return { kind: 'text', text: c.extendedTextMessage?.text ?? '' }
    case 'imageMessage':
    case 'videoMessage':
    case 'ptvMessage':
    case 'audioMessage':
    case 'documentMessage':
    case 'stickerMessage':
      return mediaOf(type, c, key)
    case 'locationMessage':
    case 'liveLocationMessage': {
      const l = c.locationMessage ?? c.liveLocationMessage
      const loc: InboundContent = {
        kind: 'location',
        latitude: l?.degreesLatitude ?? 0,
        longitude: l?.degreesLongitude ?? 0,
      }
      const named = c.locationMessage
      if (named?.name) loc.name = named.name
      if (named?.address) loc.address = named.address
      return loc
    }
    case 'contactMessage':
      return {
        kind: 'contacts',
        displayName: c.contactMessage?.displayName ?? undefined,
        vcards: [c.contactMessage?.vcard ?? ''],
      }
    case 'contactsArrayMessage': {
      const a = c.contactsArrayMessage
      return {
        kind: 'contacts',
        displayName: a?.displayName ?? undefined,
        vcards: (a?.contacts ?? []).map((x) => x.vcard ?? ''),
      }
    }
    case 'reactionMessage': {
      const r = c.reactionMessage
      return {
        kind: 'reaction',
        target: targetRef(r?.key, ref, Boolean(r?.key?.fromMe)),
        emoji: r?.text ? r.text : null,
      }
    }
    case 'protocolMessage':
      return protocolOf(c.protocolMessage, ref, ctx)
    case 'secretEncryptedMessage': {
      // an edit whose secret was not at hand (see message-secret.ts): the edit is known, its text is not
      const sem = c.secretEncryptedMessage
      if (sem?.secretEncType !== proto.Message.SecretEncryptedMessage.SecretEncType.MESSAGE_EDIT) return null
      if (!sem.targetMessageKey?.id) return null
      return { kind: 'edit', target: targetRef(sem.targetMessageKey, ref, ref.fromMe) }
    }
    case 'buttonsResponseMessage':
    case 'listResponseMessage':
    case 'templateButtonReplyMessage':
    case 'interactiveResponseMessage':
      return { kind: 'text', text: choiceOf(type, c) }
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3':
    case 'pollCreationMessageV5':
      return pollOf(c[type])
    case 'pollCreationMessageV4': {
      const inner = c.pollCreationMessageV4?.message
      const t = POLL_TYPES.find((k) => inner?.[k])
      return t ? pollOf(inner?.[t]) : { kind: 'unsupported', type }
    }
    case 'albumMessage':
      return {
        kind: 'album',
        images: c.albumMessage?.expectedImageCount ?? 0,
        videos: c.albumMessage?.expectedVideoCount ?? 0,
      }
    case 'pinInChatMessage': {
      const p = c.pinInChatMessage
      if (!p?.key?.id) return null
      const pinned = p.type !== proto.Message.PinInChatMessage.Type.UNPIN_FOR_ALL
      return { kind: 'pin', target: targetRef(p.key, ref, keyIsOurs(p.key, ref, ctx.me)), pinned }
    }
    default:
      return { kind: 'unsupported', type }
  }
}

function protocolOf(
  pm: proto.Message.IProtocolMessage | null | undefined,
  ref: MessageRef,
  ctx: NormalizeContext,
): InboundContent | null {
  if (!pm?.key?.id) return null
  // the revoker/editor speaks of its own message; an admin revoke names another participant
  const isMe = (jid?: string | null) =>
    Boolean(jid && ctx.me && [ctx.me.pn, ctx.me.lid].includes(normalizeJid(jid)))
  const fromMe = ref.fromMe ? Boolean(pm.key.fromMe) : !pm.key.fromMe && isMe(pm.key.participant)
  if (pm.type === proto.Message.ProtocolMessage.Type.REVOKE) {
    const target = targetRef(pm.key, ref, fromMe)
    if (!target.participant && ref.participant && pm.key.fromMe) target.participant = ref.participant
    return { kind: 'revoke', target }
  }
  if (pm.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
    // an edit is always of the editor's own message
    const target = targetRef(pm.key, ref, ref.fromMe)
    if (!target.participant && ref.participant) target.participant = ref.participant
    const edit: InboundContent = { kind: 'edit', target }
    const text = textOf(pm.editedMessage)
    if (text !== undefined) edit.text = text
    return edit
  }
  return null
}

type MediaType =
  | 'imageMessage'
  | 'videoMessage'
  | 'ptvMessage'
  | 'audioMessage'
  | 'documentMessage'
  | 'stickerMessage'
type MediaContent = Extract<InboundContent, { kind: 'media' }>

/** Drop undefined and null fields, so results compare and serialize cleanly. */
function compact<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined || o[k] === null) delete o[k]
  return o
}

function mediaOf(type: MediaType, c: proto.IMessage, key: WAMessageKey): MediaContent {
  const m = c[type]
  const base = {
    kind: 'media' as const,
    handle: encodeMediaHandle(key, type, m ?? {}),
    mimetype: m?.mimetype ?? undefined,
    sizeBytes: optNum(m?.fileLength),
  }
  switch (type) {
    case 'imageMessage': {
      const i = c.imageMessage
      return compact<MediaContent>({
        ...base,
        media: 'image',
        caption: i?.caption ?? undefined,
        width: i?.width ?? undefined,
        height: i?.height ?? undefined,
      })
    }
    case 'videoMessage':
    case 'ptvMessage': {
      const v = c[type]
      return compact<MediaContent>({
        ...base,
        media: 'video',
        caption: v?.caption ?? undefined,
        seconds: v?.seconds ?? undefined,
        width: v?.width ?? undefined,
        height: v?.height ?? undefined,
        gif: v?.gifPlayback ? true : undefined,
      })
    }
    case 'audioMessage': {
      const a = c.audioMessage
      return compact<MediaContent>({
        ...base,
        media: 'audio',
        seconds: a?.seconds ?? undefined,
        voiceNote: Boolean(a?.ptt),
      })
    }
    case 'documentMessage': {
      const d = c.documentMessage
      return compact<MediaContent>({
        ...base,
        media: 'document',
        caption: d?.caption ?? undefined,
        fileName: d?.fileName ?? undefined,
      })
    }
    case 'stickerMessage': {
      const st = c.stickerMessage
      return compact<MediaContent>({
        ...base,
        media: 'sticker',
        width: st?.width ?? undefined,
        height: st?.height ?? undefined,
      })
    }
  }
}

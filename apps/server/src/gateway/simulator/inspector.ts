import { digitsOnly } from '../jid.js'
import type { SimAddressing } from './addressing.js'
import type { SimBody, SimMessage, SimReceipt } from './types.js'
import type { SimWorld } from './world.js'

export interface PhoneView {
  number: string
  name: string
  registered: boolean
  /** has (or had) linked devices: a business number of the product */
  isAccount: boolean
  bannedAt?: number
  restrictedUntil?: number
  /** WhatsApp refuses its devices' client version until an update is published */
  updateRequired?: boolean
  devices: { accountId: string; deviceId: number; online: boolean; linkedAt: number }[]
  /** how WhatsApp addresses the number to the accounts */
  addressing: SimAddressing
}

export interface ChatView {
  /** the other party's digits, or the group jid */
  peer: string
  type: 'direct' | 'group'
  title: string
  lastAt: number
  lastText: string
  unread: number
}

export interface MessageView {
  id: string
  from: string
  to: string
  fromName: string
  timestamp: number
  body: SimBody
  /** short text for lists */
  text: string
  /** the sender's view: the furthest stage every recipient reached */
  status: SimReceipt
  receipts: Record<string, SimReceipt>
  revoked: boolean
  editedText?: string
  quotedId?: string
  reactions?: Record<string, string>
  viaDevice: boolean
}

const ORDER: SimReceipt[] = ['sent', 'delivered', 'read', 'played']
const isVisible = (m: SimMessage) =>
  m.body.kind !== 'reaction' && m.body.kind !== 'revoke' && m.body.kind !== 'edit'

function previewOf(body: SimBody): string {
  switch (body.kind) {
    case 'text':
      return body.text
    case 'media':
      return body.caption ? `[${body.media}] ${body.caption}` : `[${body.media}]`
    case 'location':
      return `[location] ${body.name ?? `${body.latitude},${body.longitude}`}`
    case 'contacts':
      return `[contact] ${body.displayName ?? ''}`.trim()
    case 'viewOnce':
      return `[view once ${body.media}]`
    case 'poll':
      return `[poll] ${body.question}`
    case 'album':
      return `[album] ${body.images + body.videos}`
    case 'reaction':
      return `[reaction] ${body.emoji ?? ''}`.trim()
    case 'revoke':
      return '[deleted]'
    case 'edit':
      return body.text
  }
}

export function listPhones(world: SimWorld): PhoneView[] {
  return [...world.phones.values()]
    .map((p) => {
      const v: PhoneView = {
        number: p.number,
        name: p.name,
        registered: p.registered,
        isAccount: p.devices.size > 0 || p.nextDeviceId > 1,
        addressing: p.addressing ?? 'phone',
        devices: [...p.devices.values()].map((s) => ({
          accountId: s.accountId,
          deviceId: s.deviceId,
          online: Boolean(s.device),
          linkedAt: s.linkedAt,
        })),
      }
      if (p.bannedAt !== undefined) v.bannedAt = p.bannedAt
      if (p.updateRequired) v.updateRequired = true
      if (p.restrictedUntil !== undefined && p.restrictedUntil > world.clock.now())
        v.restrictedUntil = p.restrictedUntil
      return v
    })
    .sort((a, b) => Number(b.isAccount) - Number(a.isAccount) || a.number.localeCompare(b.number))
}

export function chatsOf(world: SimWorld, number: string): ChatView[] {
  const me = digitsOnly(number)
  const phone = world.phone(me)
  if (!phone) return []
  const out: ChatView[] = []
  for (const key of phone.chats) {
    const list = (world.chats.get(key) ?? []).filter(isVisible)
    const group = world.groups.get(key)
    const peer = group ? key : (key.split('|').find((n) => n !== me) ?? me)
    const last = list[list.length - 1]
    out.push({
      peer,
      type: group ? 'group' : 'direct',
      title: group ? group.subject : (world.phone(peer)?.name ?? `+${peer}`),
      lastAt: last?.timestamp ?? group?.createdAt ?? 0,
      lastText: last ? (last.revoked ? '[deleted]' : previewOf(last.body)) : '',
      unread: list.filter(
        (m) => m.from !== me && ['sent', 'delivered'].includes(m.receipts.get(me) ?? 'read'),
      ).length,
    })
  }
  return out.sort((a, b) => b.lastAt - a.lastAt)
}

/** The conversation between a phone and another phone (digits) or a group (jid), oldest first. */
export function messagesBetween(world: SimWorld, a: string, b: string, limit = 200): MessageView[] {
  const key = b.endsWith('@g.us') ? b : world.directKey(digitsOnly(a), digitsOnly(b))
  const list = (world.chats.get(key) ?? []).filter(isVisible).slice(-limit)
  return list.map((m) => viewOf(world, m))
}

export function viewOf(world: SimWorld, m: SimMessage): MessageView {
  const stages = [...m.receipts.values()]
  const min = stages.length ? Math.min(...stages.map((s) => ORDER.indexOf(s))) : 0
  const v: MessageView = {
    id: m.id,
    from: m.from,
    to: m.to,
    fromName: world.phone(m.from)?.name ?? `+${m.from}`,
    timestamp: m.timestamp,
    body: m.body,
    text: m.revoked ? '[deleted]' : (m.editedText ?? previewOf(m.body)),
    status: ORDER[min],
    receipts: Object.fromEntries(m.receipts),
    revoked: Boolean(m.revoked),
    viaDevice: Boolean(m.viaDevice),
  }
  if (m.editedText !== undefined) v.editedText = m.editedText
  if (m.quotedId) v.quotedId = m.quotedId
  if (m.reactions?.size) v.reactions = Object.fromEntries(m.reactions)
  return v
}

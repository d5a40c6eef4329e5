import type { SimChatView, SimMessageView, SimPhoneView } from '@app/core'
import type { ChatView, MessageView, PhoneView } from '../../gateway/simulator/inspector.js'

/** The number behind a vCard (its WhatsApp id, else its first phone). */
function vcardPhone(vcard: string): string {
  const waid = /waid=(\d+)/.exec(vcard)
  if (waid) return waid[1] ?? ''
  const tel = /^TEL[^:]*:(.+)$/m.exec(vcard)
  return tel ? (tel[1] ?? '').replace(/\D+/g, '') : ''
}

const vcardName = (vcard: string): string => /^FN:(.+)$/m.exec(vcard)?.[1]?.trim() ?? ''

export function presentPhone(p: PhoneView): SimPhoneView {
  return {
    number: p.number,
    name: p.name,
    registered: p.registered,
    isAccount: p.isAccount,
    linked: p.devices.length > 0,
    online: p.devices.some((d) => d.online),
    accountIds: p.devices.map((d) => Number(d.accountId)),
    banned: p.bannedAt !== undefined,
    restrictedUntil: p.restrictedUntil ?? null,
    updateRequired: p.updateRequired === true,
    addressing: p.addressing,
  }
}

export function presentChat(c: ChatView, member: boolean, last: SimMessageView | undefined): SimChatView {
  return {
    peer: c.peer,
    type: c.type,
    title: c.title,
    lastAt: c.lastAt,
    last: last ? { kind: last.kind, text: last.text, fromMe: last.fromMe, revoked: last.revoked } : null,
    unread: c.unread,
    member,
  }
}

/** URL of a media handle ('sim:12' → /damai/sim/media/12). */
const mediaUrl = (handle: string): string => `/damai/sim/media/${handle.replace(/^sim:/, '')}`

/** A message as the phone `viewer` shows it; a deleted message shows no content. */
export function presentMessage(m: MessageView, viewer: string): SimMessageView {
  const out: SimMessageView = {
    id: m.id,
    from: m.from,
    fromName: m.fromName,
    fromMe: m.from === viewer,
    timestamp: m.timestamp,
    kind: 'text',
    text: '',
    status: m.status,
    revoked: m.revoked,
    edited: m.editedText !== undefined,
    reactions: Object.entries(m.reactions ?? {}).map(([from, emoji]) => ({ from, emoji })),
    viaDevice: m.viaDevice,
  }
  const b = m.body
  if (b.kind === 'media') out.kind = b.media
  else if (b.kind === 'location') out.kind = 'location'
  else if (b.kind === 'contacts') out.kind = 'contact'
  else if (b.kind === 'viewOnce' || b.kind === 'poll' || b.kind === 'album') out.kind = b.kind
  if (m.revoked) return out
  switch (b.kind) {
    case 'text':
      out.text = m.editedText ?? b.text
      break
    case 'media':
      out.text = m.editedText ?? b.caption ?? ''
      out.mediaUrl = mediaUrl(b.handle)
      if (b.fileName) out.fileName = b.fileName
      break
    case 'location':
      out.text = b.name ?? ''
      out.location = { latitude: b.latitude, longitude: b.longitude }
      if (b.name) out.location.name = b.name
      if (b.address) out.location.address = b.address
      break
    case 'contacts': {
      const card = b.vcards[0] ?? ''
      const name = b.displayName || vcardName(card)
      out.text = name
      out.contact = { name, phone: vcardPhone(card) }
      break
    }
    case 'poll':
      out.text = b.question
      out.poll = { options: b.options, selectable: b.selectable }
      break
    default:
      out.text = m.text
  }
  return out
}

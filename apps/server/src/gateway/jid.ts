import type { Jid } from './messaging-gateway.js'

const PN_SERVER = 's.whatsapp.net'
export const STATUS_JID = 'status@broadcast'

/** Keep the digits of a phone number ('+86 138-0000' → '861380000'). */
export const digitsOnly = (phone: string): string => phone.replace(/\D+/g, '')

/** '8613800000000' → '8613800000000@s.whatsapp.net' */
export const phoneToJid = (phone: string): Jid => `${digitsOnly(phone)}@${PN_SERVER}`

/** The phone digits of a pn jid ('…@s.whatsapp.net', device suffix allowed); undefined for lid/group jids. */
export function jidToPhone(jid: string | null | undefined): string | undefined {
  if (!jid) return undefined
  const at = jid.indexOf('@')
  if (at < 0 || jid.slice(at + 1) !== PN_SERVER) return undefined
  const user = jid.slice(0, at).split(':')[0]
  return /^\d+$/.test(user) ? user : undefined
}

/** Drop the ':device' and '_agent' parts: '123:4@s.whatsapp.net' → '123@s.whatsapp.net'; 'c.us' → 's.whatsapp.net'. */
export function normalizeJid(jid: string): Jid {
  const at = jid.indexOf('@')
  if (at < 0) return jid
  const server = jid.slice(at + 1) === 'c.us' ? PN_SERVER : jid.slice(at + 1)
  const user = jid.slice(0, at).split(':')[0].split('_')[0]
  return `${user}@${server}`
}

const isGroupJid = (jid: string): boolean => jid.endsWith('@g.us')
export const isLidJid = (jid: string): boolean => jid.endsWith('@lid')
export const isPnJid = (jid: string): boolean => jid.endsWith(`@${PN_SERVER}`)

/**
 * The invite code of 'https://chat.whatsapp.com/AbC123…' (or a bare code); undefined when the
 * text is neither.
 */
export function parseInviteCode(codeOrLink: string): string | undefined {
  const s = codeOrLink.trim()
  const m = /^(?:https?:\/\/)?chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]{10,32})\/?(?:[?#].*)?$/.exec(s)
  if (m) return m[1]
  return /^[A-Za-z0-9]{10,32}$/.test(s) ? s : undefined
}

export const inviteLink = (code: string): string => `https://chat.whatsapp.com/${code}`

import type { proto, WAMessage } from 'baileys'
import { normalizeMessage } from './normalize.js'

// A message as Baileys hands it over, and what normalizing it gives, for the normalize tests.

export const ME = { pn: '8610000000000@s.whatsapp.net', lid: '777@lid' }
export const CUSTOMER = '8613800000001@s.whatsapp.net'
export const ctx = { accountId: '7', live: true, me: ME, now: () => 9_999 }
export const msg = (
  message: proto.IMessage,
  extra: Partial<WAMessage> = {},
  key: Partial<WAMessage['key']> = {},
): WAMessage => ({
  key: { remoteJid: CUSTOMER, id: 'ABC', fromMe: false, ...key },
  messageTimestamp: 1_700_000_000,
  pushName: 'Ann',
  message,
  ...extra,
})
export const norm = (m: WAMessage, c = ctx) => normalizeMessage(m, c)
export const content = (m: WAMessage) => norm(m)?.content

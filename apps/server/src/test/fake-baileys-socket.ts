import type { BaileysEventMap, UserFacingSocketConfig, WAMessage } from 'baileys'
import { vi } from 'vitest'

type Handler = (events: Partial<BaileysEventMap>) => Promise<void>
export const ME_JID = '8613800000000:7@s.whatsapp.net'

/** A stand-in for a Baileys socket: tests push event batches as WhatsApp would. */
export class FakeSocket {
  handler: Handler | undefined
  user: { id: string; lid?: string; name?: string } | undefined
  ev = {
    process: (h: Handler) => {
      this.handler = h
      return () => undefined
    },
  }
  requestPairingCode = vi.fn(async (_phone: string) => 'ABCD1234')
  end = vi.fn(async () => undefined)
  logout = vi.fn(async () => undefined)
  readMessages = vi.fn(async () => undefined)
  fetchAccountReachoutTimelock = vi.fn(async () => ({ isActive: true }))
  onWhatsApp = vi.fn(async (...phones: string[]) =>
    phones.filter((p) => p.endsWith('1')).map((p) => ({ jid: `${p}@s.whatsapp.net`, exists: true })),
  )
  // protocol messages (a delete, an edit) are sent without options: Baileys makes up their id
  sendMessage = vi.fn(async (jid: string, _content: unknown, opts?: { messageId?: string }) => ({
    key: { remoteJid: jid, id: opts?.messageId ?? 'PROTOCOL-MESSAGE', fromMe: true },
    messageTimestamp: 1_700_000_000,
    message: { conversation: 'sent' },
  }))
  groupMetadata = vi.fn(async (jid: string) => ({
    id: jid,
    subject: 'Group',
    participants: [{ id: '8613900000001@s.whatsapp.net', admin: null }],
  }))
  updateMediaMessage = vi.fn(async (m: WAMessage) => m)
  constructor(readonly config: UserFacingSocketConfig) {}
  async push(events: Partial<BaileysEventMap>) {
    await this.handler?.(events)
  }
  close(statusCode: number | undefined, message = 'closed') {
    const error = Object.assign(new Error(message), { output: { statusCode } })
    return this.push({
      'connection.update': { connection: 'close', lastDisconnect: { error, date: new Date() } },
    })
  }
  open() {
    this.user = { id: ME_JID, lid: '99:7@lid', name: 'Shop' }
    return this.push({ 'connection.update': { connection: 'open' } })
  }
}

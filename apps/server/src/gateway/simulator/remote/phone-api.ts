// What the /sim phone page needs from the simulated network, as an async interface: served
// in-process by `localPhoneNetwork`, or by the shared network service over socket.io.
import type { SimFault } from '@app/core'
import type { GroupInfo } from '../../messaging-gateway.js'
import type { SimAddressing } from '../addressing.js'
import type { SimulatorGateway } from '../gateway.js'
import type { ChatView, MessageView, PhoneView } from '../inspector.js'
import type { StoredMedia } from '../media.js'
import type { SimNetwork } from '../network.js'
import type { CustomerContent, SimLink } from '../types.js'

export interface PendingQrLogin {
  accountId: string
  qr: string
  qrDataUrl: string
  expiresAt: number
}

interface ChatWithLast {
  chat: ChatView
  /** the phone is (still) in the chat: always for direct chats */
  member: boolean
  last?: MessageView
}

interface GroupSnapshot {
  id: string
  subject: string
  owner: string
  inviteCode: string
  participants: { phone: string; name: string; role: GroupInfo['participants'][number]['role'] }[]
}

export const PHONE_METHODS = [
  'listPhones',
  'hasPhone',
  'addPhone',
  'pendingQrLogins',
  'scanQr',
  'enterPairingCode',
  'chats',
  'messagesBetween',
  'media',
  'customerSend',
  'customerSendGroup',
  'customerRead',
  'customerRevoke',
  'customerEdit',
  'createGroup',
  'joinGroup',
  'leaveGroup',
  'group',
  'fault',
  'setAddressing',
  'revealPhone',
  'idle',
] as const

/** The phones' side of the network, as the /sim page uses it. Errors are the network's own. */
export interface SimPhoneNetwork {
  listPhones(): Promise<PhoneView[]>
  hasPhone(phone: string): Promise<boolean>
  addPhone(phone: string, init?: { name?: string; business?: boolean }): Promise<void>
  /** the QRs every pending login shows, whichever server process holds it */
  pendingQrLogins(): Promise<PendingQrLogin[]>
  scanQr(phone: string, qr: string): Promise<SimLink>
  enterPairingCode(phone: string, code: string): Promise<SimLink>
  chats(phone: string): Promise<ChatWithLast[]>
  messagesBetween(a: string, b: string, limit?: number): Promise<MessageView[]>
  media(handle: string): Promise<StoredMedia | undefined>
  customerSend(from: string, to: string, content: CustomerContent): Promise<MessageView>
  customerSendGroup(from: string, groupId: string, content: CustomerContent): Promise<MessageView>
  customerRead(phone: string, peer: string): Promise<void>
  customerRevoke(from: string, messageId: string): Promise<void>
  /** the customer changes the text (or caption) of a message they sent */
  customerEdit(from: string, messageId: string, text: string): Promise<void>
  createGroup(owner: string, subject: string, members: string[]): Promise<GroupInfo>
  joinGroup(phone: string, codeOrGroupId: string): Promise<GroupInfo>
  leaveGroup(phone: string, groupId: string): Promise<void>
  group(groupId: string): Promise<GroupSnapshot | undefined>
  fault(phone: string, fault: SimFault, outageMs?: number): Promise<void>
  /** how WhatsApp addresses a customer's number to the accounts from now on */
  setAddressing(phone: string, addressing: SimAddressing): Promise<void>
  /** the accounts chatting with a number learn its phone behind the hidden id */
  revealPhone(phone: string): Promise<void>
  /** resolves when the product has handled what the network told it (every gateway's queue) */
  idle(accountId?: string): Promise<void>
}

/** The phone API over an in-process network and the gateways connected to it. */
export function localPhoneNetwork(network: SimNetwork, gateways: () => SimulatorGateway[]): SimPhoneNetwork {
  const w = network.world
  return {
    async listPhones() {
      return network.listPhones()
    },
    async hasPhone(phone) {
      return w.phone(phone) !== undefined
    },
    async addPhone(phone, init = {}) {
      network.addPhone(phone, {
        ...(init.name ? { name: init.name } : {}),
        ...(init.business !== undefined ? { business: init.business } : {}),
      })
    },
    async pendingQrLogins() {
      return gateways().flatMap((g) => g.pendingQrLogins())
    },
    async scanQr(phone, qr) {
      return network.scanQr(phone, qr)
    },
    async enterPairingCode(phone, code) {
      return network.enterPairingCode(phone, code)
    },
    async chats(phone) {
      return network.chatsOf(phone).map((chat) => {
        const group = chat.type === 'group' ? w.groups.get(chat.peer) : undefined
        const [last] = network.messagesBetween(phone, chat.peer, 1)
        const member = chat.type === 'direct' || Boolean(group?.participants.has(phone))
        return last ? { chat, member, last } : { chat, member }
      })
    },
    async messagesBetween(a, b, limit) {
      return network.messagesBetween(a, b, limit)
    },
    async media(handle) {
      return network.media(handle)
    },
    async customerSend(from, to, content) {
      return network.customerSend(from, to, content)
    },
    async customerSendGroup(from, groupId, content) {
      return network.customerSendGroup(from, groupId, content)
    },
    async customerRead(phone, peer) {
      network.customerRead(phone, peer)
    },
    async customerRevoke(from, messageId) {
      network.customerRevoke(from, messageId)
    },
    async customerEdit(from, messageId, text) {
      network.customerEdit(from, messageId, text)
    },
    async createGroup(owner, subject, members) {
      return network.createGroup(owner, subject, members)
    },
    async joinGroup(phone, codeOrGroupId) {
      return network.joinGroup(phone, codeOrGroupId)
    },
    async leaveGroup(phone, groupId) {
      network.leaveGroup(phone, groupId)
    },
    async group(groupId) {
      const g = w.groups.get(groupId)
      if (!g) return undefined
      return {
        id: g.id,
        subject: g.subject,
        owner: g.owner,
        inviteCode: g.inviteCode,
        participants: [...g.participants].map(([n, role]) => ({
          phone: n,
          name: w.phone(n)?.name ?? `+${n}`,
          role,
        })),
      }
    },
    async fault(phone, fault, outageMs) {
      switch (fault) {
        case 'disconnect':
          return network.disconnect(phone, outageMs ? { outageMs } : {})
        case 'pushOut':
          return network.pushOut(phone)
        case 'ban':
          return network.ban(phone)
        case 'unban':
          return network.unban(phone)
        case 'deviceRemoved':
          return network.deviceRemoved(phone)
        case 'requireUpdate':
          return network.requireUpdate(phone)
        case 'publishUpdate':
          return network.publishUpdate(phone)
      }
    },
    async setAddressing(phone, addressing) {
      network.setAddressing(phone, addressing)
    },
    async revealPhone(phone) {
      network.revealPhone(phone)
    },
    async idle(accountId) {
      for (const g of gateways()) await g.idle(accountId)
    },
  }
}

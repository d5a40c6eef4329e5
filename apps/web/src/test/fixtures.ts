import type {
  ChatMessageView,
  CurrentUser,
  DeskSessionView,
  MaterialView,
  MentionView,
  WsAccountView,
} from '@app/core'
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { vi } from 'vitest'
import { service } from '../api/request'

/** A signed-in user's profile as GET /damai/system/user/profile/get answers it. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 10,
    name: 'master',
    nickname: 'Master',
    avatar: '',
    roles: ['customerMaster'],
    roleId: 4,
    tenantId: 2,
    tenantName: 'Demo Ltd',
    tenantAccount: 'demo',
    validDate: [null, null],
    vipExpired: false,
    targetLanguage: 'en',
    permissionVO: {},
    specialChannelData: { tenantSpecialChannel: false, specialChannel: false },
    riskStatus: 0,
    enableMasterAiTranslate: false,
    translateTools: [],
    ...overrides,
  }
}

type Handler = (config: InternalAxiosRequestConfig) => unknown

/** Answers requests by path with `{ code: 0, data }` or whatever envelope the handler returns. */
export function fakeServer(routes: Record<string, Handler>) {
  const adapter = vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const path = (config.url ?? '').split('?')[0] ?? ''
    const handler = routes[path]
    const data = handler ? handler(config) : { code: 404, msg: `no fake for ${path}` }
    return { data, status: 200, statusText: 'OK', headers: {}, config }
  })
  service.defaults.adapter = adapter
  return adapter
}

export const ok = (data: unknown) => ({ code: 0, msg: '', data })

/** A desk session: personal, with the customer Wang on WS account 1, assigned to agent 10, open, answered. */
export function makeSession(overrides: Partial<DeskSessionView> = {}): DeskSessionView {
  return {
    id: 7,
    accountId: 1,
    type: 'personal',
    fanId: 3,
    groupChatId: null,
    jid: '8613911110001@s.whatsapp.net',
    title: 'Wang',
    lastActivityAt: Date.UTC(2026, 0, 5, 9),
    lastMessage: '',
    unreadCount: 0,
    pinned: false,
    blocked: false,
    dnd: false,
    aiReply: false,
    invalid: false,
    agentUserId: 10,
    awaitingReplySince: null,
    fanPhone: '8613911110001',
    fanRemark: '',
    massSendEnabled: true,
    accountPhone: '8613700000042',
    accountStatus: 'online',
    risk: 'none',
    status: 'open',
    snoozedUntil: null,
    waitingSince: null,
    ...overrides,
  }
}

let nextMessageId = 100

/** A message of session 7 as the chat shows it; ids count up so later messages are newer. */
export function makeMessage(overrides: Partial<ChatMessageView> = {}): ChatMessageView {
  nextMessageId += 1
  const id = overrides.id ?? nextMessageId
  return {
    id,
    sessionId: 7,
    accountId: 1,
    waMessageId: `WA${id}`,
    fromMe: false,
    senderJid: '8613911110001@s.whatsapp.net',
    type: 'text',
    body: `message ${id}`,
    mediaId: null,
    meta: {},
    quoted: null,
    status: 'sent',
    delivery: 'none',
    failureReason: null,
    timestamp: Date.now() - 60_000 + id,
    mediaUrl: null,
    quotedMessage: null,
    reactions: [],
    requestedBy: null,
    ...overrides,
  }
}

/** An internal note of session 7 by agent 21, as the chat shows it (never sent: no delivery). */
export function makeNote(overrides: Partial<ChatMessageView> = {}): ChatMessageView {
  return makeMessage({
    type: 'note',
    fromMe: true,
    senderJid: '',
    body: 'VIP: offer the 10% coupon',
    meta: { mentionUserIds: [] },
    requestedBy: 21,
    ...overrides,
  })
}

/** A mention of the signed-in user in a note of session 7, unread. */
export function makeMention(overrides: Partial<MentionView> = {}): MentionView {
  return {
    id: 1,
    sessionId: 7,
    sessionType: 'personal',
    sessionTitle: 'Wang',
    messageId: 300,
    text: '@Master please check the refund',
    authorUserId: 21,
    authorName: 'Agent Ann',
    createdAt: Date.now() - 120_000,
    unread: true,
    ...overrides,
  }
}

export function makeMaterial(overrides: Partial<MaterialView> = {}): MaterialView {
  return {
    id: 1,
    ownerType: 1,
    ownerUserId: null,
    usage: 'message',
    type: 'text',
    name: 'Greeting',
    groupId: null,
    groupName: null,
    enabled: true,
    content: { type: 'text', text: 'Hello, how can we help?' },
    media: null,
    createdBy: 10,
    createdAt: Date.UTC(2026, 0, 1),
    updatedAt: Date.UTC(2026, 0, 2),
    can: { edit: true, delete: true },
    ...overrides,
  }
}

export function makeAccount(overrides: Partial<WsAccountView> = {}): WsAccountView {
  return {
    id: 1,
    phone: '8613800000001',
    groupId: null,
    groupName: null,
    type: 'personal',
    status: 'online',
    abnormalReason: null,
    bannedAt: null,
    restrictedUntil: null,
    remark: '',
    proxy: '',
    ipArea: '',
    customerCount: 0,
    sessionCount: 0,
    agentUserId: null,
    agentName: null,
    linked: true,
    createdAt: Date.UTC(2026, 0, 5),
    ...overrides,
  }
}

/** A File whose bytes are `head` followed by zeros up to `size`. */
export function fileOf(name: string, head: number[], size = head.length): File {
  const bytes = new Uint8Array(Math.max(size, head.length))
  bytes.set(head)
  return new File([bytes], name)
}

/** The first bytes of a PNG of the given size (signature and IHDR). */
export function pngHead(width: number, height: number): number[] {
  const b = new Uint8Array(24)
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(b.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  return [...b]
}

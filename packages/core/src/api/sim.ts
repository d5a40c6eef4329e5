import { z } from 'zod'
import { CHAT_TEXT_MAX } from '../constants.js'
import type { ValidationKey } from '../validation.js'
import { normalizePhone } from './accounts.js'

/**
 * The simulated phone (/sim, demo mode only): request schemas and answers of /damai/sim/*.
 * A phone is 8–20 digits with the country code; '+', spaces, dashes and brackets are dropped.
 */
export const SIM_PHONE_MIN = 8
export const SIM_PHONE_MAX = 20
export const SIM_TEXT_MAX = CHAT_TEXT_MAX
export const SIM_MESSAGES_PAGE_MAX = 1000
export const SIM_GROUP_MEMBERS_MAX = 50

const SIM_PHONE_RE = new RegExp(`^\\d{${SIM_PHONE_MIN},${SIM_PHONE_MAX}}$`)
const GROUP_JID_RE = /^[\d-]{6,40}@g\.us$/

/** A simulated phone number as typed: null when valid, else the validation key to show. */
export function checkSimPhone(input: string | null | undefined): ValidationKey | null {
  if (!input?.trim()) return 'phone.required'
  return SIM_PHONE_RE.test(normalizePhone(input.trim())) ? null : 'phone.invalid'
}

export const isSimGroupId = (peer: string): boolean => GROUP_JID_RE.test(peer)

const simPhone = z
  .string({ message: 'phone.required' })
  .max(40, 'phone.invalid')
  .superRefine((v, ctx) => {
    const key = checkSimPhone(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })
  .transform((v) => normalizePhone(v.trim()))

const groupId = z.string({ message: 'required' }).regex(GROUP_JID_RE, 'invalid')

/** Another phone (digits) or a group (its jid): where a message goes, or whose chat is open. */
const peer = z
  .string({ message: 'required' })
  .trim()
  .max(60, 'invalid')
  .superRefine((v, ctx) => {
    if (!isSimGroupId(v) && checkSimPhone(v)) ctx.addIssue({ code: 'custom', message: 'phone.invalid' })
  })
  .transform((v) => (isSimGroupId(v) ? v : normalizePhone(v)))

const shortText = (max: number) => z.string().trim().max(max, 'tooLong')

/** POST /damai/sim/phones: a phone on the network (created, or renamed when a name is given). */
export const simPhoneBody = z.object({ phone: simPhone, name: shortText(40).optional() })
/** Query of the calls that look at one phone. */
export const simPhoneQuery = z.object({ phone: simPhone })
/** POST /damai/sim/scan: the phone's camera reads a QR the product shows. */
export const simScanBody = z.object({
  phone: simPhone,
  qr: z.string().min(1, 'required').max(500, 'invalid'),
})
/** POST /damai/sim/pair: the phone's user types the pairing code the product shows. */
export const simPairBody = z.object({
  phone: simPhone,
  code: z
    .string({ message: 'required' })
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{8}$/, 'invalid')),
})
/** GET /damai/sim/messages: one chat, newest last; `before` (a message id) pages back. */
export const simMessagesQuery = z.object({
  phone: simPhone,
  peer,
  limit: z.coerce.number().int().min(1).max(SIM_MESSAGES_PAGE_MAX).default(50),
  before: z.string().max(80).optional(),
})

export const simContent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    text: z.string().trim().min(1, 'required').max(SIM_TEXT_MAX, 'tooLong'),
  }),
  /** a generated sample picture */
  z.object({ kind: z.literal('image'), caption: shortText(1024).optional() }),
  z.object({
    kind: z.literal('location'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: shortText(100).optional(),
    address: shortText(200).optional(),
  }),
  z.object({
    kind: z.literal('contact'),
    name: z.string().trim().min(1, 'required').max(60, 'tooLong'),
    phone: simPhone,
  }),
])
export type SimContentInput = z.input<typeof simContent>

/** POST /damai/sim/send: as `phone`, to a number or a group the phone is in. */
export const simSendBody = z.object({ phone: simPhone, to: peer, content: simContent })
/** POST /damai/sim/read: the phone opens the chat; everything the peer sent is read. */
export const simReadBody = z.object({ phone: simPhone, peer })
/** POST /damai/sim/revoke: delete one's own message for everyone. */
export const simRevokeBody = z.object({ phone: simPhone, messageId: z.string().min(1, 'required').max(80) })
export const simGroupCreateBody = z.object({
  phone: simPhone,
  subject: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  members: z.array(simPhone).max(SIM_GROUP_MEMBERS_MAX, 'tooLong').default([]),
})
/** Join by invite code or link (or by group id). */
export const simGroupJoinBody = z.object({
  phone: simPhone,
  code: z.string().trim().min(1, 'required').max(200, 'invalid'),
})
export const simGroupBody = z.object({ phone: simPhone, groupId })

export const SIM_FAULTS = ['disconnect', 'pushOut', 'ban', 'unban', 'deviceRemoved'] as const
export type SimFault = (typeof SIM_FAULTS)[number]
/** POST /damai/sim/fault: what WhatsApp or the phone's owner does to a linked number. */
export const simFaultBody = z.object({
  phone: simPhone,
  fault: z.enum(SIM_FAULTS),
  /** disconnect: reconnects fail for this long (the product backs off and retries) */
  outageMs: z.number().int().min(0).max(600_000).optional(),
})

export interface SimPhoneView {
  number: string
  name: string
  registered: boolean
  /** has (or had) linked devices: the number of a product account */
  isAccount: boolean
  /** has linked devices now */
  linked: boolean
  /** one of its linked devices is connected */
  online: boolean
  accountIds: number[]
  banned: boolean
  restrictedUntil: number | null
}

/** A QR a pending login shows on the accounts screen: what the phone's camera sees. */
export interface SimPendingQr {
  accountId: number
  /** the enterprise account of the tenant linking it */
  tenant: string | null
  qr: string
  qrDataUrl: string
  expiresAt: number
}

export interface SimLinkResult {
  accountId: number
  phone: string
}

export interface SimChatView {
  /** the other phone's digits, or the group jid */
  peer: string
  type: 'direct' | 'group'
  title: string
  lastAt: number
  /** the newest message, for the chat list */
  last: Pick<SimMessageView, 'kind' | 'text' | 'fromMe' | 'revoked'> | null
  unread: number
  /** groups: whether the phone is still a member */
  member: boolean
}

export type SimReceiptValue = 'sent' | 'delivered' | 'read' | 'played'
export type SimMessageKind =
  | 'text'
  | 'image'
  | 'video'
  | 'audio'
  | 'document'
  | 'sticker'
  | 'location'
  | 'contact'

export interface SimMessageView {
  id: string
  from: string
  fromName: string
  fromMe: boolean
  timestamp: number
  kind: SimMessageKind
  /** the text, a caption, or a short summary */
  text: string
  /** media bytes at GET /damai/sim/media/:id */
  mediaUrl?: string
  fileName?: string
  location?: { latitude: number; longitude: number; name?: string; address?: string }
  contact?: { name: string; phone: string }
  /** the sender's ticks: the furthest stage every recipient reached */
  status: SimReceiptValue
  revoked: boolean
  edited: boolean
  reactions: { from: string; emoji: string }[]
  /** sent by the product (a linked device) rather than from the phone app */
  viaDevice: boolean
}

export interface SimMessagesPage {
  list: SimMessageView[]
  hasMore: boolean
}

export interface SimGroupView {
  id: string
  subject: string
  owner: string
  inviteCode: string
  inviteLink: string
  participants: { phone: string; name: string; role: 'member' | 'admin' | 'superadmin' }[]
}

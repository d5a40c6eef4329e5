import { z } from 'zod'
import { CHAT_TEXT_MAX } from '../constants.js'
import type { ValidationKey } from '../validation.js'
import { normalizePhone } from './accounts.js'
import { endpoint, fileResponse } from './contract.js'

/**
 * The simulated phone (/sim, demo mode only): request schemas and answers of /damai/sim/*.
 * A phone is 8–20 digits with the country code; '+', spaces, dashes and brackets are dropped.
 */
export const SIM_PHONE_MIN = 8
export const SIM_PHONE_MAX = 20
export const SIM_TEXT_MAX = CHAT_TEXT_MAX
export const SIM_MESSAGES_PAGE_MAX = 1000
export const SIM_GROUP_MEMBERS_MAX = 50
/** WhatsApp's limit on a poll's options */
export const SIM_POLL_OPTIONS_MAX = 12

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
  /** a view-once photo: the linked accounts only learn that one came */
  z.object({ kind: z.literal('viewOnce') }),
  z.object({
    kind: z.literal('poll'),
    question: z.string().trim().min(1, 'required').max(255, 'tooLong'),
    options: z
      .array(z.string().trim().min(1, 'required').max(100, 'tooLong'))
      .min(2, 'required')
      .max(SIM_POLL_OPTIONS_MAX, 'tooLong'),
    /** 0: any number of options */
    selectable: z.number().int().min(0).max(SIM_POLL_OPTIONS_MAX).default(1),
  }),
])
export type SimContentInput = z.input<typeof simContent>

/** POST /damai/sim/send: as `phone`, to a number or a group the phone is in. */
export const simSendBody = z.object({ phone: simPhone, to: peer, content: simContent })
/** POST /damai/sim/read: the phone opens the chat; everything the peer sent is read. */
export const simReadBody = z.object({ phone: simPhone, peer })
/** POST /damai/sim/revoke: delete one's own message for everyone. */
export const simRevokeBody = z.object({ phone: simPhone, messageId: z.string().min(1, 'required').max(80) })
/** POST /damai/sim/edit: change the text or caption of one's own message (within WhatsApp's edit window). */
export const simEditBody = z.object({
  phone: simPhone,
  messageId: z.string().min(1, 'required').max(80),
  text: z.string().trim().min(1, 'required').max(SIM_TEXT_MAX, 'tooLong'),
})
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

export const SIM_FAULTS = [
  'disconnect',
  'pushOut',
  'ban',
  'unban',
  'deviceRemoved',
  /** WhatsApp refuses the product's client version for this number (405), until `publishUpdate` */
  'requireUpdate',
  'publishUpdate',
] as const
export type SimFault = (typeof SIM_FAULTS)[number]
/** POST /damai/sim/fault: what WhatsApp or the phone's owner does to a linked number. */
export const simFaultBody = z.object({
  phone: simPhone,
  fault: z.enum(SIM_FAULTS),
  /** disconnect: reconnects fail for this long (the product backs off and retries) */
  outageMs: z.number().int().min(0).max(600_000).optional(),
})

/**
 * How WhatsApp addresses a customer's number to the product's accounts: by phone (the hidden id
 * alongside), by hidden id with the phone alongside, or by hidden id alone (the phone left out).
 */
export const SIM_ADDRESSINGS = ['phone', 'lid', 'lid-hidden'] as const
export type SimAddressingValue = (typeof SIM_ADDRESSINGS)[number]
/** POST /damai/sim/addressing: how WhatsApp addresses this (customer) number from now on. */
export const simAddressingBody = z.object({ phone: simPhone, addressing: z.enum(SIM_ADDRESSINGS) })
/** POST /damai/sim/reveal: WhatsApp tells the accounts chatting with the number its phone behind the hidden id. */
export const simRevealBody = z.object({ phone: simPhone })

const int = z.number().int()

export const simPhoneView = z.object({
  number: z.string(),
  name: z.string(),
  registered: z.boolean(),
  /** has (or had) linked devices: the number of a product account */
  isAccount: z.boolean(),
  /** has linked devices now */
  linked: z.boolean(),
  /** one of its linked devices is connected */
  online: z.boolean(),
  accountIds: z.array(int),
  banned: z.boolean(),
  restrictedUntil: int.nullable(),
  /** WhatsApp refuses the client version of its linked devices until an update is published */
  updateRequired: z.boolean(),
  /** how WhatsApp addresses the number to the accounts */
  addressing: z.enum(SIM_ADDRESSINGS),
})
export type SimPhoneView = z.infer<typeof simPhoneView>

/** A QR a pending login shows on the accounts screen: what the phone's camera sees. */
export const simPendingQr = z.object({
  accountId: int,
  /** the enterprise account of the tenant linking it */
  tenant: z.string().nullable(),
  qr: z.string(),
  qrDataUrl: z.string(),
  expiresAt: int,
})
export type SimPendingQr = z.infer<typeof simPendingQr>

export const simLinkResult = z.object({ accountId: int, phone: z.string() })
export type SimLinkResult = z.infer<typeof simLinkResult>

export const SIM_RECEIPTS = ['sent', 'delivered', 'read', 'played'] as const
export type SimReceiptValue = (typeof SIM_RECEIPTS)[number]
export const SIM_MESSAGE_KINDS = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contact',
  'viewOnce',
  'poll',
  'album',
] as const
export type SimMessageKind = (typeof SIM_MESSAGE_KINDS)[number]

export const simMessageView = z.object({
  id: z.string(),
  from: z.string(),
  fromName: z.string(),
  fromMe: z.boolean(),
  timestamp: int,
  kind: z.enum(SIM_MESSAGE_KINDS),
  /** the text, a caption, or a short summary */
  text: z.string(),
  /** media bytes at GET /damai/sim/media/:id */
  mediaUrl: z.string().optional(),
  fileName: z.string().optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  contact: z.object({ name: z.string(), phone: z.string() }).optional(),
  poll: z.object({ options: z.array(z.string()), selectable: int }).optional(),
  /** the sender's ticks: the furthest stage every recipient reached */
  status: z.enum(SIM_RECEIPTS),
  revoked: z.boolean(),
  edited: z.boolean(),
  reactions: z.array(z.object({ from: z.string(), emoji: z.string() })),
  /** sent by the product (a linked device) rather than from the phone app */
  viaDevice: z.boolean(),
})
export type SimMessageView = z.infer<typeof simMessageView>

export const simChatView = z.object({
  /** the other phone's digits, or the group jid */
  peer: z.string(),
  type: z.enum(['direct', 'group']),
  title: z.string(),
  lastAt: int,
  /** the newest message, for the chat list */
  last: simMessageView.pick({ kind: true, text: true, fromMe: true, revoked: true }).nullable(),
  unread: int,
  /** groups: whether the phone is still a member */
  member: z.boolean(),
})
export type SimChatView = z.infer<typeof simChatView>

export const simMessagesPage = z.object({ list: z.array(simMessageView), hasMore: z.boolean() })
export type SimMessagesPage = z.infer<typeof simMessagesPage>

export const simGroupView = z.object({
  id: z.string(),
  subject: z.string(),
  owner: z.string(),
  inviteCode: z.string(),
  inviteLink: z.string(),
  participants: z.array(
    z.object({ phone: z.string(), name: z.string(), role: z.enum(['member', 'admin', 'superadmin']) }),
  ),
})
export type SimGroupView = z.infer<typeof simGroupView>

// ---- endpoints ----

/**
 * Registered only when the app runs on the simulated network (demo mode): elsewhere these paths
 * do not exist. Public, because the person holding the phone is not a user of the product.
 */
const sim = { roles: 'public', tags: ['sim'] } as const

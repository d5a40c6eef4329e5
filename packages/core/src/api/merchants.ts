import { z } from 'zod'
import { type AccountStateValue, BATCH_IDS_MAX } from '../messaging.js'
import { HISTORY_KEYWORD_MAX, HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX, historyCursor } from './chat-history.js'

/**
 * The number-merchant interface: codes a supervisor issues so a number supplier links WhatsApp
 * numbers into the tenant from a public page, and reads their chat history from another.
 */
export const MerchantPath = {
  page: '/damai/customer/merchantCode/page',
  create: '/damai/customer/merchantCode',
  update: '/damai/customer/merchantCode',
  revoke: '/damai/customer/merchantCode/revoke',
  accounts: '/damai/customer/merchantCode/accounts',
  chatHistory: '/damai/customer/merchantCode/chatHistory',
  publicInfo: '/damai/public/merchantCode/info',
  publicLink: '/damai/public/merchantCode/link',
  publicStatus: '/damai/public/merchantCode/status',
  publicChatHistory: '/damai/public/merchantCode/chatHistory',
} as const

export const MERCHANT_CODE_NAME_MAX = 50
/** How many numbers one code may link at most. */
export const MERCHANT_QUOTA_MAX = 10_000
/** How often the public page asks for the pairing progress, in ms. */
export const MERCHANT_STATUS_POLL_MS = 2_000

const id = z.number({ message: 'invalid' }).int().positive()
const name = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(MERCHANT_CODE_NAME_MAX, 'tooLong')
const quota = z
  .number({ message: 'required' })
  .int('invalid')
  .min(1, 'invalid')
  .max(MERCHANT_QUOTA_MAX, 'invalid')
const expiresAt = z.number().int().positive().nullable()
/** A share code as it appears in a link (`?c=`). */
export const merchantCodeParam = z.string().trim().min(1, 'required').max(64, 'invalid')

export const merchantCodePageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  name: z.string().trim().max(MERCHANT_CODE_NAME_MAX, 'tooLong').optional(),
})
export type MerchantCodePageBody = z.infer<typeof merchantCodePageBody>

export const merchantCodeCreateBody = z.object({ name, quota, expiresAt })
export type MerchantCodeCreateBody = z.infer<typeof merchantCodeCreateBody>

export const merchantCodeUpdateBody = z.object({ id, name, quota, expiresAt })
export type MerchantCodeUpdateBody = z.infer<typeof merchantCodeUpdateBody>

export const merchantCodeIdBody = z.object({ id })

export const merchantCodeIdQuery = z.object({ id: z.coerce.number().int().positive() })

/** The supervisor's read of the history behind a code: one of its numbers, or all of them. */
export const merchantHistoryBody = z.object({
  id,
  accountId: id.optional(),
  keyword: z.string().trim().max(HISTORY_KEYWORD_MAX, 'tooLong').optional(),
  cursor: historyCursor.optional(),
  pageSize: z.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
})
export type MerchantHistoryBody = z.infer<typeof merchantHistoryBody>

export const merchantPublicQuery = z.object({ c: merchantCodeParam })

/** The code travels in the query (`?c=`) of every public call: the rate limit counts per code and address. */
export const merchantPublicLinkBody = z.object({
  phone: z.string({ message: 'phone.required' }).trim().min(1, 'phone.required').max(40, 'phone.invalid'),
})

export const merchantPublicStatusQuery = z.object({
  c: merchantCodeParam,
  accountId: z.coerce.number().int().positive(),
})

export const merchantPublicHistoryBody = z.object({
  accountId: id.optional(),
  cursor: historyCursor.optional(),
  pageSize: z.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
})

/** Whether a code can still link numbers and show history. */
export const MerchantCodeState = {
  active: 'active',
  expired: 'expired',
  revoked: 'revoked',
} as const
export type MerchantCodeStateValue = (typeof MerchantCodeState)[keyof typeof MerchantCodeState]

export function merchantCodeState(
  c: { expiresAt: number | null; revokedAt: number | null },
  now: number,
): MerchantCodeStateValue {
  if (c.revokedAt !== null) return MerchantCodeState.revoked
  if (c.expiresAt !== null && c.expiresAt <= now) return MerchantCodeState.expired
  return MerchantCodeState.active
}

export interface MerchantCodeView {
  id: number
  code: string
  name: string
  quota: number
  /** numbers linked through it */
  linked: number
  expiresAt: number | null
  revokedAt: number | null
  state: MerchantCodeStateValue
  createdAt: number
}

export interface MerchantAccountView {
  accountId: number
  phone: string
  status: AccountStateValue
  /** the account was removed from the tenant since */
  deleted: boolean
  linkedAt: number
}

/** What the public pages know of a code: never the tenant. */
export interface MerchantPublicInfo {
  name: string
  quota: number
  linked: number
  expiresAt: number | null
  accounts: { accountId: number; phone: string; status: AccountStateValue }[]
}

export interface MerchantLinkResult {
  accountId: number
  /** the pairing code to type on the phone; null when WhatsApp has not given it yet (poll the status) */
  code: string | null
}

export interface MerchantLinkStatus {
  accountId: number
  /** the gateway's login state ('awaiting_pairing_code', 'open', …, or 'none') */
  state: string
  accountStatus: AccountStateValue
  code?: string
  error?: string
}

/** The batch of ids a merchant action takes at most. */
export const MERCHANT_BATCH_MAX = BATCH_IDS_MAX

// ---- account profiles: nickname and avatar materials applied to accounts; the proxy's area ----

export const ProfilePath = {
  list: '/damai/customer/wsAccount/profile/list',
  apply: '/damai/customer/wsAccount/profile/apply',
  picture: '/damai/customer/wsAccount/profile/picture',
} as const

/** Apply a nickname material, an avatar material, or both, to each chosen account. */
export const profileApplyBody = z.object({
  accountIds: z.array(id).min(1, 'required').max(BATCH_IDS_MAX, 'tooLong'),
  nicknameMaterialId: id.optional(),
  avatarMaterialId: id.optional(),
})
export type ProfileApplyBody = z.infer<typeof profileApplyBody>

/** The profiles of the accounts a page of the accounts list shows. */
export const profileListBody = z.object({ accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong') })

export const profilePictureQuery = z.object({ accountId: z.coerce.number().int().positive() })

/** One account's outcome: code 0, or the error code with its message. */
export interface ProfileApplyResult {
  accountId: number
  phone: string | null
  code: number
  msg: string
}

export interface AccountProfileView {
  accountId: number
  /** the profile name last set from here, else the name WhatsApp reports */
  name: string | null
  /** a picture was set from here: GET ProfilePath.picture?accountId= serves it */
  hasPicture: boolean
  /** ISO 3166 country of the proxy's exit address; null without a proxy or when unknown */
  ipArea: string | null
}

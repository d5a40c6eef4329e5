import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { ACCOUNT_STATES, BATCH_IDS_MAX } from '../messaging.js'
import {
  HISTORY_KEYWORD_MAX,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  historyCursor,
  historySearchPage,
} from './chat-history.js'
import { endpoint, fileResponse } from './contract.js'

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

/** The code travels in the query (`?c=`) of every public call: a link and its progress are counted per code and address. */
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

const int = z.number().int()
const accountState = z.enum(ACCOUNT_STATES)

export const merchantCodeView = z.object({
  id: int,
  code: z.string(),
  name: z.string(),
  quota: int,
  /** numbers linked through it */
  linked: int,
  expiresAt: int.nullable(),
  revokedAt: int.nullable(),
  state: z.enum([MerchantCodeState.active, MerchantCodeState.expired, MerchantCodeState.revoked]),
  createdAt: int,
})
export type MerchantCodeView = z.infer<typeof merchantCodeView>

export const merchantAccountView = z.object({
  accountId: int,
  phone: z.string(),
  status: accountState,
  /** the account was removed from the tenant since */
  deleted: z.boolean(),
  linkedAt: int,
})
export type MerchantAccountView = z.infer<typeof merchantAccountView>

/** What the public pages know of a code: never the tenant. */
export const merchantPublicInfo = z.object({
  name: z.string(),
  quota: int,
  linked: int,
  expiresAt: int.nullable(),
  accounts: z.array(z.object({ accountId: int, phone: z.string(), status: accountState })),
})
export type MerchantPublicInfo = z.infer<typeof merchantPublicInfo>

export const merchantLinkResult = z.object({
  accountId: int,
  /** the pairing code to type on the phone; null when WhatsApp has not given it yet (poll the status) */
  code: z.string().nullable(),
})
export type MerchantLinkResult = z.infer<typeof merchantLinkResult>

export const merchantLinkStatus = z.object({
  accountId: int,
  /** the gateway's login state ('awaiting_pairing_code', 'open', …, or 'none') */
  state: z.string(),
  accountStatus: accountState,
  code: z.string().optional(),
  error: z.string().optional(),
})
export type MerchantLinkStatus = z.infer<typeof merchantLinkStatus>

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
export const profileApplyResult = z.object({
  accountId: int,
  phone: z.string().nullable(),
  code: int,
  msg: z.string(),
})
export type ProfileApplyResult = z.infer<typeof profileApplyResult>

export const accountProfileView = z.object({
  accountId: int,
  /** the profile name last set from here, else the name WhatsApp reports */
  name: z.string().nullable(),
  /** a picture was set from here: GET ProfilePath.picture?accountId= serves it */
  hasPicture: z.boolean(),
  /** ISO 3166 country of the proxy's exit address; null without a proxy or when unknown */
  ipArea: z.string().nullable(),
})
export type AccountProfileView = z.infer<typeof accountProfileView>

// ---- endpoints ----

const tags = ['merchants'] as const
/** The codes and the account profiles are the supervisor's. */
const master = { roles: Access.master, tags } as const
/** The supplier's public pages: no sign-in, the code (`?c=`) is the key. */
const open = { roles: 'public', tags } as const
const M = MerchantPath

export const merchantEndpoints = {
  page: endpoint({
    ...master,
    method: 'POST',
    path: M.page,
    summary: 'Merchant codes of the tenant, newest first',
    body: merchantCodePageBody,
    response: pageOf(merchantCodeView),
  }),
  create: endpoint({
    ...master,
    method: 'POST',
    path: M.create,
    summary: 'Issue a merchant code',
    body: merchantCodeCreateBody,
    response: merchantCodeView,
  }),
  update: endpoint({
    ...master,
    method: 'PUT',
    path: M.update,
    summary: "Change a code's name, quota or expiry",
    body: merchantCodeUpdateBody,
    response: z.null(),
  }),
  revoke: endpoint({
    ...master,
    method: 'PUT',
    path: M.revoke,
    summary: 'Revoke a merchant code',
    body: merchantCodeIdBody,
    response: z.null(),
  }),
  accounts: endpoint({
    ...master,
    method: 'GET',
    path: M.accounts,
    summary: 'The numbers linked through a code, with status',
    query: merchantCodeIdQuery,
    response: z.object({ list: z.array(merchantAccountView) }),
  }),
  chatHistory: endpoint({
    ...master,
    method: 'POST',
    path: M.chatHistory,
    summary: "The chat history of a code's numbers, newest first (keyset cursor)",
    body: merchantHistoryBody,
    response: historySearchPage,
  }),
  publicInfo: endpoint({
    ...open,
    method: 'GET',
    path: M.publicInfo,
    summary: 'What a live code allows, and its numbers',
    query: merchantPublicQuery,
    response: merchantPublicInfo,
  }),
  /** the code travels in the query, the phone in the body */
  publicLink: endpoint({
    ...open,
    method: 'POST',
    path: M.publicLink,
    summary: 'Link a number through a code: answers its pairing code',
    query: merchantPublicQuery,
    body: merchantPublicLinkBody,
    response: merchantLinkResult,
  }),
  publicStatus: endpoint({
    ...open,
    method: 'GET',
    path: M.publicStatus,
    summary: "A linking number's progress",
    query: merchantPublicStatusQuery,
    response: merchantLinkStatus,
  }),
  publicChatHistory: endpoint({
    ...open,
    method: 'POST',
    path: M.publicChatHistory,
    summary: "The chat history of a code's numbers, read-only (keyset cursor)",
    query: merchantPublicQuery,
    body: merchantPublicHistoryBody,
    response: historySearchPage,
  }),
  profileList: endpoint({
    ...master,
    method: 'POST',
    path: ProfilePath.list,
    summary: "Accounts' profile name, picture and proxy area",
    body: profileListBody,
    response: z.object({ list: z.array(accountProfileView) }),
  }),
  profileApply: endpoint({
    ...master,
    method: 'POST',
    path: ProfilePath.apply,
    summary: 'Set nickname and avatar materials on accounts',
    body: profileApplyBody,
    response: z.object({ results: z.array(profileApplyResult) }),
  }),
  profilePicture: endpoint({
    ...master,
    method: 'GET',
    path: ProfilePath.picture,
    summary: 'The picture last set on an account',
    query: profilePictureQuery,
    response: fileResponse,
  }),
}

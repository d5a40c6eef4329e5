import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { endpoint } from './contract.js'

/**
 * WS dynamics (/dynamicManage/index, the supervisor): WhatsApp status (story) posts from chosen
 * accounts — a text on a background colour in a font, an image or a video (files uploaded first
 * through the material upload and named by mediaId; the upload checks of images and videos
 * apply) — now or at an appointment time. Each account's part is made by the server's engine
 * (stored first, retried, resumed after a restart) and shows its result: posted (with how many
 * contacts it went to and who viewed it, as WhatsApp reports viewers) or failed with a reason.
 *
 * Paths (envelope `{ code, msg, data }`), all `Access.master`:
 * - POST   {@link DynamicPath.create}  body {@link dynamicCreateBody} → `{ id }`
 * - POST   {@link DynamicPath.page}    body {@link dynamicPageBody} → `Page<DynamicPostView>`
 * - GET    {@link DynamicPath.detail}  query `id` → {@link DynamicPostDetail}
 * - PUT    {@link DynamicPath.cancel}  body `{ id }`: accounts not posted yet are cancelled
 */
export const DynamicPath = {
  create: '/damai/customer/dynamic',
  page: '/damai/customer/dynamic/page',
  detail: '/damai/customer/dynamic/detail',
  cancel: '/damai/customer/dynamic/cancel',
} as const

export const DYNAMIC_KINDS = ['text', 'image', 'video'] as const
export type DynamicKind = (typeof DYNAMIC_KINDS)[number]
/** WhatsApp's status text limit. */
export const DYNAMIC_TEXT_MAX = 700
/** Accounts one post may go out from. */
export const DYNAMIC_ACCOUNTS_MAX = 200
/** WhatsApp's status fonts (0–5) and the background colours offered. */
export const DYNAMIC_FONTS = [0, 1, 2, 3, 4, 5] as const
export const DYNAMIC_COLORS = ['#128C7E', '#25D366', '#34B7F1', '#FF6F61', '#8E44AD', '#2C3E50'] as const

/** Why an account's part failed; the detail carries WhatsApp's own words where there are any. */
export const DynamicFailure = {
  accountOffline: 'account_offline',
  accountBanned: 'account_banned',
  accountGone: 'account_gone',
  noContacts: 'no_contacts',
  mediaMissing: 'media_missing',
  gateway: 'gateway_error',
} as const
export type DynamicFailureValue = (typeof DynamicFailure)[keyof typeof DynamicFailure]

export const DynamicTargetState = {
  pending: 'open',
  posted: 'posted',
  failed: 'failed',
  cancelled: 'cancelled',
} as const
export type DynamicTargetStateValue = (typeof DynamicTargetState)[keyof typeof DynamicTargetState]

const id = z.number().int().positive()
const text = z.string().trim().max(DYNAMIC_TEXT_MAX, 'dynamic.textLength')

export const dynamicCreateBody = z
  .object({
    kind: z.enum(DYNAMIC_KINDS),
    accountIds: z
      .array(id)
      .min(1, 'dynamic.accountsRequired')
      .max(DYNAMIC_ACCOUNTS_MAX)
      .transform((a) => [...new Set(a)]),
    /** the text of a text status, or the caption of an image or video */
    text: text.default(''),
    backgroundColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'dynamic.color')
      .optional(),
    font: z
      .number()
      .int()
      .min(0)
      .max(DYNAMIC_FONTS.length - 1)
      .optional(),
    mediaId: id.optional(),
    /** epoch ms; absent posts now */
    scheduledAt: z.number().int().positive().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'text' && b.text.length === 0)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'dynamic.textRequired' })
    if (b.kind !== 'text' && b.mediaId === undefined)
      ctx.addIssue({ code: 'custom', path: ['mediaId'], message: 'dynamic.mediaRequired' })
  })
export type DynamicCreateBody = z.infer<typeof dynamicCreateBody>

export const dynamicPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
})
export const dynamicIdQuery = z.object({ id: z.coerce.number().int().positive() })
export const dynamicIdBody = z.object({ id })

const int = z.number().int()

export const dynamicCounts = z.object({
  total: int,
  pending: int,
  posted: int,
  failed: int,
  cancelled: int,
  views: int,
})
export type DynamicCounts = z.infer<typeof dynamicCounts>

export const dynamicPostView = z.object({
  id: int,
  kind: z.enum(DYNAMIC_KINDS),
  text: z.string(),
  backgroundColor: z.string().nullable(),
  font: int.nullable(),
  mediaId: int.nullable(),
  scheduledAt: int,
  createdAt: int,
  counts: dynamicCounts,
})
export type DynamicPostView = z.infer<typeof dynamicPostView>

export const dynamicTargetView = z.object({
  accountId: int,
  phone: z.string(),
  state: z.enum(DynamicTargetState),
  reason: z.enum(DynamicFailure).nullable(),
  detail: z.string().nullable(),
  audience: int,
  postedAt: int.nullable(),
  viewers: z.array(z.object({ viewer: z.string(), viewedAt: int })),
})
export type DynamicTargetView = z.infer<typeof dynamicTargetView>

export const dynamicPostDetail = dynamicPostView.extend({ targets: z.array(dynamicTargetView) })
export type DynamicPostDetail = z.infer<typeof dynamicPostDetail>

/** WS dynamics are the supervisor's. */
const master = { roles: Access.master, tags: ['dynamics'] } as const

export const dynamicEndpoints = {
  create: endpoint({
    ...master,
    method: 'POST',
    path: DynamicPath.create,
    summary: 'Post a status (text, image or video) from chosen accounts, now or at an appointment time',
    body: dynamicCreateBody,
    response: z.object({ id: int }),
  }),
  page: endpoint({
    ...master,
    method: 'POST',
    path: DynamicPath.page,
    summary: 'Status posts, newest first, with counts',
    body: dynamicPageBody,
    response: pageOf(dynamicPostView),
  }),
  detail: endpoint({
    ...master,
    method: 'GET',
    path: DynamicPath.detail,
    summary: 'A status post with each account’s result and viewers',
    query: dynamicIdQuery,
    response: dynamicPostDetail,
  }),
  cancel: endpoint({
    ...master,
    method: 'PUT',
    path: DynamicPath.cancel,
    summary: 'Cancel the accounts of a post that have not posted yet',
    body: dynamicIdBody,
    response: z.null(),
  }),
}

import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { BATCH_IDS_MAX } from '../messaging.js'
import { endpoint, fileResponse } from './contract.js'

/**
 * Diversion links (/marketing/diversionLink and the public /s?c=<code>), the counter
 * (/counter/index and its public share page /counterShare?c=<code>) and the desk's marketing
 * interaction (/customerServiceDesk/marketingInteraction); product decisions "Diversion link",
 * "Customer acquisition statistics", "Counter".
 *
 * A visit to `/s?c=<code>` picks the link's next online, unbanned account in turn (skipping
 * capped ones) and redirects to `https://wa.me/<phone>?text=<greeting> [#REF]`. The short
 * reference names the visit: the new fan whose first message carries it is attributed to the
 * link; a first message without it falls back to the oldest unclaimed visit of that account
 * within {@link DIVERSION_ATTRIBUTION_WINDOW_MS}.
 *
 * Paths (envelope `{ code, msg, data }`), the supervisor's (`Access.master`) unless said:
 * - POST   {@link DiversionPath.create}   body {@link diversionLinkBody} → {@link DiversionLinkView}
 * - PUT    {@link DiversionPath.update}   body {@link diversionLinkUpdateBody} → {@link DiversionLinkView}
 * - PUT    {@link DiversionPath.enable}   body {@link diversionEnableBody}
 * - DELETE {@link DiversionPath.remove}   query `id`
 * - POST   {@link DiversionPath.page}     body {@link diversionPageBody} → `Page<DiversionLinkView>`
 * - GET    {@link DiversionPath.stats}    query `id` → {@link DiversionLinkStats}
 * - GET    {@link DiversionPath.qr}       query `id` → `{ dataUrl }` (PNG of the public link)
 * - GET    `/s?c=<code>` (public): 302 to wa.me, or to `/s?c=<code>&why=<reason>&lang=<zh|en>`
 * - GET    {@link DiversionPath.publicVisit} (public) query `c` → `{ url }` (the same visit, as JSON)
 * - POST   {@link CounterPath.page} / create / update / remove, share / revoke; `GET` tally
 * - GET    {@link CounterPath.publicTally} (public) query `c` → {@link CounterTally}
 * - POST   {@link InteractionPath.page} (`Access.desk`) body {@link interactionPageBody} → {@link InteractionPage}
 */
export const DiversionPath = {
  create: '/damai/customer/diversionLink',
  update: '/damai/customer/diversionLink',
  remove: '/damai/customer/diversionLink',
  enable: '/damai/customer/diversionLink/enable',
  page: '/damai/customer/diversionLink/page',
  stats: '/damai/customer/diversionLink/stats',
  qr: '/damai/customer/diversionLink/qr',
  publicVisit: '/damai/public/diversionLink/visit',
} as const

export const CounterPath = {
  create: '/damai/customer/counter',
  update: '/damai/customer/counter',
  remove: '/damai/customer/counter',
  page: '/damai/customer/counter/page',
  tally: '/damai/customer/counter/tally',
  share: '/damai/customer/counter/share',
  revoke: '/damai/customer/counter/share/revoke',
  publicTally: '/damai/public/counter/tally',
} as const

export const InteractionPath = {
  page: '/damai/customer/user/marketingInteraction/page',
} as const

/** The public share page of a counter (web route). */
export const COUNTER_SHARE_PATH = '/counterShare'
/** The public page of a diversion link (web route, also answered by the server). */
export const DIVERSION_PUBLIC_PATH = '/s'

export const DIVERSION_NAME_MAX = 50
export const DIVERSION_GREETING_MAX = 500
/** A per-account daily cap (0 = no cap). */
export const DIVERSION_CAP_MAX = 100_000
export const DIVERSION_ACCOUNTS_MAX = BATCH_IDS_MAX
/** A first message without a visit reference is matched to a visit of the account this recent. */
export const DIVERSION_ATTRIBUTION_WINDOW_MS = 2 * 3_600_000
export const COUNTER_NAME_MAX = 50
/** How often the counter pages refresh their tally. */
export const COUNTER_REFRESH_MS = 10_000
/** The visit reference carried in the prefilled text: `#` and 6 letters or digits (no 0, O, 1, I). */
export const DIVERSION_REF_PATTERN = /#([A-HJ-NP-Z2-9]{6})\b/

/** Why a visit found no account to send to: shown to the visitor on /s. */
export const DiversionUnavailable = {
  unknown: 'unknown',
  disabled: 'disabled',
  noAccount: 'no_account',
} as const
export type DiversionUnavailableValue = (typeof DiversionUnavailable)[keyof typeof DiversionUnavailable]

const id = z.number({ message: 'invalid' }).int().positive()
const idQuery = z.object({ id: z.coerce.number().int().positive() })

const linkName = z
  .string({ message: 'diversion.nameRequired' })
  .trim()
  .min(1, 'diversion.nameRequired')
  .max(DIVERSION_NAME_MAX, 'diversion.nameLength')
const greeting = z.string().trim().max(DIVERSION_GREETING_MAX, 'diversion.greetingLength').default('')
const accountCap = z.object({
  accountId: id,
  dailyCap: z
    .number({ message: 'diversion.capInvalid' })
    .int('diversion.capInvalid')
    .min(0, 'diversion.capInvalid')
    .max(DIVERSION_CAP_MAX, 'diversion.capInvalid')
    .default(0),
})

const linkFields = {
  name: linkName,
  greeting,
  /** accounts with their caps, in round-robin order */
  accounts: z.array(accountCap).max(DIVERSION_ACCOUNTS_MAX, 'tooLong').default([]),
  /** agents: each brings the accounts assigned to them now (no cap) */
  agentIds: z.array(id).max(DIVERSION_ACCOUNTS_MAX, 'tooLong').default([]),
  /** the creator's UTC offset: where a day of the daily caps starts */
  utcOffsetMinutes: z.number().int().min(-720).max(840).default(0),
}

const needsAccounts = (v: { accounts: unknown[]; agentIds: unknown[] }) =>
  v.accounts.length + v.agentIds.length > 0

export const diversionLinkBody = z
  .object(linkFields)
  .refine(needsAccounts, { message: 'diversion.accountsRequired', path: ['accounts'] })
export type DiversionLinkBody = z.infer<typeof diversionLinkBody>

export const diversionLinkUpdateBody = z
  .object({ id, ...linkFields })
  .refine(needsAccounts, { message: 'diversion.accountsRequired', path: ['accounts'] })
export type DiversionLinkUpdateBody = z.infer<typeof diversionLinkUpdateBody>

export const diversionEnableBody = z.object({ id, enabled: z.boolean({ message: 'invalid' }) })
export const diversionIdQuery = idQuery

export const diversionPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  name: z.string().trim().max(DIVERSION_NAME_MAX, 'diversion.nameLength').optional(),
})
export type DiversionPageBody = z.infer<typeof diversionPageBody>

export const publicVisitQuery = z.object({ c: z.string().min(1).max(64) })

const int = z.number().int()

export const diversionLinkAccountView = z.object({
  accountId: int,
  phone: z.string().nullable(),
  dailyCap: int,
})
export type DiversionLinkAccountView = z.infer<typeof diversionLinkAccountView>

export const diversionLinkView = z.object({
  id: int,
  code: z.string(),
  name: z.string(),
  greeting: z.string(),
  enabled: z.boolean(),
  accounts: z.array(diversionLinkAccountView),
  visits: int,
  newFans: int,
  createdAt: int,
})
export type DiversionLinkView = z.infer<typeof diversionLinkView>

export const diversionLinkStats = z.object({
  id: int,
  visits: int,
  /** visits sent on to an account */
  redirected: int,
  newFans: int,
  accounts: z.array(
    z.object({
      accountId: int,
      phone: z.string().nullable(),
      status: z.string(),
      dailyCap: int,
      /** visits today (the cap's day) */
      today: int,
      visits: int,
      newFans: int,
    }),
  ),
  agents: z.array(z.object({ agentId: int.nullable(), name: z.string(), newFans: int })),
})
export type DiversionLinkStats = z.infer<typeof diversionLinkStats>

// ---- counter ------------------------------------------------------------------------------------

const counterWindow = {
  name: z
    .string({ message: 'counter.nameRequired' })
    .trim()
    .min(1, 'counter.nameRequired')
    .max(COUNTER_NAME_MAX, 'counter.nameLength'),
  accountIds: z
    .array(id, { message: 'counter.accountsRequired' })
    .min(1, 'counter.accountsRequired')
    .max(BATCH_IDS_MAX, 'tooLong'),
  startAt: z.number({ message: 'counter.windowRequired' }).int().min(0),
  endAt: z.number({ message: 'counter.windowRequired' }).int().min(0),
}
const windowOrder = (v: { startAt: number; endAt: number }) => v.endAt > v.startAt

export const counterBody = z
  .object(counterWindow)
  .refine(windowOrder, { message: 'counter.windowOrder', path: ['endAt'] })
export const counterUpdateBody = z
  .object({ id, ...counterWindow })
  .refine(windowOrder, { message: 'counter.windowOrder', path: ['endAt'] })
export const counterPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
})
export const counterIdQuery = idQuery
export const counterShareBody = z.object({
  id,
  /** null: never expires */
  expiresAt: z.number().int().positive().nullable().default(null),
})
export const counterRevokeBody = z.object({ id })
export const publicCounterQuery = z.object({ c: z.string().min(8).max(64) })

export const counterView = z.object({
  id: int,
  name: z.string(),
  accountIds: z.array(int),
  startAt: int,
  endAt: int,
  shareCode: z.string().nullable(),
  shareExpiresAt: int.nullable(),
  createdAt: int,
})
export type CounterView = z.infer<typeof counterView>

/** New fans (created within [startAt, endAt]) of the counter's accounts. */
export const counterTally = z.object({
  name: z.string(),
  startAt: int,
  endAt: int,
  total: int,
  rows: z.array(z.object({ accountId: int, phone: z.string().nullable(), count: int })),
  at: int,
})
export type CounterTally = z.infer<typeof counterTally>

// ---- marketing interaction ----------------------------------------------------------------------

export const interactionPageBody = z.object({
  pageSize: z.number().int().min(1).max(100).default(20),
  /** the keyset of the previous page's last row */
  before: z.object({ repliedAt: z.number().int(), id: id }).optional(),
})
export type InteractionPageBody = z.infer<typeof interactionPageBody>

export const interactionView = z.object({
  id: int,
  sessionId: int,
  accountId: int,
  accountPhone: z.string().nullable(),
  fanId: int.nullable(),
  fanName: z.string(),
  fanPhone: z.string().nullable(),
  /** mass_send or auto_reply */
  origin: z.string(),
  repliedAt: int,
})
export type InteractionView = z.infer<typeof interactionView>

export const interactionPage = z.object({
  list: z.array(interactionView),
  next: z.object({ repliedAt: int, id: int }).nullable(),
})
export type InteractionPage = z.infer<typeof interactionPage>

// ---- endpoints ----------------------------------------------------------------------------------

/** Links and counters are the supervisor's. */
const master = { roles: Access.master } as const

export const counterEndpoints = {
  create: endpoint({
    ...master,
    tags: ['counter'],
    method: 'POST',
    path: CounterPath.create,
    summary: 'Create a counter',
    body: counterBody,
    response: counterView,
  }),
  update: endpoint({
    ...master,
    tags: ['counter'],
    method: 'PUT',
    path: CounterPath.update,
    summary: "Change a counter's accounts and window",
    body: counterUpdateBody,
    response: counterView,
  }),
  remove: endpoint({
    ...master,
    tags: ['counter'],
    method: 'DELETE',
    path: CounterPath.remove,
    summary: 'Delete a counter',
    query: counterIdQuery,
    response: z.null(),
  }),
  page: endpoint({
    ...master,
    tags: ['counter'],
    method: 'POST',
    path: CounterPath.page,
    summary: 'Counters, newest first',
    body: counterPageBody,
    response: pageOf(counterView),
  }),
  tally: endpoint({
    ...master,
    tags: ['counter'],
    method: 'GET',
    path: CounterPath.tally,
    summary: 'New fans per account in the window, now',
    query: counterIdQuery,
    response: counterTally,
  }),
  share: endpoint({
    ...master,
    tags: ['counter'],
    method: 'POST',
    path: CounterPath.share,
    summary: 'Share read-only behind a fresh code',
    body: counterShareBody,
    response: counterView,
  }),
  revoke: endpoint({
    ...master,
    tags: ['counter'],
    method: 'PUT',
    path: CounterPath.revoke,
    summary: 'Revoke the share code',
    body: counterRevokeBody,
    response: z.null(),
  }),
  /** public, rate-limited by the server */
  publicTally: endpoint({
    roles: 'public',
    tags: ['counter'],
    method: 'GET',
    path: CounterPath.publicTally,
    summary: 'The tally behind a share code (no sign-in)',
    query: publicCounterQuery,
    response: counterTally,
  }),
}

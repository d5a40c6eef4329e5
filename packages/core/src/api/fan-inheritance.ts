import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { AccountState, type AccountStateValue } from '../messaging.js'
import { endpoint } from './contract.js'

/**
 * Fan inheritance (product-decisions "Fan inheritance"): the fans of a WS account that is banned,
 * logged out for good or deleted are handed to another live account of the tenant, chosen per
 * fan, per label, or all at once. The fan is copied onto the receiving account (the old fan, its
 * session and its messages stay on the old account, so its history stays readable); a contact
 * already on the receiving account is flagged repeat and not copied again. Each handed fan gets a
 * session on the receiving account, which follows that account's agent. Supervisor only.
 */

/** How the fans to hand over are chosen. */
export const InheritMode = { fans: 'fans', label: 'label', all: 'all' } as const
export type InheritModeValue = (typeof InheritMode)[keyof typeof InheritMode]
export const INHERIT_MODES = Object.values(InheritMode) as [InheritModeValue, ...InheritModeValue[]]

/** Why an account may give its fans away. */
export const InheritSourceState = { banned: 'banned', loggedOut: 'loggedOut', deleted: 'deleted' } as const
export type InheritSourceStateValue = (typeof InheritSourceState)[keyof typeof InheritSourceState]

/** A hand-over is running (its batches go on after a restart) or done. */
export const InheritStatus = { running: 'running', done: 'done' } as const
export type InheritStatusValue = (typeof InheritStatus)[keyof typeof InheritStatus]

/** Fans picked one by one in one hand-over. */
export const INHERIT_FANS_MAX = 1000
/** Labels chosen in one hand-over. */
export const INHERIT_LABELS_MAX = 50
/** Largest page of the source's fans (the picker). */
export const INHERIT_FAN_PAGE_MAX = 100
/** Search in the source's fans: name, remark or phone. */
export const INHERIT_SEARCH_MAX = 50

/**
 * Whether an account may be a source, and why: deleted, banned, or logged out for good (no
 * device linked any more, and not logging in again). An online, connecting or still linked
 * account keeps its fans. The one rule, used by the server (and shown by the web as a tag).
 */
export function inheritSourceState(a: {
  status: AccountStateValue | string
  linked: boolean
  deleted: boolean
}): InheritSourceStateValue | null {
  if (a.deleted) return InheritSourceState.deleted
  if (a.status === 'banned') return InheritSourceState.banned
  if (!a.linked && (a.status === 'offline' || a.status === 'abnormal')) return InheritSourceState.loggedOut
  return null
}

const id = z.number({ message: 'invalid' }).int().positive()
const epochMs = z.number({ message: 'invalid' }).int().min(0).max(8_640_000_000_000_000)

/** POST /damai/customer/fanInheritance/fans: a page of a source account's valid fans (the picker), by id. */
export const inheritFansBody = z.object({
  accountId: id,
  keyword: z.string().trim().max(INHERIT_SEARCH_MAX, 'tooLong').optional(),
  /** the last id of the previous page */
  afterId: id.optional(),
  pageSize: z.number().int().min(1).max(INHERIT_FAN_PAGE_MAX).default(50),
})
export type InheritFansBody = z.infer<typeof inheritFansBody>

/**
 * POST /damai/customer/fanInheritance: hand the fans of `accountId` to `toAccountId`. Mode
 * `fans` takes `fanIds` (fans of the source), `label` takes `labelIds` (fans carrying any of
 * them), `all` every valid fan. Invalid customers are never handed over.
 */
export const fanInheritBody = z.object({
  accountId: id,
  toAccountId: id,
  mode: z.enum(INHERIT_MODES, { message: 'invalid' }),
  fanIds: z.array(id).max(INHERIT_FANS_MAX, 'tooLong').optional(),
  labelIds: z.array(id).max(INHERIT_LABELS_MAX, 'tooLong').optional(),
})
export type FanInheritBody = z.infer<typeof fanInheritBody>

/**
 * What is missing or wrong across the fields of a hand-over, or null: the receiver is the
 * source, or the chosen mode has nothing chosen. The server answers it with its error code; the
 * form checks the same before sending.
 */
export function fanInheritProblem(
  b: Pick<FanInheritBody, 'accountId' | 'toAccountId' | 'mode' | 'fanIds' | 'labelIds'>,
): 'sameAccount' | 'fansRequired' | 'labelsRequired' | null {
  if (b.accountId === b.toAccountId) return 'sameAccount'
  if (b.mode === InheritMode.fans && !b.fanIds?.length) return 'fansRequired'
  if (b.mode === InheritMode.label && !b.labelIds?.length) return 'labelsRequired'
  return null
}

/** POST /damai/customer/fanInheritance/page: the hand-overs, newest first; optionally of one account (either side). */
export const fanInheritPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  accountId: id.optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
})
export type FanInheritPageBody = z.infer<typeof fanInheritPageBody>

/** An account that may give its fans away, with how many valid fans it has. */
export const inheritSourceView = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  pushName: z.string(),
  remark: z.string(),
  status: z.enum(AccountState),
  state: z.enum(InheritSourceState),
  fanCount: z.number().int(),
})
export type InheritSourceView = z.infer<typeof inheritSourceView>

/** A fan of a source account, as the picker shows it. */
export const inheritFanView = z.object({
  id: z.number().int(),
  title: z.string(),
  phone: z.string().nullable(),
  remark: z.string(),
  labels: z.array(z.string()),
})
export type InheritFanView = z.infer<typeof inheritFanView>

export const inheritFanPage = z.object({
  list: z.array(inheritFanView),
  /** the `afterId` of the next page; null on the last */
  nextAfterId: z.number().int().nullable(),
})
export type InheritFanPage = z.infer<typeof inheritFanPage>

/** One hand-over: who, when, from, to, how chosen, what came of it. */
export const fanInheritanceView = z.object({
  id: z.number().int(),
  fromAccountId: z.number().int(),
  fromPhone: z.string().nullable(),
  toAccountId: z.number().int(),
  toPhone: z.string().nullable(),
  mode: z.enum(InheritMode),
  /** the labels of a `label` hand-over, as named at the time */
  labelNames: z.array(z.string()),
  /** fans copied onto the receiving account */
  moved: z.number().int(),
  /** fans already on the receiving account: flagged repeat, not copied */
  repeat: z.number().int(),
  status: z.enum(InheritStatus),
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
})
export type FanInheritanceView = z.infer<typeof fanInheritanceView>

/** Fan inheritance: the supervisor hands a lost account's fans to another account of the tenant. */
const master = { roles: Access.master, tags: ['fan inheritance'] } as const
const base = '/damai/customer/fanInheritance'

export const fanInheritanceEndpoints = {
  sources: endpoint({
    ...master,
    method: 'GET',
    path: `${base}/sources`,
    summary: 'Accounts that may hand their fans over (banned, logged out, deleted)',
    response: z.object({ list: z.array(inheritSourceView) }),
  }),
  fans: endpoint({
    ...master,
    method: 'POST',
    path: `${base}/fans`,
    summary: "A page of a source account's valid fans, by id",
    body: inheritFansBody,
    response: inheritFanPage,
  }),
  inherit: endpoint({
    ...master,
    method: 'POST',
    path: base,
    summary: 'Hand fans (chosen one by one, by label, or all) to another account; repeats are flagged',
    body: fanInheritBody,
    response: fanInheritanceView,
  }),
  page: endpoint({
    ...master,
    method: 'POST',
    path: `${base}/page`,
    summary: 'Records of hand-overs, newest first',
    body: fanInheritPageBody,
    response: pageOf(fanInheritanceView),
  }),
}

import { z } from 'zod'
import { GROUP_NAME_MAX } from '../constants.js'
import {
  type AbnormalReasonValue,
  ACCOUNT_IMPORT_MAX_LINES,
  ACCOUNT_REMARK_MAX,
  ACCOUNT_STATES,
  type AccountStateValue,
  type AccountTypeValue,
  BATCH_IDS_MAX,
} from '../messaging.js'
import { checkGroupName, checkSessionPhone, type ValidationKey } from '../validation.js'

const id = z.number({ message: 'invalid' }).int().positive()
const ids = z.array(id).min(1, 'required').max(BATCH_IDS_MAX, 'tooLong')

/** Digits of a phone as typed ('+86 138-0013 8000' → '8613800138000'). */
export const normalizePhone = (input: string): string => input.replace(/[\s+\-().]/g, '')

/** A WS account's phone: 9–20 digits with the country code (the same rule as a new session's phone). */
export function checkAccountPhone(input: string | null | undefined): ValidationKey | null {
  return checkSessionPhone(input == null ? input : normalizePhone(input))
}

/** POST /damai/customer/wsAccount/page */
export const wsAccountPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  phone: z.string().trim().max(40, 'tooLong').optional(),
  status: z.enum(ACCOUNT_STATES).optional(),
  groupId: id.optional(),
})
export type WsAccountPageBody = z.infer<typeof wsAccountPageBody>

/** POST …/loginQr: a new account, or a fresh link of an existing one of the tenant. */
export const wsAccountLoginQrBody = z.object({ accountId: id.optional() })
/** POST …/loginCode: phone and proxy are checked by the server with clear codes. */
export const wsAccountLoginCodeBody = z.object({
  phone: z.string({ message: 'phone.required' }).max(40, 'phone.invalid'),
  proxy: z.string().max(300, 'tooLong').optional(),
})
export const wsAccountIdsBody = z.object({ ids })
export const wsAccountRemarkBody = z.object({
  ids,
  remark: z.string().trim().max(ACCOUNT_REMARK_MAX, 'tooLong'),
})
export const wsAccountGroupAssignBody = z.object({ ids, groupId: id.nullable() })
/** An empty proxy clears it. */
export const wsAccountProxyBody = z.object({ ids, proxy: z.string().trim().max(300, 'tooLong') })
/** Query of DELETE /damai/customer/wsAccount: `ids=1,2,3`. */
export const wsAccountDeleteQuery = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'invalid')
    .transform((s) => s.split(',').map(Number))
    .pipe(ids),
})

/** POST …/import: one account per line, `phone[,proxy]`. */
export const wsAccountImportBody = z.object({
  lines: z
    .string({ message: 'required' })
    .max(ACCOUNT_IMPORT_MAX_LINES * 320, 'tooLong')
    .refine((s) => s.split(/\r?\n/).filter((l) => l.trim()).length > 0, 'required')
    .refine((s) => s.split(/\r?\n/).filter((l) => l.trim()).length <= ACCOUNT_IMPORT_MAX_LINES, 'tooLong'),
})

const groupName = z
  .string({ message: 'groupName.required' })
  .max(GROUP_NAME_MAX * 4, 'groupName.length')
  .superRefine((v, ctx) => {
    const key = checkGroupName(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })
export const accountGroupCreateBody = z.object({ name: groupName })
export const accountGroupUpdateBody = z.object({ id, name: groupName })

/** Acquisition statistics: new fans per account per day in [from, to). */
export const acquisitionBody = z.object({
  from: z.number().int().min(0),
  to: z.number().int().min(0),
  accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong').optional(),
  /** the viewer's offset from UTC, to cut days at their midnight; default 0 */
  utcOffsetMinutes: z.number().int().min(-720).max(840).default(0),
})
export const acquisitionShareBody = z.object({
  accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong').optional(),
  expiresAt: z.number().int().positive().nullable().default(null),
})
export const publicAcquisitionQuery = z.object({
  c: z.string().min(8).max(64),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  utcOffsetMinutes: z.coerce.number().int().min(-720).max(840).default(0),
})

export interface WsAccountView {
  id: number
  phone: string | null
  groupId: number | null
  groupName: string | null
  type: AccountTypeValue
  status: AccountStateValue
  abnormalReason: AbnormalReasonValue | null
  bannedAt: number | null
  restrictedUntil: number | null
  remark: string
  /** `ip:port:account:******`: the password never leaves the server */
  proxy: string
  ipArea: string
  customerCount: number
  sessionCount: number
  agentUserId: number | null
  agentName: string | null
  linked: boolean
  createdAt: number
}

export interface AccountGroupView {
  id: number
  name: string
  accountCount: number
  createdAt: number
}

export interface LoginStatusView {
  accountId: number
  /** gateway state, or 'none' when no login runs in this process */
  state: string
  accountStatus: AccountStateValue
  qrDataUrl?: string
  code?: string
  expiresAt?: number
  error?: string
}

export interface ImportResult {
  accepted: { line: number; phone: string; accountId: number }[]
  rejected: { line: number; text: string; code: number; reason: string }[]
}

export interface AcquisitionStats {
  /** day starts (epoch ms, at the viewer's midnight) */
  days: number[]
  rows: { accountId: number; phone: string | null; counts: number[]; total: number }[]
  /** diversion links with visits or new fans on the same accounts in the same range */
  links: AcquisitionLinkRow[]
  /** new fans through links per agent the account belonged to when the fan came (null: none) */
  agents: AcquisitionAgentRow[]
}

export interface AcquisitionLinkRow {
  linkId: number
  name: string
  visits: number
  newFans: number
}

export interface AcquisitionAgentRow {
  agentUserId: number | null
  name: string | null
  newFans: number
}

export interface AcquisitionShareView {
  id: number
  code: string
  accountIds: number[] | null
  expiresAt: number | null
  revokedAt: number | null
  createdAt: number
}

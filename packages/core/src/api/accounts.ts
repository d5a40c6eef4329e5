import { z } from 'zod'
import { Access } from '../access.js'
import { GROUP_NAME_MAX } from '../constants.js'
import { pageOf } from '../errors.js'
import {
  AbnormalReason,
  ACCOUNT_IMPORT_MAX_LINES,
  ACCOUNT_REMARK_MAX,
  ACCOUNT_STATES,
  AccountType,
  BATCH_IDS_MAX,
} from '../messaging.js'
import { checkGroupName, checkSessionPhone, type ValidationKey } from '../validation.js'
import { endpoint } from './contract.js'

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

const int = z.number().int()

export const wsAccountView = z.object({
  id: int,
  phone: z.string().nullable(),
  groupId: int.nullable(),
  groupName: z.string().nullable(),
  type: z.enum(AccountType),
  status: z.enum(ACCOUNT_STATES),
  abnormalReason: z.enum(AbnormalReason).nullable(),
  bannedAt: int.nullable(),
  restrictedUntil: int.nullable(),
  remark: z.string(),
  /** `ip:port:account:******`: the password never leaves the server */
  proxy: z.string(),
  ipArea: z.string(),
  customerCount: int,
  sessionCount: int,
  agentUserId: int.nullable(),
  agentName: z.string().nullable(),
  linked: z.boolean(),
  createdAt: int,
})
export type WsAccountView = z.infer<typeof wsAccountView>

export const accountGroupView = z.object({
  id: int,
  name: z.string(),
  accountCount: int,
  createdAt: int,
})
export type AccountGroupView = z.infer<typeof accountGroupView>

export const loginStatusView = z.object({
  accountId: int,
  /** gateway state, or 'none' when no login runs in this process */
  state: z.string(),
  accountStatus: z.enum(ACCOUNT_STATES),
  qrDataUrl: z.string().optional(),
  code: z.string().optional(),
  expiresAt: int.optional(),
  error: z.string().optional(),
})
export type LoginStatusView = z.infer<typeof loginStatusView>

export const importResult = z.object({
  accepted: z.array(z.object({ line: int, phone: z.string(), accountId: int })),
  rejected: z.array(z.object({ line: int, text: z.string(), code: int, reason: z.string() })),
})
export type ImportResult = z.infer<typeof importResult>

export const acquisitionLinkRow = z.object({
  linkId: int,
  name: z.string(),
  visits: int,
  newFans: int,
})
export type AcquisitionLinkRow = z.infer<typeof acquisitionLinkRow>

export const acquisitionAgentRow = z.object({
  agentUserId: int.nullable(),
  name: z.string().nullable(),
  newFans: int,
})
export type AcquisitionAgentRow = z.infer<typeof acquisitionAgentRow>

export const acquisitionStats = z.object({
  /** day starts (epoch ms, at the viewer's midnight) */
  days: z.array(int),
  rows: z.array(z.object({ accountId: int, phone: z.string().nullable(), counts: z.array(int), total: int })),
  /** diversion links with visits or new fans on the same accounts in the same range */
  links: z.array(acquisitionLinkRow),
  /** new fans through links per agent the account belonged to when the fan came (null: none) */
  agents: z.array(acquisitionAgentRow),
})
export type AcquisitionStats = z.infer<typeof acquisitionStats>

export const acquisitionShareView = z.object({
  id: int,
  code: z.string(),
  accountIds: z.array(int).nullable(),
  expiresAt: int.nullable(),
  revokedAt: int.nullable(),
  createdAt: int,
})
export type AcquisitionShareView = z.infer<typeof acquisitionShareView>

/** WS accounts, their groups and the acquisition statistics are the supervisor's. */
const master = { roles: Access.master } as const
const base = '/damai/customer/wsAccount'
const groupBase = '/damai/customer/wsAccountGroup'
const idQuery = z.object({ id: z.coerce.number().int().positive() })

export const accountEndpoints = {
  page: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'POST',
    path: `${base}/page`,
    summary: 'Page through WS accounts',
    body: wsAccountPageBody,
    response: pageOf(wsAccountView),
  }),
  loginQr: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'POST',
    path: `${base}/loginQr`,
    summary: 'Start a QR login; progress over the socket',
    body: wsAccountLoginQrBody,
    response: z.object({ accountId: int }),
  }),
  loginCode: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'POST',
    path: `${base}/loginCode`,
    summary: 'Start a pairing-code login',
    body: wsAccountLoginCodeBody,
    /** code null: not ready within the server's wait; it comes over the socket and loginStatus */
    response: z.object({ accountId: int, code: z.string().nullable() }),
  }),
  loginStatus: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'GET',
    path: `${base}/loginStatus`,
    summary: 'Login progress of an account',
    query: z.object({ accountId: z.coerce.number().int().positive() }),
    response: loginStatusView,
  }),
  relogin: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'POST',
    path: `${base}/relogin`,
    summary: 'Reconnect linked accounts',
    body: wsAccountIdsBody,
    /** per account: code 0 or an error code of the catalogue */
    response: z.object({ results: z.array(z.object({ id: int, code: int })) }),
  }),
  logout: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'POST',
    path: `${base}/logout`,
    summary: 'Log accounts out',
    body: wsAccountIdsBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'DELETE',
    path: base,
    summary: 'Delete accounts (logs them out)',
    query: wsAccountDeleteQuery,
    response: z.null(),
  }),
  remark: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'PUT',
    path: `${base}/remark`,
    summary: 'Set the remark of accounts',
    body: wsAccountRemarkBody,
    response: z.null(),
  }),
  group: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'PUT',
    path: `${base}/group`,
    summary: 'Move accounts to a group (null: none)',
    body: wsAccountGroupAssignBody,
    response: z.null(),
  }),
  proxy: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'PUT',
    path: `${base}/proxy`,
    summary: 'Set the proxy of accounts (empty clears)',
    body: wsAccountProxyBody,
    response: z.null(),
  }),
  import: endpoint({
    ...master,
    tags: ['wsAccount'],
    method: 'POST',
    path: `${base}/import`,
    summary: 'Import accounts, one "phone[,proxy]" per line',
    body: wsAccountImportBody,
    response: importResult,
  }),
}

export const accountGroupEndpoints = {
  list: endpoint({
    ...master,
    tags: ['wsAccountGroup'],
    method: 'GET',
    path: `${groupBase}/list`,
    summary: 'Account groups with their account counts',
    response: z.object({ list: z.array(accountGroupView) }),
  }),
  create: endpoint({
    ...master,
    tags: ['wsAccountGroup'],
    method: 'POST',
    path: groupBase,
    summary: 'Create an account group',
    body: accountGroupCreateBody,
    response: z.object({ id: int }),
  }),
  rename: endpoint({
    ...master,
    tags: ['wsAccountGroup'],
    method: 'PUT',
    path: groupBase,
    summary: 'Rename an account group',
    body: accountGroupUpdateBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...master,
    tags: ['wsAccountGroup'],
    method: 'DELETE',
    path: groupBase,
    summary: 'Delete an empty account group',
    query: idQuery,
    response: z.null(),
  }),
}

export const acquisitionEndpoints = {
  stats: endpoint({
    ...master,
    tags: ['acquisition'],
    method: 'POST',
    path: `${base}/acquisitionStatistics`,
    summary: 'New fans per account per day',
    body: acquisitionBody,
    response: acquisitionStats,
  }),
  createShare: endpoint({
    ...master,
    tags: ['acquisition'],
    method: 'POST',
    path: `${base}/acquisitionShare`,
    summary: 'Create a read-only share code',
    body: acquisitionShareBody,
    response: acquisitionShareView,
  }),
  listShares: endpoint({
    ...master,
    tags: ['acquisition'],
    method: 'GET',
    path: `${base}/acquisitionShare/list`,
    summary: 'Share codes of the tenant',
    response: z.object({ list: z.array(acquisitionShareView) }),
  }),
  revokeShare: endpoint({
    ...master,
    tags: ['acquisition'],
    method: 'DELETE',
    path: `${base}/acquisitionShare`,
    summary: 'Revoke a share code',
    query: idQuery,
    response: z.null(),
  }),
  /** the share page: no sign-in, read-only, rate-limited by the server */
  publicStats: endpoint({
    roles: 'public',
    tags: ['acquisition'],
    method: 'GET',
    path: '/damai/public/acquisitionStatistics',
    summary: 'Statistics behind a share code (no sign-in, read-only)',
    query: publicAcquisitionQuery,
    response: acquisitionStats,
  }),
}

import { z } from 'zod'
import { Access } from '../access.js'
import type { LanguageCode } from '../constants.js'
import { BATCH_IDS_MAX, FanSource, type FanSourceValue } from '../messaging.js'
import { endpoint, fileResponse } from './contract.js'
import { fanLabelView, LABELS_PER_ACTION_MAX } from './labels.js'

/**
 * The customers list: the supervisor's /fansManage/list (the whole tenant) and the desk's "my
 * customer" (an agent, or a supervisor acting as one: the fans of the sessions they may see).
 * The same calls serve both; the caller decides the scope. Keyset paging over (add time, id),
 * newest first; the total of a filter is its own call, made once per filter.
 */

/** Largest page of the list. */
export const FAN_PAGE_MAX = 100
export const FAN_SEARCH_MAX = 50
/** Phones in one import call: the client sends a long list in batches and shows the progress. */
export const FAN_IMPORT_BATCH_MAX = 20
/** Lines of one import (a paste or a .txt/.csv file). */
export const FAN_IMPORT_LINES_MAX = 5_000
/** Fans in one export; a larger filter is refused with the number to narrow it to. */
export const FAN_EXPORT_MAX = 200_000

export const FAN_SOURCES = Object.values(FanSource) as [FanSourceValue, ...FanSourceValue[]]

const id = z.number({ message: 'invalid' }).int().positive()
/** An epoch-ms instant (up to the last date JavaScript can hold). */
const instant = z.number({ message: 'invalid' }).int().min(0).max(8_640_000_000_000_000)
const bool = z.boolean({ message: 'invalid' })

/** What the list is narrowed to; every field optional, all of them together (AND). */
export const fanFilter = z
  .object({
    /** nickname, WhatsApp name, remark or phone digits; case-insensitive */
    keyword: z.string().trim().max(FAN_SEARCH_MAX, 'tooLong').optional(),
    accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong').optional(),
    accountGroupId: id.optional(),
    source: z.enum(FAN_SOURCES).optional(),
    /** fans carrying any of these labels */
    labelIds: z.array(id).max(LABELS_PER_ACTION_MAX, 'tooLong').optional(),
    repeat: bool.optional(),
    invalid: bool.optional(),
    massSendEnabled: bool.optional(),
    /** ISO 3166 region code (two letters) */
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'invalid')
      .transform((v) => v.toUpperCase())
      .optional(),
    /** add time, from inclusive, to exclusive */
    createdFrom: instant.optional(),
    createdTo: instant.optional(),
    /** last message (the session's last activity), from inclusive, to exclusive */
    lastMessageFrom: instant.optional(),
    lastMessageTo: instant.optional(),
  })
  .refine((f) => f.createdFrom === undefined || f.createdTo === undefined || f.createdFrom < f.createdTo, {
    message: 'invalid',
    path: ['createdTo'],
  })
  .refine(
    (f) =>
      f.lastMessageFrom === undefined || f.lastMessageTo === undefined || f.lastMessageFrom < f.lastMessageTo,
    { message: 'invalid', path: ['lastMessageTo'] },
  )
export type FanFilter = z.infer<typeof fanFilter>

/** POST /damai/customer/fans/page: newest first; pass the previous answer's `nextCursor`. */
export const fanPageBody = z.object({
  filter: fanFilter.default({}),
  cursor: z
    .string()
    .regex(/^\d{1,16}_\d{1,16}$/, 'invalid')
    .optional(),
  pageSize: z.number().int().min(1).max(FAN_PAGE_MAX).default(20),
})
export type FanPageBody = z.infer<typeof fanPageBody>

/** POST /damai/customer/fans/count: how many fans the filter matches. */
export const fanCountBody = z.object({ filter: fanFilter.default({}) })

/** POST /damai/customer/fans/detail */
export const fanIdBody = z.object({ fanId: id })

const fanIds = z.array(id).min(1, 'required').max(BATCH_IDS_MAX, 'tooLong')

/**
 * The fans a batch works on: the chosen ones (`fanIds`), or every fan the filter matches
 * (`filter`), where the batch allows it.
 */
const chosenOrMatching = <T extends z.ZodRawShape>(fields: T) =>
  z.union([z.object({ fanIds, ...fields }), z.object({ filter: fanFilter, ...fields })])

/** PUT /damai/customer/fans/labels: put labels on (or take them off) the chosen or matching fans. */
export const fanBatchLabelsBody = chosenOrMatching({
  labelIds: z.array(id).min(1, 'required').max(LABELS_PER_ACTION_MAX, 'tooLong'),
  mode: z.enum(['add', 'remove']),
})
export type FanBatchLabelsBody = z.infer<typeof fanBatchLabelsBody>

/** PUT /damai/customer/fans/massSend: allow or forbid mass sends to the chosen or matching fans. */
export const fanBatchMassSendBody = chosenOrMatching({ value: bool })
export type FanBatchMassSendBody = z.infer<typeof fanBatchMassSendBody>

/** PUT /damai/customer/fans/invalid: mark the chosen fans invalid (true) or restore them (false). */
export const fanBatchInvalidBody = z.object({ fanIds, value: bool })

/** PUT /damai/customer/fans/migrate: hand the chosen fans' sessions to another agent. */
export const fanBatchMigrateBody = z.object({ fanIds, userId: id })

/** POST /damai/customer/fans/export: the matching fans (or the chosen ones) as an XLSX file. */
export const fanExportBody = z.object({
  filter: fanFilter.default({}),
  fanIds: fanIds.optional(),
  /** the viewer's offset from UTC, for the times written */
  utcOffsetMinutes: z.number().int().min(-720).max(840).default(0),
  language: z.enum(['zh', 'en']).optional(),
})
export type FanExportBody = z.infer<typeof fanExportBody>

/**
 * POST /damai/customer/fans/import ("active add"): phones for one WS account of the caller. Each
 * line is checked on WhatsApp (the desk's cached number check) and becomes a fan with its session.
 */
export const fanImportBody = z.object({
  accountId: id,
  phones: z.array(z.string().max(64, 'tooLong')).min(1, 'required').max(FAN_IMPORT_BATCH_MAX, 'tooLong'),
})
export type FanImportBody = z.infer<typeof fanImportBody>

// ---- answers ----

/** A row of the list. */
export const fanView = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** the name the customer gave themselves on WhatsApp */
  pushName: z.string(),
  remark: z.string(),
  /** digits; null while only the customer's hidden id is known */
  phone: z.string().nullable(),
  /** the phone's last four digits ('' without a phone) */
  phoneTail: z.string(),
  /** WhatsApp's hidden id of the customer (`…@lid`), null when not known */
  lid: z.string().nullable(),
  /** WhatsApp left the phone out: only the hidden id is known (shown as "number hidden by WhatsApp") */
  phoneHidden: z.boolean(),
  accountId: z.number().int(),
  accountPhone: z.string().nullable(),
  accountGroupId: z.number().int().nullable(),
  accountGroupName: z.string().nullable(),
  source: z.enum(FanSource),
  labels: z.array(fanLabelView),
  /** the same phone is a fan of another account of the tenant */
  repeat: z.boolean(),
  /** copied here from a lost account by a fan inheritance */
  inherited: z.boolean(),
  invalid: z.boolean(),
  massSendEnabled: z.boolean(),
  /** ISO region code, '' when unknown */
  country: z.string(),
  createdAt: z.number(),
  /** the session's last activity; null without a session */
  lastMessageAt: z.number().nullable(),
  /** the fan's session (one per account and fan), null when none */
  sessionId: z.number().int().nullable(),
})
export type FanView = z.infer<typeof fanView>

export const fanPage = z.object({
  list: z.array(fanView),
  /** null on the last page */
  nextCursor: z.string().nullable(),
})
export type FanPage = z.infer<typeof fanPage>

/** A session of a fan, as the detail drawer shows it. */
export const fanSessionView = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountPhone: z.string().nullable(),
  /** the agent it is with: migrated to, else the account's; null when unallocated */
  agentUserId: z.number().int().nullable(),
  lastActivityAt: z.number(),
  invalid: z.boolean(),
})
export type FanSessionView = z.infer<typeof fanSessionView>

export const fanDetail = z.object({
  fan: fanView,
  jid: z.string(),
  sessions: z.array(fanSessionView),
})
export type FanDetail = z.infer<typeof fanDetail>

/** How a batch went for one fan of the caller's scope. */
export const FanBatchOutcome = {
  done: 'done',
  /** the fan has no session to hand over */
  noSession: 'noSession',
} as const
export type FanBatchOutcomeValue = (typeof FanBatchOutcome)[keyof typeof FanBatchOutcome]

export const fanBatchResult = z.object({
  /** fans the batch reached (chosen and found, or matching the filter) */
  matched: z.number().int(),
  /** fans changed (labels: fan–label links made or removed) */
  changed: z.number().int(),
  /**
   * chosen ids that are no fans of the caller's scope (another tenant's, or outside an agent's
   * sessions): only counted, never named back
   */
  notFound: z.number().int(),
  /** per chosen fan found, in the order given; empty for a batch over a filter */
  items: z.array(z.object({ fanId: z.number().int(), outcome: z.enum(FanBatchOutcome) })),
})
export type FanBatchResult = z.infer<typeof fanBatchResult>

/** What became of one import line. */
export const FanImportOutcome = {
  added: 'added',
  exists: 'exists',
  notOnWhatsApp: 'notOnWhatsApp',
  invalid: 'invalid',
} as const
export type FanImportOutcomeValue = (typeof FanImportOutcome)[keyof typeof FanImportOutcome]

export const fanImportLine = z.object({
  /** the line as sent */
  line: z.string(),
  /** its digits ('' when it has none) */
  phone: z.string(),
  outcome: z.enum(FanImportOutcome),
  /** the fan added or already there */
  fanId: z.number().int().nullable(),
})
export type FanImportLine = z.infer<typeof fanImportLine>

export const fanImportResult = z.object({ items: z.array(fanImportLine) })
export type FanImportResult = z.infer<typeof fanImportResult>

// ---- export ----

/** Column titles of the export, in the order written. */
export const FAN_EXPORT_COLUMNS = {
  zh: [
    '昵称',
    'WhatsApp 名称',
    '备注',
    '手机号',
    '尾号',
    'WS 账号',
    '来源',
    '账号分组',
    '标签',
    '重复客户',
    '无效客户',
    '允许群发',
    '国家/地区',
    '添加时间',
    '最后消息时间',
    'WhatsApp 隐藏 ID',
  ],
  en: [
    'Nickname',
    'WhatsApp name',
    'Remark',
    'Phone',
    'Last four',
    'WS account',
    'Source',
    'Account group',
    'Labels',
    'Repeat',
    'Invalid',
    'Mass send allowed',
    'Country/region',
    'Added',
    'Last message',
    'WhatsApp hidden ID',
  ],
} as const satisfies Record<LanguageCode, readonly string[]>

/** How sources and flags read in the export. */
export const FAN_EXPORT_WORDS = {
  zh: {
    passive_add: '被动添加',
    stranger_mass_send: '陌生人群发',
    scan_sync: '扫码同步',
    active_add: '主动添加',
    yes: '是',
    no: '否',
  },
  en: {
    passive_add: 'Passive add',
    stranger_mass_send: 'Stranger mass send',
    scan_sync: 'Scan sync',
    active_add: 'Active add',
    yes: 'Yes',
    no: 'No',
  },
} as const satisfies Record<LanguageCode, Record<FanSourceValue | 'yes' | 'no', string>>

/** The last four digits of a phone ('' without one). */
export const phoneTail = (phone: string | null | undefined): string => (phone ? phone.slice(-4) : '')

/**
 * Whether a customer's address is WhatsApp's hidden id (`…@lid`): WhatsApp left the phone out,
 * and screens show "number hidden by WhatsApp" where the phone would be.
 */
export const isHiddenAddress = (jid: string | null | undefined): boolean => !!jid && jid.endsWith('@lid')

/**
 * How a customer is named: nickname, WhatsApp name, phone; '' for one known only by its hidden
 * id, which screens name with the hidden-number label instead of the id.
 */
export const customerTitle = (f: {
  nickname: string | null
  pushName: string | null
  phone: string | null
  jid: string | null
}): string => f.nickname || f.pushName || f.phone || (isHiddenAddress(f.jid) ? '' : (f.jid ?? ''))

import { z } from 'zod'
import { SESSION_PHONE_MAX, SESSION_PHONE_MIN } from '../constants.js'
import { BATCH_IDS_MAX } from '../messaging.js'
import { normalizePhone } from './accounts.js'
import { FAN_SOURCES } from './fans.js'
import { LABELS_PER_ACTION_MAX } from './labels.js'
import {
  MASS_SEND_AUDIENCES,
  MASS_SEND_COUNT_MAX,
  MASS_SEND_DAILY_CAP_MAX,
  MASS_SEND_GROUPS_MAX,
  MASS_SEND_INTERVAL_MAX,
  MASS_SEND_KINDS,
  MASS_SEND_METHODS,
  MASS_SEND_NAME_MAX,
  MASS_SEND_PHONES_MAX,
  MASS_SEND_RECIPIENT_PAGE_MAX,
  MASS_SEND_SENTENCES_MAX,
  MASS_SEND_STATUSES,
  MASS_SEND_WAIT_DEFAULT,
  MASS_SEND_WAIT_MAX,
  MASS_SEND_WAIT_MIN,
  MassSendAudience,
  MassSendKind,
  MassSendMethod,
  RECIPIENT_STATES,
} from './mass-send.js'
import { materialContent } from './materials.js'

/**
 * What the mass-send pages send: the create form (its sentences, audience and timing, with the
 * form's rules of the spec), the task list's and the log's filters, the chart and the group
 * picker; and the phone list a stranger audience is read from, pasted or uploaded.
 */

// ---- phone lists -------------------------------------------------------------------------------

/** A pasted or imported phone list, read line by line. */
export const phoneListResult = z.object({
  /** valid numbers (9–20 digits with the country code), first occurrence order, each once */
  phones: z.array(z.string()),
  /** lines that are not a phone number, with their 1-based line number (an uploaded file lists the first 1,000) */
  invalid: z.array(z.object({ line: z.number().int(), text: z.string() })),
  /** valid lines dropped because the number came earlier */
  duplicates: z.number().int(),
  /** non-empty lines read */
  lines: z.number().int(),
})
export type PhoneListResult = z.infer<typeof phoneListResult>

/**
 * Read a phone list: one number per line (or the first column of a CSV line: `,`, `;` or tab);
 * spaces, `+`, `-`, `(`, `)` and `.` are ignored; empty lines are skipped; a first line that is
 * not a number but a header (letters only) is skipped too. The web reads a paste with it; the
 * server reads an uploaded file with it.
 */
export function parsePhoneLines(lines: readonly string[]): PhoneListResult {
  const seen = new Set<string>()
  const out: PhoneListResult = { phones: [], invalid: [], duplicates: 0, lines: 0 }
  const re = new RegExp(`^\\d{${SESSION_PHONE_MIN},${SESSION_PHONE_MAX}}$`)
  lines.forEach((raw, i) => {
    const cell = (raw.split(/[,;\t]/)[0] ?? '').replace(/^["'\uFEFF]+|["']+$/g, '').trim()
    if (!cell) return
    out.lines++
    if (i === 0 && /^[\p{L}\s_]+$/u.test(cell)) return
    const phone = normalizePhone(cell)
    if (!re.test(phone)) {
      out.invalid.push({ line: i + 1, text: cell.slice(0, 40) })
      return
    }
    if (seen.has(phone)) {
      out.duplicates++
      return
    }
    seen.add(phone)
    out.phones.push(phone)
  })
  return out
}

// ---- request bodies ----------------------------------------------------------------------------

const id = z.number({ message: 'invalid' }).int().positive()
const instant = z.number({ message: 'invalid' }).int().min(0).max(8_640_000_000_000_000)
const taskId = z.number({ message: 'invalid' }).int().positive()

/** A delay range in whole seconds; each wait is drawn inside it. */
const seconds = (required: string) =>
  z
    .object(
      {
        min: z
          .number({ message: required })
          .int(required)
          .min(0, required)
          .max(MASS_SEND_INTERVAL_MAX, 'massSend.intervalMax'),
        max: z
          .number({ message: required })
          .int(required)
          .min(0, required)
          .max(MASS_SEND_INTERVAL_MAX, 'massSend.intervalMax'),
      },
      { message: required },
    )
    .refine((r) => r.min <= r.max, { message: 'massSend.rangeOrder', path: ['max'] })
export type MassSendRange = { min: number; max: number }

/**
 * A sentence: the content of a material of any type (text non-empty and at most 1000, image,
 * GIF, video, voice, file, location, contact card, image-text link; files uploaded first through
 * the material upload and named by `mediaId`), or `{ type: 'material', materialId }` to send a
 * material of the libraries the creator sees (resolved when the task is created). Texts and
 * captions may hold the variables of {@link MASS_SEND_VARIABLES}.
 */
export const massSendSentence = z.discriminatedUnion(
  'type',
  [...materialContent.options, z.object({ type: z.literal('material'), materialId: id })],
  { message: 'massSend.sentenceType' },
)
export type MassSendSentenceInput = z.infer<typeof massSendSentence>

const phone = z
  .string({ message: 'phone.invalid' })
  .regex(new RegExp(`^\\d{${SESSION_PHONE_MIN},${SESSION_PHONE_MAX}}$`), 'phone.invalid')

/** Who receives; `type` decides (and must match the task's kind). */
export const massSendAudienceBody = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('strangers'),
      /** digits only, deduplicated by the server too; read a list with {@link parsePhoneLines} */
      phones: z
        .array(phone, { message: 'massSend.phonesRequired' })
        .min(1, 'massSend.phonesRequired')
        .max(MASS_SEND_PHONES_MAX, 'massSend.phonesTooMany'),
    }),
    z.object({
      type: z.literal('customers'),
      /** every fan in the creator's scope (true), or only those carrying any of `includeLabelIds` */
      all: z.boolean().default(false),
      includeLabelIds: z.array(id).max(LABELS_PER_ACTION_MAX, 'tooLong').default([]),
      /** fans carrying any of these are left out */
      excludeLabelIds: z.array(id).max(LABELS_PER_ACTION_MAX, 'tooLong').default([]),
      /** ISO 3166 region code of the fan's number */
      country: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'invalid')
        .transform((v) => v.toUpperCase())
        .optional(),
      source: z.enum(FAN_SOURCES, { message: 'invalid' }).optional(),
    }),
    z.object({
      type: z.literal('groups'),
      /** group chats from the group picker ({@link MassSendPath.groups}) */
      groupChatIds: z
        .array(id, { message: 'massSend.groupsRequired' })
        .min(1, 'massSend.groupsRequired')
        .max(MASS_SEND_GROUPS_MAX, 'tooLong'),
    }),
  ],
  { message: 'massSend.audienceRequired' },
)
export type MassSendAudienceBody = z.infer<typeof massSendAudienceBody>

/**
 * POST /damai/customer/massSend: create a task; it prepares its audience and then runs at once,
 * or waits (`pending`) until `appointmentAt` when that is in the future (empty or past: at once).
 * Customers are never invalid ones, and never those with mass send forbidden or opted out.
 */
export const massSendCreateBody = z
  .object({
    name: z
      .string({ message: 'massSend.nameRequired' })
      .trim()
      .min(1, 'massSend.nameRequired')
      .max(MASS_SEND_NAME_MAX, 'massSend.nameLength'),
    kind: z.enum(MASS_SEND_KINDS, { message: 'massSend.kindRequired' }),
    method: z.enum(MASS_SEND_METHODS, { message: 'massSend.methodRequired' }),
    audience: massSendAudienceBody,
    /**
     * The WS accounts that send (the creator's usable ones). Strangers: required, spread across
     * them; a number banned or logged out mid-task hands its remaining strangers to the others.
     * Customers: optional, only fans of these accounts (each fan is written from its own account).
     * Groups: ignored (each group chat belongs to one account).
     */
    accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong').default([]),
    sentences: z
      .array(massSendSentence, { message: 'massSend.sentencesRequired' })
      .min(1, 'massSend.sentencesRequired')
      .max(MASS_SEND_SENTENCES_MAX, 'massSend.sentencesTooMany'),
    /** seconds between two sentences to one recipient */
    sentenceInterval: seconds('massSend.sentenceIntervalRequired'),
    /** seconds of rest after each round of `sendCount` recipients (per sending account) */
    customerInterval: seconds('massSend.customerIntervalRequired'),
    /** recipients per round (per sending account), drawn in the range each round */
    sendCount: z
      .object(
        {
          min: z
            .number({ message: 'massSend.sendCountRequired' })
            .int('massSend.sendCountRequired')
            .min(1, 'massSend.sendCountRequired')
            .max(MASS_SEND_COUNT_MAX, 'massSend.sendCountMax'),
          max: z
            .number({ message: 'massSend.sendCountRequired' })
            .int('massSend.sendCountRequired')
            .min(1, 'massSend.sendCountRequired')
            .max(MASS_SEND_COUNT_MAX, 'massSend.sendCountMax'),
        },
        { message: 'massSend.sendCountRequired' },
      )
      .refine((r) => r.min <= r.max, { message: 'massSend.rangeOrder', path: ['max'] }),
    /** recipients each sending account starts per day at most (the day of `utcOffsetMinutes`); 0: no cap */
    dailyCap: z
      .number({ message: 'invalid' })
      .int()
      .min(0)
      .max(MASS_SEND_DAILY_CAP_MAX, 'massSend.dailyCapMax')
      .default(0),
    /** after reply / after read: seconds to wait for the reply or read before the recipient ends `stopped` */
    waitTimeout: z
      .number({ message: 'invalid' })
      .int()
      .min(MASS_SEND_WAIT_MIN, 'massSend.waitTimeout')
      .max(MASS_SEND_WAIT_MAX, 'massSend.waitTimeout')
      .default(MASS_SEND_WAIT_DEFAULT),
    /** epoch ms; empty or past: at once */
    appointmentAt: instant.nullable().optional(),
    /** the creator's offset from UTC: where the daily cap's day starts */
    utcOffsetMinutes: z.number({ message: 'invalid' }).int().min(-720).max(840).default(0),
  })
  .superRefine((b, ctx) => {
    const groupAudience = b.audience.type === MassSendAudience.groups
    if (groupAudience !== (b.kind === MassSendKind.group))
      ctx.addIssue({ code: 'custom', message: 'massSend.kindAudience', path: ['audience', 'type'] })
    if (groupAudience && b.method !== MassSendMethod.oneByOne)
      ctx.addIssue({ code: 'custom', message: 'massSend.groupMethod', path: ['method'] })
    if (b.audience.type === MassSendAudience.strangers && b.accountIds.length === 0)
      ctx.addIssue({ code: 'custom', message: 'massSend.accountsRequired', path: ['accountIds'] })
    if (
      b.audience.type === MassSendAudience.customers &&
      !b.audience.all &&
      b.audience.includeLabelIds.length === 0
    )
      ctx.addIssue({
        code: 'custom',
        message: 'massSend.customersRequired',
        path: ['audience', 'includeLabelIds'],
      })
  })
export type MassSendCreateBody = z.infer<typeof massSendCreateBody>

/** POST /damai/customer/massSend/page: newest first; offset paging (a tenant has few tasks). */
export const massSendPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  name: z.string().trim().max(MASS_SEND_NAME_MAX, 'tooLong').optional(),
  status: z.enum(MASS_SEND_STATUSES).optional(),
  kind: z.enum(MASS_SEND_KINDS).optional(),
  audience: z.enum(MASS_SEND_AUDIENCES).optional(),
  /** created from (inclusive) / to (exclusive) */
  from: instant.optional(),
  to: instant.optional(),
})
export type MassSendPageBody = z.infer<typeof massSendPageBody>

/** PUT …/start, …/pause, …/resume, …/terminate */
export const massSendTaskBody = z.object({ taskId })
/** GET …/detail?taskId=, DELETE /damai/customer/massSend?taskId= */
export const massSendTaskQuery = z.object({ taskId: z.coerce.number().int().positive() })

/** Recipient filters of the log: by state, and by how far the messages got (any sentence). */
const recipientFilter = {
  taskId,
  state: z.enum(RECIPIENT_STATES).optional(),
  delivery: z.enum(['delivered', 'read', 'replied']).optional(),
  failureReason: z
    .enum([
      'risk_control_limit',
      'invalid_customer',
      'mass_send_prohibited',
      'platform_limit',
      'ws_ban',
      'account_status',
      'ws_send_limit_reached',
      'content_violation',
    ])
    .optional(),
  accountId: id.optional(),
}

/** POST …/recipients: in recipient order (the order they are sent in); pass the previous `nextCursor` as `afterId`. */
export const massSendRecipientsBody = z.object({
  ...recipientFilter,
  afterId: z.number().int().min(0).optional(),
  pageSize: z.number().int().min(1).max(MASS_SEND_RECIPIENT_PAGE_MAX).default(20),
})
export type MassSendRecipientsBody = z.infer<typeof massSendRecipientsBody>

/** POST …/recipients/export: the filtered log as XLSX (streamed; every recipient, every sentence). */
export const massSendExportBody = z.object({
  ...recipientFilter,
  utcOffsetMinutes: z.number().int().min(-720).max(840).default(0),
  language: z.enum(['zh', 'en']).optional(),
})
export type MassSendExportBody = z.infer<typeof massSendExportBody>

/** POST …/chart: sends over time per sending account; `bucketMinutes` empty: chosen so the task spans ≤ 120 buckets. */
export const massSendChartBody = z.object({
  taskId,
  bucketMinutes: z.number().int().min(1).max(1440).optional(),
})

/** POST …/audience/count: how many customers a customers audience reaches right now (before creating). */
export const massSendAudienceCountBody = z.object({
  audience: massSendAudienceBody,
  accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong').default([]),
})

/** Recipients the audience's preview shows, at most. */
export const AUDIENCE_SAMPLE_SIZE = 3

/**
 * The answer of …/audience/count: how many recipients the audience has now and the first few of
 * them with the values a sentence's variables take for each (`nickname` empty where they have
 * none), so the form shows a sentence as real recipients will read it.
 */
export const massSendAudiencePreview = z.object({
  count: z.number().int(),
  sample: z
    .array(z.object({ nickname: z.string(), phone: z.string(), account: z.string() }))
    .max(AUDIENCE_SAMPLE_SIZE),
})
export type MassSendAudiencePreview = z.infer<typeof massSendAudiencePreview>

/** POST …/groups: the group chats of the caller's numbers, by id; pass the previous `nextCursor` as `afterId`. */
export const massSendGroupsBody = z.object({
  accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong').optional(),
  keyword: z.string().trim().max(50, 'tooLong').optional(),
  afterId: z.number().int().min(0).optional(),
  pageSize: z.number().int().min(1).max(100).default(50),
})
export type MassSendGroupsBody = z.infer<typeof massSendGroupsBody>

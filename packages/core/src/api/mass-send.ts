import { z } from 'zod'
import { SESSION_PHONE_MAX, SESSION_PHONE_MIN } from '../constants.js'
import { BATCH_IDS_MAX } from '../messaging.js'
import { normalizePhone } from './accounts.js'
import { FAN_SOURCES } from './fans.js'
import { LABELS_PER_ACTION_MAX } from './labels.js'
import { materialContent } from './materials.js'

/**
 * Mass send: the pages /marketing/addFansGroupSend and /marketing/fanGroupSendLog and the desk's
 * fanGroupSend; the mass-send task, its status and actions, the send status, delivery and failure
 * reasons, and the mass-send form's rules of the spec; product decisions "Stranger mass send",
 * "Customer mass send", "Group mass send", "Opt-out".
 *
 * Who: the supervisor creates tasks for the whole tenant at /marketing/addFansGroupSend; an agent
 * (or a supervisor acting as one on the desk, header `customer-user-id`) creates them on the desk
 * for their own customers and from their own WS accounts. A supervisor at their own screens sees
 * every task of the tenant; an agent sees the tasks they own. Team leads have no access.
 *
 * How a task runs: every message goes through the one outbox, paced per WS account, one message
 * of a task in flight per account at a time. The task's recipients are rows: a restart (or a kill)
 * resumes exactly where it stopped, nothing is lost or sent twice. Progress counters are pushed on
 * the socket (`massSend.progress`). All delays are in seconds (the spec's constants); each is a range and every
 * wait is drawn at random inside it.
 *
 * Paths (envelope `{ code, msg, data }`):
 * - POST   {@link MassSendPath.create}       body {@link massSendCreateBody} → `{ id }`
 * - POST   {@link MassSendPath.page}         body {@link massSendPageBody} → `Page<MassSendTaskView>`
 * - GET    {@link MassSendPath.detail}       query `taskId` → {@link MassSendTaskDetail}
 * - PUT    {@link MassSendPath.start}        body `{ taskId }`: a pending task (waiting for its appointment) starts now
 * - PUT    {@link MassSendPath.pause}        body `{ taskId }`: executing → paused
 * - PUT    {@link MassSendPath.resume}       body `{ taskId }`: paused → executing (refused while the tenant is under risk control or its VIP has expired)
 * - PUT    {@link MassSendPath.terminate}    body `{ taskId }`: stops for good; recipients not reached end `cancelled`
 * - DELETE {@link MassSendPath.remove}       query `taskId`: refused while executing (pause or terminate first)
 * - POST   {@link MassSendPath.recipients}   body {@link massSendRecipientsBody} → {@link MassSendRecipientPage} (keyset by id)
 * - POST   {@link MassSendPath.export}       body {@link massSendExportBody} → an XLSX file (not the envelope)
 * - POST   {@link MassSendPath.chart}        body {@link massSendChartBody} → {@link MassSendChart}
 * - POST   {@link MassSendPath.audienceCount} body {@link massSendAudienceCountBody} → `{ count }` (customers a filter reaches now)
 * - POST   {@link MassSendPath.groups}       body {@link massSendGroupsBody} → {@link MassSendGroupPage} (the group picker)
 * - POST   {@link MassSendPath.parsePhones}  multipart, one file field (CSV, TXT or XLSX; first column) → {@link PhoneListResult}
 *
 * Roles: every path is open to the supervisor and agents (`Access.desk`).
 */
export const MassSendPath = {
  create: '/damai/customer/massSend',
  page: '/damai/customer/massSend/page',
  detail: '/damai/customer/massSend/detail',
  start: '/damai/customer/massSend/start',
  pause: '/damai/customer/massSend/pause',
  resume: '/damai/customer/massSend/resume',
  terminate: '/damai/customer/massSend/terminate',
  remove: '/damai/customer/massSend',
  recipients: '/damai/customer/massSend/recipients',
  export: '/damai/customer/massSend/recipients/export',
  chart: '/damai/customer/massSend/chart',
  audienceCount: '/damai/customer/massSend/audience/count',
  groups: '/damai/customer/massSend/groups',
  parsePhones: '/damai/customer/massSend/phones/parse',
} as const

// ---- enums -------------------------------------------------------------------------------------

/** Personal chats (strangers or customers) or group chats. */
export const MassSendKind = { personal: 'personal', group: 'group' } as const
export type MassSendKindValue = (typeof MassSendKind)[keyof typeof MassSendKind]
export const MASS_SEND_KINDS = Object.values(MassSendKind) as [MassSendKindValue, ...MassSendKindValue[]]

/**
 * Who receives: strangers (phone numbers that are not fans yet; each is checked on WhatsApp at a
 * throttled rate right before its first message, and becomes a fan with source "stranger mass
 * send"), customers (fans chosen by labels and filters) or groups (group chats of the tenant's numbers).
 */
export const MassSendAudience = { strangers: 'strangers', customers: 'customers', groups: 'groups' } as const
export type MassSendAudienceValue = (typeof MassSendAudience)[keyof typeof MassSendAudience]
export const MASS_SEND_AUDIENCES = Object.values(MassSendAudience) as [
  MassSendAudienceValue,
  ...MassSendAudienceValue[],
]

/**
 * How sentences follow each other:
 * - `one_by_one`: every sentence to one recipient (sentence interval between them), then the next recipient;
 * - `after_reply`: the first sentence to each recipient in turn; each next sentence only once that
 *   recipient has replied (and the sentence interval has passed since the previous one);
 * - `after_read`: likewise, once the previous sentence is read.
 * A recipient who does not reply (or read) within `waitTimeout` ends `stopped`. Group tasks send one by one.
 */
export const MassSendMethod = {
  oneByOne: 'one_by_one',
  afterReply: 'after_reply',
  afterRead: 'after_read',
} as const
export type MassSendMethodValue = (typeof MassSendMethod)[keyof typeof MassSendMethod]
export const MASS_SEND_METHODS = Object.values(MassSendMethod) as [
  MassSendMethodValue,
  ...MassSendMethodValue[],
]

/**
 * A task's status, as the spec lists them:
 * - `preparing`: the audience is being built (customers read from the filter in batches);
 * - `pending`: built, waiting for its appointment time (action `start` runs it now);
 * - `executing` ⇄ `paused`: running; paused by the user, or by the server while the tenant is
 *   under risk control or its VIP has expired (`pauseReason` says which);
 * - `completed`: every recipient reached an end; `terminated`: stopped by the user;
 * - `failed`: the task could not run at all (`failReason`: nobody to send to).
 */
export const MassSendStatus = {
  preparing: 'preparing',
  pending: 'pending',
  executing: 'executing',
  paused: 'paused',
  completed: 'completed',
  terminated: 'terminated',
  failed: 'failed',
} as const
export type MassSendStatusValue = (typeof MassSendStatus)[keyof typeof MassSendStatus]
export const MASS_SEND_STATUSES = Object.values(MassSendStatus) as [
  MassSendStatusValue,
  ...MassSendStatusValue[],
]

/** Why a task failed without running. */
export const MassSendFailReason = { emptyAudience: 'empty_audience' } as const
export type MassSendFailReasonValue = (typeof MassSendFailReason)[keyof typeof MassSendFailReason]

/** The actions on a task: start, pause, resume, terminate, delete. */
export const MassSendAction = {
  start: 'start',
  pause: 'pause',
  resume: 'resume',
  terminate: 'terminate',
  delete: 'delete',
} as const
export type MassSendActionValue = (typeof MassSendAction)[keyof typeof MassSendAction]

/** Which actions a status allows; the server refuses the others (and the task view carries `can`). */
export function massSendActions(status: MassSendStatusValue): MassSendActionValue[] {
  switch (status) {
    case 'preparing':
      return ['terminate']
    case 'pending':
      return ['start', 'terminate', 'delete']
    case 'executing':
      return ['pause', 'terminate']
    case 'paused':
      return ['resume', 'terminate', 'delete']
    default:
      return ['delete']
  }
}

/**
 * One recipient's progress:
 * - `pending`: not reached yet; `active`: some sentences out, the next one waits (an interval, a
 *   reply or a read); `sent`: every sentence sent;
 * - `failed`: refused before sending or a message failed, with `failureReason` (the spec's failure
 *   reasons: not on WhatsApp, invalid, blocked → invalid_customer; opted out or mass send
 *   forbidden → mass_send_prohibited; account banned → ws_ban; account logged out or gone →
 *   account_status; pacing that never freed up → risk_control_limit…);
 * - `stopped`: no reply (or read) within the wait timeout: the remaining sentences were not sent;
 * - `cancelled`: the task was terminated first.
 */
export const RecipientState = {
  pending: 'pending',
  active: 'active',
  sent: 'sent',
  failed: 'failed',
  stopped: 'stopped',
  cancelled: 'cancelled',
} as const
export type RecipientStateValue = (typeof RecipientState)[keyof typeof RecipientState]
export const RECIPIENT_STATES = Object.values(RecipientState) as [
  RecipientStateValue,
  ...RecipientStateValue[],
]

/** What the task log records (detail `events`). */
export const MassSendEventKind = {
  created: 'created',
  prepared: 'prepared',
  started: 'started',
  paused: 'paused',
  resumed: 'resumed',
  terminated: 'terminated',
  completed: 'completed',
  failed: 'failed',
  /** a sending number was banned or logged out: its remaining stranger recipients moved to the others (`count`, `toAccountIds`) or, with nowhere to go, failed */
  accountLost: 'account_lost',
} as const
export type MassSendEventKindValue = (typeof MassSendEventKind)[keyof typeof MassSendEventKind]

// ---- limits ------------------------------------------------------------------------------------

export const MASS_SEND_NAME_MAX = 50
/** Phones of one stranger task (pasted or imported). */
export const MASS_SEND_PHONES_MAX = 100_000
export const MASS_SEND_SENTENCES_MAX = 10
export const MASS_SEND_GROUPS_MAX = 500
/** Longest delay of any interval, in seconds. */
export const MASS_SEND_INTERVAL_MAX = 86_400
/** Largest round (recipients before the customer interval). */
export const MASS_SEND_COUNT_MAX = 10_000
export const MASS_SEND_DAILY_CAP_MAX = 100_000
/** After reply / after read: how long a recipient is waited for, in seconds (default one day). */
export const MASS_SEND_WAIT_MIN = 60
export const MASS_SEND_WAIT_MAX = 7 * 86_400
export const MASS_SEND_WAIT_DEFAULT = 86_400
/** The body of a stranger task with 100,000 phones is larger than the default request limit. */
export const MASS_SEND_BODY_LIMIT_BYTES = 4 * 1024 * 1024
export const MASS_SEND_RECIPIENT_PAGE_MAX = 100
/** Variables a text sentence (or caption) may hold; replaced per recipient when sent. */
export const MASS_SEND_VARIABLES = ['{nickname}', '{phone}', '{account}'] as const

/**
 * Fill a sentence's variables: `{nickname}` the customer's nickname (else their WhatsApp name,
 * else empty), `{phone}` their number, `{account}` the sending WS account's number.
 */
export function fillMassSendVariables(
  text: string,
  v: { nickname: string; phone: string; account: string },
): string {
  return text
    .replaceAll('{nickname}', v.nickname)
    .replaceAll('{phone}', v.phone)
    .replaceAll('{account}', v.account)
}

// ---- phone lists -------------------------------------------------------------------------------

/** A pasted or imported phone list, read line by line. */
export interface PhoneListResult {
  /** valid numbers (9–20 digits with the country code), first occurrence order, each once */
  phones: string[]
  /** lines that are not a phone number, with their 1-based line number (an uploaded file lists the first 1,000) */
  invalid: { line: number; text: string }[]
  /** valid lines dropped because the number came earlier */
  duplicates: number
  /** non-empty lines read */
  lines: number
}

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

/** POST …/groups: the group chats of the caller's numbers, by id; pass the previous `nextCursor` as `afterId`. */
export const massSendGroupsBody = z.object({
  accountIds: z.array(id).max(BATCH_IDS_MAX, 'tooLong').optional(),
  keyword: z.string().trim().max(50, 'tooLong').optional(),
  afterId: z.number().int().min(0).optional(),
  pageSize: z.number().int().min(1).max(100).default(50),
})
export type MassSendGroupsBody = z.infer<typeof massSendGroupsBody>

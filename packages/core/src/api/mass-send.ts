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
 *
 * The request bodies and the phone-list reader are in mass-send.requests.ts, the answers in
 * mass-send-views.ts, the endpoint contracts in mass-send-views.endpoints.ts.
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
/**
 * Pacing a WhatsApp number can bear (every delay in seconds, spec §9), for a task that does not
 * set its own: what the public API takes where a request leaves the pacing out.
 */
export const MASS_SEND_PACING_DEFAULT = {
  sentenceInterval: { min: 3, max: 8 },
  customerInterval: { min: 30, max: 60 },
  sendCount: { min: 10, max: 20 },
} as const

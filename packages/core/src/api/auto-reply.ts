import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { endpoint } from './contract.js'
import { LABELS_PER_ACTION_MAX } from './labels.js'

/**
 * Keyword auto-reply: the supervisor's /marketing/automaticReplyMarketing and the desk's
 * automaticReplyDesk.
 *
 * Who: the supervisor sees every rule of the tenant and creates public rules (every account of
 * the tenant) and personal rules (the accounts of the chosen agents). An agent (or a supervisor
 * acting as one on the desk, header `customer-user-id`) sees their personal rules and the public
 * rules, and creates personal rules for themselves. Only the creator edits, deletes, enables or
 * disables a rule; the view carries `can` so the pages follow the server.
 *
 * How a rule replies: every live customer message (not ours, not history synced on linking) is
 * matched against the enabled rules of the tenant, ignoring case: full match = the whole trimmed
 * message equals a keyword, half match = the message contains a keyword. Of the rules that match
 * and apply to the session (classification, audience), one answers: full matches before half
 * matches, personal rules before public ones, then the oldest. Its sentences go through the
 * outbox (origin auto_reply): after the reply delay, then one send interval between sentences
 * (reply type all), or one sentence drawn at random (reply type random). A blocked,
 * do-not-disturb or invalid session gets nothing; each customer (session) gets at most
 * `replyLimit` replies of a rule (empty or 0: no limit).
 *
 * Paths (envelope `{ code, msg, data }`):
 * - POST   {@link AutoReplyPath.page}    body {@link autoReplyPageBody} → `Page<AutoReplyRuleView>`
 * - POST   {@link AutoReplyPath.create}  body {@link autoReplySaveBody} → `{ id }`
 * - PUT    {@link AutoReplyPath.update}  body {@link autoReplyUpdateBody} → null
 * - PUT    {@link AutoReplyPath.enable}  body {@link autoReplyEnableBody} → null
 * - DELETE {@link AutoReplyPath.remove}  query `id` → null
 *
 * Roles: the supervisor and agents (`Access.desk`).
 */
export const AutoReplyPath = {
  page: '/damai/customer/autoReply/page',
  create: '/damai/customer/autoReply',
  update: '/damai/customer/autoReply',
  enable: '/damai/customer/autoReply/enable',
  remove: '/damai/customer/autoReply',
} as const

// ---- enums -------------------------------------------------------------------------------------

/** Public: the whole tenant, made by the supervisor. Personal: the accounts of chosen agents. */
export const AutoReplyClassification = { public: 'public', personal: 'personal' } as const
export type AutoReplyClassificationValue =
  (typeof AutoReplyClassification)[keyof typeof AutoReplyClassification]
export const AUTO_REPLY_CLASSIFICATIONS = Object.values(AutoReplyClassification) as [
  AutoReplyClassificationValue,
  ...AutoReplyClassificationValue[],
]

/**
 * Whom a rule answers: every customer, new customers only (a fan first seen within
 * {@link AUTO_REPLY_NEW_CUSTOMER_MS}), customers carrying one of the rule's labels, or group
 * chats. Every audience but groups answers personal chats only.
 */
export const AutoReplyAudience = {
  all: 'all',
  newCustomers: 'new_customers',
  labels: 'labels',
  groups: 'groups',
} as const
export type AutoReplyAudienceValue = (typeof AutoReplyAudience)[keyof typeof AutoReplyAudience]
export const AUTO_REPLY_AUDIENCES = Object.values(AutoReplyAudience) as [
  AutoReplyAudienceValue,
  ...AutoReplyAudienceValue[],
]

/** All: every sentence in order. Random: one sentence drawn at random. */
export const AutoReplyType = { all: 'all', random: 'random' } as const
export type AutoReplyTypeValue = (typeof AutoReplyType)[keyof typeof AutoReplyType]
export const AUTO_REPLY_TYPES = Object.values(AutoReplyType) as [AutoReplyTypeValue, ...AutoReplyTypeValue[]]

/** Full: the whole message is the keyword. Half: the message contains the keyword. */
export const AutoReplyMatch = { full: 'full', half: 'half' } as const
export type AutoReplyMatchValue = (typeof AutoReplyMatch)[keyof typeof AutoReplyMatch]
export const AUTO_REPLY_MATCHES = Object.values(AutoReplyMatch) as [
  AutoReplyMatchValue,
  ...AutoReplyMatchValue[],
]

// ---- limits ------------------------------------------------------------------------------------

/** Replies of one rule to one customer; empty or 0 means no limit. */
export const AUTO_REPLY_LIMIT_MAX = 50
/** Seconds before the first sentence goes out. */
export const AUTO_REPLY_DELAY_MAX = 60
/** Seconds between two sentences of one reply. */
export const AUTO_REPLY_INTERVAL_MAX = 60
export const AUTO_REPLY_NAME_MAX = 50
export const AUTO_REPLY_KEYWORD_MAX = 100
export const AUTO_REPLY_KEYWORDS_MAX = 100
export const AUTO_REPLY_SENTENCES_MAX = 10
export const AUTO_REPLY_TEXT_MAX = 1000
/** A fan first seen this recently is a new customer (audience new customers only). */
export const AUTO_REPLY_NEW_CUSTOMER_MS = 24 * 3_600_000

export { autoReplyValidationMessages } from './auto-reply.messages.js'

// ---- request bodies ----------------------------------------------------------------------------

const id = z.number({ message: 'invalid' }).int().positive()

/** A keyword: not empty once trimmed, no English comma (a comma separated keywords in the original form). */
export const autoReplyKeyword = z
  .string({ message: 'autoReply.keywordsRequired' })
  .trim()
  .min(1, 'autoReply.keywordsRequired')
  .max(AUTO_REPLY_KEYWORD_MAX, 'autoReply.keywordLength')
  .refine((k) => !k.includes(','), 'autoReply.keywordComma')

export const autoReplyKeywords = z
  .array(autoReplyKeyword, { message: 'autoReply.keywordsRequired' })
  .min(1, 'autoReply.keywordsRequired')
  .max(AUTO_REPLY_KEYWORDS_MAX, 'autoReply.keywordsTooMany')

/** A sentence: a text (not empty), or a material of the libraries the creator sees (any type). */
export const autoReplySentence = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('text'),
      text: z
        .string({ message: 'autoReply.textRequired' })
        .trim()
        .min(1, 'autoReply.textRequired')
        .max(AUTO_REPLY_TEXT_MAX, 'autoReply.textLength'),
    }),
    z.object({ type: z.literal('material'), materialId: id }),
  ],
  { message: 'autoReply.sentencesRequired' },
)
export type AutoReplySentence = z.infer<typeof autoReplySentence>

/** Whole seconds from 0 up to `max`. */
const seconds = (max: number, key: string) =>
  z.number({ message: 'invalid' }).int('invalid').min(0, 'invalid').max(max, key)

/** The reply limit: empty or 0 = unlimited, at most 50. */
export const autoReplyLimit = z
  .number({ message: 'invalid' })
  .int('invalid')
  .min(0, 'invalid')
  .max(AUTO_REPLY_LIMIT_MAX, 'autoReply.limitMax')
  .nullish()
  .transform((v) => v ?? 0)

/** The fields of a rule, one zod schema each: the form checks each field with the endpoint's rule. */
export const autoReplyFields = {
  name: z
    .string({ message: 'autoReply.nameRequired' })
    .trim()
    .min(1, 'autoReply.nameRequired')
    .max(AUTO_REPLY_NAME_MAX, 'autoReply.nameLength'),
  classification: z.enum(AUTO_REPLY_CLASSIFICATIONS, { message: 'autoReply.classificationRequired' }),
  audience: z.enum(AUTO_REPLY_AUDIENCES, { message: 'autoReply.audienceRequired' }),
  /** audience labels: fans carrying any of these */
  labelIds: z.array(id).max(LABELS_PER_ACTION_MAX, 'tooLong').default([]),
  replyType: z.enum(AUTO_REPLY_TYPES, { message: 'autoReply.typeRequired' }),
  matchMode: z.enum(AUTO_REPLY_MATCHES, { message: 'autoReply.matchRequired' }),
  keywords: autoReplyKeywords,
  replyLimit: autoReplyLimit,
  /** seconds */
  replyDelay: seconds(AUTO_REPLY_DELAY_MAX, 'autoReply.delayMax').default(0),
  /** seconds between sentences (reply type all) */
  sendInterval: seconds(AUTO_REPLY_INTERVAL_MAX, 'autoReply.intervalMax').default(0),
  sentences: z
    .array(autoReplySentence, { message: 'autoReply.sentencesRequired' })
    .min(1, 'autoReply.sentencesRequired')
    .max(AUTO_REPLY_SENTENCES_MAX, 'autoReply.sentencesTooMany'),
  /**
   * The customer service whose accounts a personal rule answers on (an agent's own rule: themselves,
   * whatever is sent). A public rule answers on every account and ignores it.
   */
  agentUserIds: z.array(id).max(200, 'tooLong').default([]),
  enabled: z.boolean({ message: 'autoReply.enabledRequired' }),
}

/** A label audience needs its labels. */
function requireLabels(v: { audience: string; labelIds: number[] }, ctx: z.RefinementCtx) {
  if (v.audience === 'labels' && v.labelIds.length === 0)
    ctx.addIssue({ code: 'custom', message: 'autoReply.labelsRequired', path: ['labelIds'] })
}

/**
 * POST /damai/customer/autoReply. The server checks what it alone knows: a personal rule of the
 * supervisor names agents of the tenant (an agent's own rule answers on their accounts), the
 * labels are the tenant's and the materials are visible to the creator.
 */
export const autoReplySaveBody = z.object(autoReplyFields).superRefine(requireLabels)
export type AutoReplySaveBody = z.infer<typeof autoReplySaveBody>

/** PUT /damai/customer/autoReply: the whole rule again, by the creator. */
export const autoReplyUpdateBody = z.object({ id, ...autoReplyFields }).superRefine(requireLabels)
export type AutoReplyUpdateBody = z.infer<typeof autoReplyUpdateBody>

/** PUT /damai/customer/autoReply/enable */
export const autoReplyEnableBody = z.object({
  id,
  enabled: z.boolean({ message: 'autoReply.enabledRequired' }),
})

/** DELETE /damai/customer/autoReply?id= */
export const autoReplyIdQuery = z.object({ id: z.coerce.number().int().positive() })

/** POST /damai/customer/autoReply/page: newest first; `keyword` searches names and keywords ignoring case. */
export const autoReplyPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(AUTO_REPLY_KEYWORD_MAX, 'autoReply.keywordLength').optional(),
  classification: z.enum(AUTO_REPLY_CLASSIFICATIONS).optional(),
  enabled: z.boolean().optional(),
})
export type AutoReplyPageBody = z.infer<typeof autoReplyPageBody>

// ---- views -------------------------------------------------------------------------------------

/** What a rule did: messages it answered, sentences it queued, customers it reached. */
export const autoReplyStats = z.object({
  hits: z.number().int(),
  replies: z.number().int(),
  customers: z.number().int(),
})
export type AutoReplyStats = z.infer<typeof autoReplyStats>

export const autoReplyRuleView = z.object({
  id: z.number().int(),
  name: z.string(),
  classification: z.enum(AutoReplyClassification),
  audience: z.enum(AutoReplyAudience),
  labelIds: z.array(z.number().int()),
  replyType: z.enum(AutoReplyType),
  matchMode: z.enum(AutoReplyMatch),
  keywords: z.array(z.string()),
  /** 0: no limit */
  replyLimit: z.number().int(),
  replyDelay: z.number().int(),
  sendInterval: z.number().int(),
  sentences: z.array(autoReplySentence),
  agentUserIds: z.array(z.number().int()),
  enabled: z.boolean(),
  creatorUserId: z.number().int(),
  creatorName: z.string(),
  stats: autoReplyStats,
  createdAt: z.number(),
  updatedAt: z.number(),
  /** only the creator operates a rule */
  can: z.object({ edit: z.boolean(), delete: z.boolean(), enable: z.boolean() }),
})
export type AutoReplyRuleView = z.infer<typeof autoReplyRuleView>

// ---- endpoints ---------------------------------------------------------------------------------

/** Keyword auto-reply: the supervisor's marketing page and the desk's, for the supervisor and agents. */
const desk = { roles: Access.desk, tags: ['autoReply'] } as const

export const autoReplyEndpoints = {
  page: endpoint({
    ...desk,
    method: 'POST',
    path: AutoReplyPath.page,
    summary: 'The rules the caller sees, newest first, with statistics and what the caller may do',
    body: autoReplyPageBody,
    response: pageOf(autoReplyRuleView),
  }),
  create: endpoint({
    ...desk,
    method: 'POST',
    path: AutoReplyPath.create,
    summary: 'Create a rule (agents: personal rules for themselves)',
    body: autoReplySaveBody,
    response: z.object({ id: z.number().int() }),
  }),
  update: endpoint({
    ...desk,
    method: 'PUT',
    path: AutoReplyPath.update,
    summary: "Replace a rule's settings (its creator only)",
    body: autoReplyUpdateBody,
    response: z.null(),
  }),
  enable: endpoint({
    ...desk,
    method: 'PUT',
    path: AutoReplyPath.enable,
    summary: 'Enable or disable a rule (its creator only)',
    body: autoReplyEnableBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...desk,
    method: 'DELETE',
    path: AutoReplyPath.remove,
    summary: 'Delete a rule (its creator only)',
    query: autoReplyIdQuery,
    response: z.null(),
  }),
}

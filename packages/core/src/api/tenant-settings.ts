import { z } from 'zod'
import { Access } from '../access.js'
import { TRANSLATE_LANGUAGE_CODES } from '../translate-languages.js'
import { endpoint } from './contract.js'
import { OPT_OUT_WORD_MAX, OPT_OUT_WORDS_MAX, PAGE_TITLE_MAX } from './platform.js'
import { TenantSettingsPath } from './tenant-settings-views.js'

/** The supervisor's settings of the tenant (/Setting/index) and what the desk reads of them. */
export { TenantSettingsPath }

export const AI_BASE_URL_MAX = 500
export const AI_API_KEY_MAX = 300
export const AI_MODEL_MAX = 100
export const AI_SYSTEM_PROMPT_MAX = 2000
/** Seconds between the customer's last message of a burst and the AI reply going out. */
export const AI_REPLY_DELAY_MAX = 600
/** Messages of the conversation sent to the provider as context. */
export const AI_CONTEXT_MESSAGES_MIN = 1
export const AI_CONTEXT_MESSAGES_MAX = 50
export const AI_DAILY_REPLIES_MAX = 100_000
export const AI_DAILY_TOKENS_MAX = 100_000_000

const count = (max: number, key: string) => z.number({ message: key }).int(key).min(0, key).max(max, key)

/**
 * The AI provider of the tenant: an OpenAI-compatible chat-completions service. `apiKey` left
 * out keeps the stored key, '' clears it. A daily limit of 0 means no limit.
 */
export const aiProviderFields = z.object({
  enabled: z.boolean(),
  baseUrl: z
    .string()
    .trim()
    .max(AI_BASE_URL_MAX, 'settings.aiBaseUrl')
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'settings.aiBaseUrl'),
  apiKey: z.string().trim().max(AI_API_KEY_MAX, 'tooLong').optional(),
  model: z.string().trim().max(AI_MODEL_MAX, 'tooLong'),
  systemPrompt: z.string().trim().max(AI_SYSTEM_PROMPT_MAX, 'settings.aiPromptLength'),
  replyDelay: count(AI_REPLY_DELAY_MAX, 'settings.aiReplyDelay'),
  contextMessages: z
    .number({ message: 'settings.aiContext' })
    .int('settings.aiContext')
    .min(AI_CONTEXT_MESSAGES_MIN, 'settings.aiContext')
    .max(AI_CONTEXT_MESSAGES_MAX, 'settings.aiContext'),
  dailyReplies: count(AI_DAILY_REPLIES_MAX, 'settings.aiDailyReplies'),
  dailyTokens: count(AI_DAILY_TOKENS_MAX, 'settings.aiDailyTokens'),
})
export const aiProviderBody = aiProviderFields.superRefine((b, ctx) => {
  // an enabled provider needs somewhere to call and a model to ask
  if (!b.enabled) return
  if (b.baseUrl === '')
    ctx.addIssue({ code: 'custom', message: 'settings.aiBaseUrlRequired', path: ['baseUrl'] })
  if (b.model === '') ctx.addIssue({ code: 'custom', message: 'settings.aiModelRequired', path: ['model'] })
})
export type AiProviderBody = z.infer<typeof aiProviderBody>

const optOutWord = z.string().trim().min(1, 'required').max(OPT_OUT_WORD_MAX, 'settings.optOutWordLength')

/**
 * PUT /damai/customer/tenantSetting/update. `optOutWords` null follows the platform's list;
 * `targetLanguage` '' leaves each user's own choice alone (the desk default is then the user's).
 */
export const tenantSettingsBody = z.object({
  pageTitle: z.string().trim().max(PAGE_TITLE_MAX, 'settings.pageTitleLength'),
  targetLanguage: z.union([z.literal(''), z.enum(TRANSLATE_LANGUAGE_CODES, { message: 'translate.target' })]),
  autoTranslate: z.boolean(),
  optOutWords: z
    .array(optOutWord)
    .min(1, 'settings.optOutWordsRequired')
    .max(OPT_OUT_WORDS_MAX, 'settings.optOutWordsTooMany')
    .nullable(),
  notifySound: z.boolean(),
  notifyDesktop: z.boolean(),
  agentExport: z.boolean(),
  optOutInvalid: z.boolean(),
  ai: aiProviderBody,
})
export type TenantSettingsBody = z.infer<typeof tenantSettingsBody>

const int = z.number().int()

export const aiProviderView = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  /** a key is stored; the key itself never leaves the server */
  apiKeySet: z.boolean(),
  /** its last four characters, to tell keys apart */
  apiKeyHint: z.string(),
  model: z.string(),
  systemPrompt: z.string(),
  replyDelay: int,
  contextMessages: int,
  dailyReplies: int,
  dailyTokens: int,
})
export type AiProviderView = z.infer<typeof aiProviderView>

/** Today's AI use of the tenant (UTC day). */
export const aiUsageView = z.object({ replies: int, tokens: int, failures: int })
export type AiUsageView = z.infer<typeof aiUsageView>

/** GET /damai/customer/tenantSetting/get (supervisor). */
export const tenantSettingsView = z.object({
  pageTitle: z.string(),
  targetLanguage: z.string(),
  autoTranslate: z.boolean(),
  /** the tenant's own list; null follows the platform's */
  optOutWords: z.array(z.string()).nullable(),
  /** the platform's list, in force while the tenant has none */
  platformOptOutWords: z.array(z.string()),
  notifySound: z.boolean(),
  notifyDesktop: z.boolean(),
  agentExport: z.boolean(),
  optOutInvalid: z.boolean(),
  ai: aiProviderView,
  aiUsage: aiUsageView,
})
export type TenantSettingsView = z.infer<typeof tenantSettingsView>

/** GET /damai/customer/tenantSetting/display (the tenant's people). */
export const tenantDisplayView = z.object({
  pageTitle: z.string(),
  targetLanguage: z.string(),
  autoTranslate: z.boolean(),
  notifySound: z.boolean(),
  notifyDesktop: z.boolean(),
  agentExport: z.boolean(),
})
export type TenantDisplayView = z.infer<typeof tenantDisplayView>

export const tenantSettingsEndpoints = {
  get: endpoint({
    roles: Access.master,
    tags: ['tenantSettings'],
    method: 'GET',
    path: TenantSettingsPath.get,
    summary: "The tenant's settings (the AI key only as set or not, and its last four characters)",
    response: tenantSettingsView,
  }),
  update: endpoint({
    roles: Access.master,
    tags: ['tenantSettings'],
    method: 'PUT',
    path: TenantSettingsPath.update,
    summary: "Save the tenant's settings; `ai.apiKey` left out keeps the stored key",
    body: tenantSettingsBody,
    response: tenantSettingsView,
  }),
  display: endpoint({
    roles: Access.tenant,
    tags: ['tenantSettings'],
    method: 'GET',
    path: TenantSettingsPath.display,
    summary: 'Page title, desk notifications and translation defaults of the tenant',
    response: tenantDisplayView,
  }),
}

/** The settings of a tenant that never saved any. */
export const DEFAULT_TENANT_SETTINGS: Omit<TenantSettingsBody, 'ai'> & {
  ai: Omit<AiProviderBody, 'apiKey'>
} = {
  pageTitle: '',
  targetLanguage: '',
  autoTranslate: false,
  optOutWords: null,
  notifySound: true,
  notifyDesktop: false,
  agentExport: true,
  optOutInvalid: false,
  ai: {
    enabled: false,
    baseUrl: '',
    model: '',
    systemPrompt: '',
    replyDelay: 5,
    contextMessages: 10,
    dailyReplies: 500,
    dailyTokens: 0,
  },
}

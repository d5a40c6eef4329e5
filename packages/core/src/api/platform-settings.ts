import { z } from 'zod'
import { Access } from '../access.js'
import { Language } from '../constants.js'
import { endpoint } from './contract.js'
import {
  API_KEY_MAX,
  businessProfileBody,
  businessProfileView,
  OPT_OUT_WORD_MAX,
  OPT_OUT_WORDS_MAX,
  PlatformPath,
  PRICE_PER_DAY_MAX,
  REMINDER_DAYS_DEFAULT,
  REMINDER_DAYS_MAX,
  SETTING_URL_MAX,
  SITE_NAME_MAX,
  TRIAL_DAYS_DEFAULT,
  TRIAL_DAYS_MAX,
  TRIAL_PORTS_DEFAULT,
  TRIAL_QUANTITY_MAX,
  TRIAL_SEATS_DEFAULT,
} from './platform.js'

/**
 * The platform's settings: the operations user's prices, trial quota and reminder days
 * (/configManage), their business-edition profile (/businessSet), and the admin's system
 * settings and status (/systemManage/index).
 */

const int = z.number().int()

// ---- /configManage ----

/** PUT /damai/admin/config/update: the caller's (operations) prices, trial quota and reminder days. */
export const operationsConfigBody = z.object({
  portPricePerDay: z.number().int().min(0).max(PRICE_PER_DAY_MAX),
  seatPricePerDay: z.number().int().min(0).max(PRICE_PER_DAY_MAX),
  trialPorts: z.number().int().min(0).max(TRIAL_QUANTITY_MAX),
  trialSeats: z.number().int().min(0).max(TRIAL_QUANTITY_MAX),
  trialDays: z.number().int().min(1).max(TRIAL_DAYS_MAX),
  reminderDays: z.number().int().min(0).max(REMINDER_DAYS_MAX),
})
export type OperationsConfig = z.infer<typeof operationsConfigBody>

export const OPERATIONS_CONFIG_DEFAULT: OperationsConfig = {
  portPricePerDay: 0,
  seatPricePerDay: 0,
  trialPorts: TRIAL_PORTS_DEFAULT,
  trialSeats: TRIAL_SEATS_DEFAULT,
  trialDays: TRIAL_DAYS_DEFAULT,
  reminderDays: REMINDER_DAYS_DEFAULT,
}

/** The caller's prices, trial quota and reminder days as stored. */
export const operationsConfigView = z.object({
  portPricePerDay: int,
  seatPricePerDay: int,
  trialPorts: int,
  trialSeats: int,
  trialDays: int,
  reminderDays: int,
})

// ---- /systemManage/index ----

const httpUrl = z
  .string()
  .trim()
  .max(SETTING_URL_MAX, 'tooLong')
  .refine((v) => v === '' || /^https?:\/\//.test(v), 'material.linkInvalid')

/**
 * PUT /damai/admin/systemSetting/update. An empty URL falls back to the server's configuration;
 * `translateApiKey` left out keeps the stored key, '' clears it.
 */
export const systemSettingsBody = z.object({
  siteName: z.string().trim().max(SITE_NAME_MAX, 'tooLong'),
  defaultLanguage: z.enum([Language.zh, Language.en]),
  translateUrl: httpUrl,
  translateApiKey: z.string().trim().max(API_KEY_MAX, 'tooLong').optional(),
  mapTileUrl: httpUrl,
  optOutWords: z
    .array(z.string().trim().min(1, 'required').max(OPT_OUT_WORD_MAX, 'tooLong'))
    .max(OPT_OUT_WORDS_MAX, 'tooLong'),
})
export type SystemSettingsBody = z.infer<typeof systemSettingsBody>

/** GET /damai/admin/systemSetting/get: the key itself never leaves the server. */
export const systemSettingsView = z.object({
  siteName: z.string(),
  defaultLanguage: z.enum([Language.zh, Language.en]),
  translateUrl: z.string(),
  translateApiKeySet: z.boolean(),
  mapTileUrl: z.string(),
  optOutWords: z.array(z.string()),
})
export type SystemSettingsView = z.infer<typeof systemSettingsView>

export const whatsAppLinkView = z.object({
  /** '2.3000.1027123456' */
  version: z.string().nullable(),
  /** fetched (by this process), cached (fetched by another process or an earlier run), bundled (the library's own) */
  source: z.enum(['fetched', 'cached', 'bundled']).nullable(),
  fetchedAt: int.nullable(),
  /** numbers shown as "WhatsApp requires an update" */
  updateRequired: int,
})
export type WhatsAppLinkView = z.infer<typeof whatsAppLinkView>

/** GET /damai/admin/systemStatus/get */
export const systemStatusView = z.object({
  version: z.string(),
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), sizeBytes: z.number().nullable() }),
  startedAt: int,
  uptimeMs: z.number(),
  /** linked numbers by account status */
  accounts: z.record(z.string(), int),
  outbox: z.object({ pending: int, oldestAgeMs: z.number().nullable() }),
  tenants: int,
  users: int,
  /** the WhatsApp link: the Web version announced (null on the simulated network) and the numbers WhatsApp refuses until an update */
  whatsapp: whatsAppLinkView,
})
export type SystemStatusView = z.infer<typeof systemStatusView>

// ---- endpoints ----

const tags = ['platform settings'] as const
const P = PlatformPath

export const settingsEndpoints = {
  /** /configManage is operations'; the admin edits the platform's defaults with the same form. */
  configGet: endpoint({
    roles: Access.platformLeads,
    tags,
    method: 'GET',
    path: P.configGet,
    summary: 'My prices per day, trial quota and reminder days',
    response: operationsConfigView,
  }),
  configUpdate: endpoint({
    roles: Access.platformLeads,
    tags,
    method: 'PUT',
    path: P.configUpdate,
    summary: 'Set my prices per day (cents), trial quota and reminder days',
    body: operationsConfigBody,
    response: operationsConfigView,
  }),
  businessSetGet: endpoint({
    roles: Access.operations,
    tags,
    method: 'GET',
    path: P.businessSetGet,
    summary: 'My business-edition profile',
    response: businessProfileView,
  }),
  businessSetUpdate: endpoint({
    roles: Access.operations,
    tags,
    method: 'PUT',
    path: P.businessSetUpdate,
    summary: "Set the profile my team's tenants are shown",
    body: businessProfileBody,
    response: businessProfileView,
  }),
  systemSettingGet: endpoint({
    roles: Access.platformAdmin,
    tags,
    method: 'GET',
    path: P.systemSettingGet,
    summary: 'Platform settings (the translation key is never shown)',
    response: systemSettingsView,
  }),
  systemSettingUpdate: endpoint({
    roles: Access.platformAdmin,
    tags,
    method: 'PUT',
    path: P.systemSettingUpdate,
    summary: 'Set the platform settings',
    body: systemSettingsBody,
    response: systemSettingsView,
  }),
  systemStatus: endpoint({
    roles: Access.platformAdmin,
    tags,
    method: 'GET',
    path: P.systemStatus,
    summary: 'Version, database, uptime, linked numbers by status, outbox depth',
    response: systemStatusView,
  }),
}

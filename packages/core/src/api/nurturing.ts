import { z } from 'zod'
import { Access } from '../access.js'
import { ErrorCode, type ErrorCodeValue, pageOf } from '../errors.js'
import { imageSize, isExecutable, sniffFileType } from '../upload-bytes.js'
import { endpoint, fileResponse } from './contract.js'

/**
 * Account nurturing (养号, the platform admin: /accountNurturingManage/sourceMaterial and /rule).
 * Source material: texts, images, voice notes and stickers, grouped by language, that the
 * nurturing conversations draw from. Rules: which tenants' new accounts take part, for how many
 * days after linking, how many messages each account sends a day, the active hours. Accounts of
 * the same tenant are paired and talk to each other in turns (typing first, the partner's read
 * receipt after), through the outbox, so the tenant's risk limits hold; an account that is
 * banned or logged out stops.
 *
 * Paths (envelope), all `Access.platformAdmin`:
 * - POST   {@link NurturingPath.materialPage}  body {@link nurturingMaterialPageBody} → `Page<NurturingMaterialView>`
 * - POST   {@link NurturingPath.material}      body {@link nurturingMaterialCreateBody} → `{ id }`
 * - PUT    {@link NurturingPath.material}      body {@link nurturingMaterialUpdateBody}
 * - DELETE {@link NurturingPath.material}      query `id`
 * - POST   {@link NurturingPath.materialUpload} multipart {@link nurturingMaterialUploadFields} + file → `{ id }`
 * - GET    {@link NurturingPath.materialFile}   query `id` → the file's bytes
 * - PUT    {@link NurturingPath.materialFileUpdate} body {@link nurturingMaterialFileUpdateBody}
 * - POST   {@link NurturingPath.rulePage}      body {@link nurturingPageBody} → `Page<NurturingRuleView>`
 * - POST   {@link NurturingPath.rule}          body {@link nurturingRuleBody} → `{ id }`
 * - PUT    {@link NurturingPath.rule}          body {@link nurturingRuleUpdateBody}
 * - DELETE {@link NurturingPath.rule}          query `id`
 * - POST   {@link NurturingPath.progress}      body {@link nurturingProgressBody} → `Page<NurturingProgressView>`
 */
export const NurturingPath = {
  materialPage: '/damai/admin/nurturing/material/page',
  material: '/damai/admin/nurturing/material',
  materialUpload: '/damai/admin/nurturing/material/upload',
  materialFile: '/damai/admin/nurturing/material/file',
  materialFileUpdate: '/damai/admin/nurturing/material/file',
  rulePage: '/damai/admin/nurturing/rule/page',
  rule: '/damai/admin/nurturing/rule',
  progress: '/damai/admin/nurturing/progress',
} as const

/** Material types: texts are typed in, the others are uploaded files. */
export const NURTURING_MATERIAL_TYPES = ['text', 'image', 'voice', 'sticker'] as const
export type NurturingMaterialType = (typeof NURTURING_MATERIAL_TYPES)[number]
export const NURTURING_FILE_TYPES = ['image', 'voice', 'sticker'] as const
export type NurturingFileType = (typeof NURTURING_FILE_TYPES)[number]
/** What each file type accepts, by the sniffed type of its bytes (images and voice as the material library). */
export const NURTURING_FILE_ACCEPT: Record<NurturingFileType, readonly string[]> = {
  image: ['image/jpeg', 'image/png'],
  voice: ['audio/mpeg', 'audio/ogg'],
  sticker: ['image/webp'],
}
/** What the upload picker offers, by file extension. */
export const NURTURING_FILE_EXTENSIONS: Record<NurturingFileType, string> = {
  image: '.jpg,.jpeg,.png',
  voice: '.mp3,.ogg',
  sticker: '.webp',
}
/** Largest file of each type: 10 MB as the material library; a sticker at most 500 KB, as WhatsApp takes it. */
export const NURTURING_FILE_MAX_BYTES: Record<NurturingFileType, number> = {
  image: 10 * 1024 * 1024,
  voice: 10 * 1024 * 1024,
  sticker: 500 * 1024,
}
/** How each file type's accepted formats are named in messages. */
export const NURTURING_FILE_ACCEPT_NAMES: Record<NurturingFileType, string> = {
  image: 'jpg/jpeg/png',
  voice: 'mp3/ogg',
  sticker: 'webp',
}

export type NurturingFileVerdict =
  | { ok: true; mime: string }
  | { ok: false; code: ErrorCodeValue; params?: Record<string, string | number> }

/** "10 MB", "500 KB": a byte limit as people read it. */
export function byteLimitText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`
}

/**
 * Whether a file may become nurturing material of `type`, from its bytes: not empty, within the
 * type's size, no program, a format the type accepts, and an image that can be read. The server
 * decides with it; the browser asks it first. `bytes` is the whole file, or its first bytes when
 * `size` says the file is larger.
 */
export function nurturingFileVerdict(
  type: NurturingFileType,
  bytes: Uint8Array,
  size = bytes.length,
): NurturingFileVerdict {
  if (size === 0) return { ok: false, code: ErrorCode.uploadMissing }
  const max = NURTURING_FILE_MAX_BYTES[type]
  if (size > max)
    return { ok: false, code: ErrorCode.nurturingFileTooLarge, params: { max: byteLimitText(max) } }
  if (isExecutable(bytes)) return { ok: false, code: ErrorCode.uploadExecutable }
  const { mime } = sniffFileType(bytes.subarray(0, 16))
  if (!NURTURING_FILE_ACCEPT[type].includes(mime))
    return {
      ok: false,
      code: ErrorCode.nurturingFileType,
      params: { accept: NURTURING_FILE_ACCEPT_NAMES[type] },
    }
  if (type === 'image' && !imageSize(bytes, mime)) return { ok: false, code: ErrorCode.imageUnreadable }
  return { ok: true, mime }
}

/** Of a nurturing conversation's messages, about this share is a file when the language has files. */
export const NURTURING_MEDIA_SHARE = 0.2
/** The languages material is grouped by. */
export const NURTURING_LANGUAGES = ['zh', 'en', 'es', 'pt', 'id', 'vi', 'th', 'ar', 'hi', 'ru'] as const
export type NurturingLanguage = (typeof NURTURING_LANGUAGES)[number]
export const NURTURING_TEXT_MAX = 500

export const NurturingAccountState = {
  waiting: 'waiting',
  active: 'active',
  done: 'done',
  stopped: 'stopped',
} as const
export type NurturingAccountStateValue = (typeof NurturingAccountState)[keyof typeof NurturingAccountState]

const id = z.number().int().positive()
const language = z.enum(NURTURING_LANGUAGES, { message: 'nurturing.languageRequired' })
const pageNo = z.number().int().min(1).default(1)
const pageSize = z.number().int().min(1).max(100).default(10)

export const nurturingPageBody = z.object({ pageNo, pageSize })
export const nurturingMaterialPageBody = z.object({ pageNo, pageSize, language: language.optional() })
export const nurturingMaterialCreateBody = z.object({
  language,
  /** files come through the upload */
  type: z.literal('text').default('text'),
  text: z
    .string({ message: 'nurturing.textRequired' })
    .trim()
    .min(1, 'nurturing.textRequired')
    .max(NURTURING_TEXT_MAX, 'nurturing.textLength'),
  enabled: z.boolean().default(true),
})
export const nurturingMaterialUpdateBody = nurturingMaterialCreateBody.extend({ id })
/** The text fields of a file upload (multipart: file, language, type, enabled). */
export const nurturingMaterialUploadFields = z.object({
  language,
  type: z.enum(NURTURING_FILE_TYPES, { message: 'nurturing.fileTypeRequired' }),
  enabled: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
})
/** Changing a file material: its language and whether it is used (the file stays). */
export const nurturingMaterialFileUpdateBody = z.object({ id, language, enabled: z.boolean() })
export type NurturingMaterialCreateBody = z.infer<typeof nurturingMaterialCreateBody>
export const nurturingIdQuery = z.object({ id: z.coerce.number().int().positive() })

/** Minutes of the day. */
const minute = z
  .number({ message: 'nurturing.hours' })
  .int('nurturing.hours')
  .min(0, 'nurturing.hours')
  .max(1439, 'nurturing.hours')
export const nurturingRuleBody = z.object({
  name: z
    .string({ message: 'nurturing.nameRequired' })
    .trim()
    .min(1, 'nurturing.nameRequired')
    .max(50, 'nurturing.nameLength'),
  tenantIds: z
    .array(id)
    .min(1, 'nurturing.tenantsRequired')
    .max(500)
    .transform((a) => [...new Set(a)]),
  language,
  days: z.number({ message: 'nurturing.days' }).int().min(1, 'nurturing.days').max(60, 'nurturing.days'),
  perDay: z
    .number({ message: 'nurturing.perDay' })
    .int()
    .min(1, 'nurturing.perDay')
    .max(200, 'nurturing.perDay'),
  activeFrom: minute,
  activeTo: minute,
  /** minutes east of UTC the active hours are read at */
  utcOffset: z.number().int().min(-720).max(840).default(0),
  enabled: z.boolean().default(true),
})
export const nurturingRuleUpdateBody = nurturingRuleBody.extend({ id })
export type NurturingRuleBody = z.infer<typeof nurturingRuleBody>

export const nurturingProgressBody = z.object({ pageNo, pageSize, ruleId: id.optional() })

const int = z.number().int()

export const nurturingMaterialView = z.object({
  id: int,
  language: z.enum(NURTURING_LANGUAGES),
  type: z.enum(NURTURING_MATERIAL_TYPES),
  /** the text of a text material; empty for a file */
  text: z.string(),
  /** the sniffed type of a file material's bytes; null for a text */
  mime: z.string().nullable(),
  size: int.nullable(),
  enabled: z.boolean(),
  createdAt: int,
  updatedAt: int,
})
export type NurturingMaterialView = z.infer<typeof nurturingMaterialView>

export const nurturingRuleView = z.object({
  id: int,
  name: z.string(),
  tenants: z.array(z.object({ id: int, name: z.string() })),
  language: z.enum(NURTURING_LANGUAGES),
  days: int,
  perDay: int,
  activeFrom: int,
  activeTo: int,
  utcOffset: int,
  enabled: z.boolean(),
  accounts: int,
  createdAt: int,
})
export type NurturingRuleView = z.infer<typeof nurturingRuleView>

export const nurturingProgressView = z.object({
  accountId: int,
  phone: z.string(),
  tenantName: z.string(),
  ruleId: int,
  ruleName: z.string(),
  partnerPhone: z.string().nullable(),
  state: z.enum(NurturingAccountState),
  stopReason: z.string().nullable(),
  daysDone: int,
  days: int,
  sentToday: int,
  perDay: int,
  sentTotal: int,
  startedAt: int,
  lastSentAt: int.nullable(),
})
export type NurturingProgressView = z.infer<typeof nurturingProgressView>

/** Account nurturing is the platform admin's. */
const admin = { roles: Access.platformAdmin, tags: ['nurturing'] } as const

export const nurturingEndpoints = {
  materialPage: endpoint({
    ...admin,
    method: 'POST',
    path: NurturingPath.materialPage,
    summary: 'Source material, newest first',
    body: nurturingMaterialPageBody,
    response: pageOf(nurturingMaterialView),
  }),
  materialCreate: endpoint({
    ...admin,
    method: 'POST',
    path: NurturingPath.material,
    summary: 'Add source material',
    body: nurturingMaterialCreateBody,
    response: z.object({ id: int }),
  }),
  materialUpdate: endpoint({
    ...admin,
    method: 'PUT',
    path: NurturingPath.material,
    summary: 'Change source material',
    body: nurturingMaterialUpdateBody,
    response: z.null(),
  }),
  materialRemove: endpoint({
    ...admin,
    method: 'DELETE',
    path: NurturingPath.material,
    summary: 'Delete source material',
    query: nurturingIdQuery,
    response: z.null(),
  }),
  materialUpload: endpoint({
    ...admin,
    method: 'POST',
    path: NurturingPath.materialUpload,
    summary:
      'Upload file material (multipart: file, language, type image|voice|sticker, enabled); ' +
      'checked from its bytes: images jpg/png and voice mp3/ogg up to 10 MB, stickers webp up to 500 KB',
    body: 'multipart',
    response: z.object({ id: int }),
  }),
  materialFile: endpoint({
    ...admin,
    method: 'GET',
    path: NurturingPath.materialFile,
    summary: "A file material's bytes, with its type",
    query: nurturingIdQuery,
    response: fileResponse,
  }),
  materialFileUpdate: endpoint({
    ...admin,
    method: 'PUT',
    path: NurturingPath.materialFileUpdate,
    summary: "Change a file material's language and use",
    body: nurturingMaterialFileUpdateBody,
    response: z.null(),
  }),
  rulePage: endpoint({
    ...admin,
    method: 'POST',
    path: NurturingPath.rulePage,
    summary: 'Nurturing rules, newest first',
    body: nurturingPageBody,
    response: pageOf(nurturingRuleView),
  }),
  ruleCreate: endpoint({
    ...admin,
    method: 'POST',
    path: NurturingPath.rule,
    summary: 'Add a nurturing rule',
    body: nurturingRuleBody,
    response: z.object({ id: int }),
  }),
  ruleUpdate: endpoint({
    ...admin,
    method: 'PUT',
    path: NurturingPath.rule,
    summary: 'Change a nurturing rule',
    body: nurturingRuleUpdateBody,
    response: z.null(),
  }),
  ruleRemove: endpoint({
    ...admin,
    method: 'DELETE',
    path: NurturingPath.rule,
    summary: 'Delete a nurturing rule',
    query: nurturingIdQuery,
    response: z.null(),
  }),
  progress: endpoint({
    ...admin,
    method: 'POST',
    path: NurturingPath.progress,
    summary: 'Each nurtured account’s progress: days, messages today and in total, state',
    body: nurturingProgressBody,
    response: pageOf(nurturingProgressView),
  }),
}

/** "HH:mm" of minutes of the day. */
export function minutesToClock(m: number): string {
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

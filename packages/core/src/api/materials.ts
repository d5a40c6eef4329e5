import { z } from 'zod'
import { Access } from '../access.js'
import { CONTACT_CARD_PHONE_MIN, GROUP_NAME_MAX } from '../constants.js'
import { pageOf } from '../errors.js'
import { BATCH_IDS_MAX } from '../messaging.js'
import { checkGroupName } from '../validation.js'
import { endpoint, fileResponse } from './contract.js'

/** Material limits of spec §5 "Material". */
export const MATERIAL_NAME_MAX = 20
export const MATERIAL_CONTACT_NAME_MAX = 20
export const MATERIAL_CONTACT_PHONE_MIN = CONTACT_CARD_PHONE_MIN
export const MATERIAL_CONTACT_PHONE_MAX = 20
export const MATERIAL_LINK_MAX = 500
export const MATERIAL_TITLE_MAX = 100
export const MATERIAL_TEXT_MAX = 1000
export const MATERIAL_GROUP_NAME_MAX = GROUP_NAME_MAX
/** A WhatsApp profile name holds at most 25 characters: nickname materials are names to give accounts. */
export const MATERIAL_NICKNAME_MAX = 25
export const MATERIAL_FILE_NAME_MAX = 200

/** Upload limits of spec §5 "Uploads" and product-decisions: every file at most 10 MB, 8 per batch. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024
export const UPLOAD_BATCH_MAX = 8
/** Avatar materials are at least this wide and tall (chat images have no minimum). */
export const AVATAR_MIN_PX = 300

/** Library of a material or group: 1 public (the tenant's, managed by the supervisor), 2 personal (one agent's). */
export const MaterialOwnerType = { public: 1, personal: 2 } as const
export type MaterialOwnerTypeValue = (typeof MaterialOwnerType)[keyof typeof MaterialOwnerType]

/** What a material is for (/materialManage tabs): chat messages, WS account nicknames, WS account avatars. */
export const MaterialUsage = { message: 'message', nickname: 'nickname', avatar: 'avatar' } as const
export type MaterialUsageValue = (typeof MaterialUsage)[keyof typeof MaterialUsage]
export const MATERIAL_USAGES = Object.values(MaterialUsage) as [MaterialUsageValue, ...MaterialUsageValue[]]

/** Material types of spec §3; `link` is the image-text link. */
export const MaterialType = {
  image: 'image',
  gif: 'gif',
  video: 'video',
  voice: 'voice',
  text: 'text',
  location: 'location',
  card: 'card',
  file: 'file',
  link: 'link',
} as const
export type MaterialTypeValue = (typeof MaterialType)[keyof typeof MaterialType]
export const MATERIAL_TYPES = Object.values(MaterialType) as [MaterialTypeValue, ...MaterialTypeValue[]]

/** Types that carry an uploaded file. */
export const UPLOAD_TYPES = ['image', 'gif', 'video', 'voice', 'file'] as const
export type UploadTypeValue = (typeof UPLOAD_TYPES)[number]

/** File types each upload type accepts, read from the file's bytes (never from its name). */
export const UPLOAD_ACCEPT: Record<UploadTypeValue, readonly string[]> = {
  image: ['image/jpeg', 'image/png'],
  gif: ['image/gif', 'video/mp4'],
  video: ['video/mp4'],
  voice: ['audio/mpeg', 'audio/ogg'],
  file: [],
}
/** What the upload pickers offer, by file extension. */
export const UPLOAD_EXTENSIONS: Record<UploadTypeValue, string> = {
  image: '.jpg,.jpeg,.png',
  gif: '.gif,.mp4',
  video: '.mp4',
  voice: '.mp3,.ogg',
  file: '',
}

/** Which types a usage allows: nicknames are texts, avatars images, messages anything. */
export const USAGE_TYPES: Record<MaterialUsageValue, readonly MaterialTypeValue[]> = {
  message: MATERIAL_TYPES,
  nickname: ['text'],
  avatar: ['image'],
}

/** A contact card's phone: at least 8 digits (an optional leading + and spaces/dashes are allowed). */
export function checkContactPhone(input: string | null | undefined): 'material.contactPhone' | null {
  const digits = (input ?? '').replace(/[\s+\-()]/g, '')
  const re = new RegExp(`^\\d{${MATERIAL_CONTACT_PHONE_MIN},${MATERIAL_CONTACT_PHONE_MAX}}$`)
  return re.test(digits) ? null : 'material.contactPhone'
}

const id = z.number({ message: 'invalid' }).int().positive()
const ids = z.array(id).min(1, 'required').max(BATCH_IDS_MAX, 'tooLong')
const ownerType = z.union([z.literal(1), z.literal(2)], { message: 'invalid' })
const caption = z.string().trim().max(MATERIAL_TEXT_MAX, 'material.textLength').optional()

const materialName = z
  .string({ message: 'material.nameRequired' })
  .trim()
  .min(1, 'material.nameRequired')
  .max(MATERIAL_NAME_MAX, 'material.nameLength')

const materialGroupName = z
  .string({ message: 'groupName.required' })
  .max(MATERIAL_GROUP_NAME_MAX * 4, 'groupName.length')
  .superRefine((v, ctx) => {
    const key = checkGroupName(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })

/** The content of a material by type; files are uploaded first (…/material/upload) and named by mediaId. */
export const materialContent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z
      .string({ message: 'material.textRequired' })
      .trim()
      .min(1, 'material.textRequired')
      .max(MATERIAL_TEXT_MAX, 'material.textLength'),
  }),
  z.object({ type: z.literal('image'), mediaId: id, caption }),
  z.object({ type: z.literal('gif'), mediaId: id, caption }),
  z.object({ type: z.literal('video'), mediaId: id, caption }),
  z.object({
    type: z.literal('voice'),
    mediaId: id,
    seconds: z.number().int().min(0).max(86_400).optional(),
  }),
  z.object({
    type: z.literal('file'),
    mediaId: id,
    fileName: z
      .string({ message: 'required' })
      .trim()
      .min(1, 'required')
      .max(MATERIAL_FILE_NAME_MAX, 'tooLong'),
    caption,
  }),
  z.object({
    type: z.literal('location'),
    latitude: z
      .number({ message: 'material.location' })
      .min(-90, 'material.location')
      .max(90, 'material.location'),
    longitude: z
      .number({ message: 'material.location' })
      .min(-180, 'material.location')
      .max(180, 'material.location'),
    name: z.string().trim().max(200, 'tooLong').optional(),
    address: z.string().trim().max(500, 'tooLong').optional(),
  }),
  z.object({
    type: z.literal('card'),
    contactName: z
      .string({ message: 'material.contactNameRequired' })
      .trim()
      .min(1, 'material.contactNameRequired')
      .max(MATERIAL_CONTACT_NAME_MAX, 'material.contactNameLength'),
    contactPhone: z
      .string({ message: 'material.contactPhone' })
      .max(40, 'material.contactPhone')
      .superRefine((v, ctx) => {
        const key = checkContactPhone(v)
        if (key) ctx.addIssue({ code: 'custom', message: key })
      }),
  }),
  z.object({
    type: z.literal('link'),
    title: z
      .string({ message: 'material.titleRequired' })
      .trim()
      .min(1, 'material.titleRequired')
      .max(MATERIAL_TITLE_MAX, 'material.titleLength'),
    link: z
      .string({ message: 'material.linkInvalid' })
      .trim()
      .max(MATERIAL_LINK_MAX, 'material.linkLength')
      .regex(/^https?:\/\/\S+$/i, 'material.linkInvalid'),
    text: z.string().trim().max(MATERIAL_TEXT_MAX, 'material.textLength').optional(),
    /** optional cover image */
    mediaId: id.optional(),
  }),
])
export type MaterialContent = z.infer<typeof materialContent>

/** POST /damai/customer/material */
export const materialCreateBody = z.object({
  ownerType,
  usage: z.enum(MATERIAL_USAGES).default('message'),
  groupId: id.nullable().default(null),
  name: materialName,
  enabled: z.boolean().default(true),
  content: materialContent,
})
export type MaterialCreateBody = z.infer<typeof materialCreateBody>

/** PUT /damai/customer/material: the library and usage of a material do not change. */
export const materialUpdateBody = z.object({
  id,
  groupId: id.nullable().default(null),
  name: materialName,
  enabled: z.boolean().default(true),
  content: materialContent,
})
export type MaterialUpdateBody = z.infer<typeof materialUpdateBody>

/** POST /damai/customer/material/page */
export const materialPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  ownerType,
  usage: z.enum(MATERIAL_USAGES).optional(),
  type: z.enum(MATERIAL_TYPES).optional(),
  groupId: id.optional(),
  enabled: z.boolean().optional(),
  name: z.string().trim().max(MATERIAL_NAME_MAX, 'material.nameLength').optional(),
})
export type MaterialPageBody = z.infer<typeof materialPageBody>

export const materialEnabledBody = z.object({ ids, enabled: z.boolean() })
/** Query of DELETE /damai/customer/material: `ids=1,2,3`. */
export const materialDeleteQuery = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'invalid')
    .transform((s) => s.split(',').map(Number))
    .pipe(ids),
})
export const materialIdQuery = z.object({ id: z.coerce.number().int().positive() })
export const materialLibraryQuery = z.object({
  ownerType: z.coerce.number().pipe(ownerType),
  usage: z.enum(MATERIAL_USAGES).optional(),
})

/** Fields of the multipart upload besides `file`. */
export const materialUploadFields = z.object({
  type: z.enum(UPLOAD_TYPES, { message: 'material.uploadType' }),
  usage: z.enum(MATERIAL_USAGES).default('message'),
})

export const materialGroupCreateBody = z.object({ ownerType, name: materialGroupName })
export const materialGroupUpdateBody = z.object({ id, name: materialGroupName })

export const materialMediaView = z.object({
  id: z.number().int(),
  mime: z.string(),
  size: z.number().int(),
})
export type MaterialMediaView = z.infer<typeof materialMediaView>

const ownerTypeView = z.union([z.literal(MaterialOwnerType.public), z.literal(MaterialOwnerType.personal)])

/** A material as the library pages and the composer's picker see it. */
export const materialView = z.object({
  id: z.number().int(),
  ownerType: ownerTypeView,
  /** the agent whose personal library holds it; null for the public library */
  ownerUserId: z.number().int().nullable(),
  usage: z.enum(MaterialUsage),
  type: z.enum(MaterialType),
  name: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  enabled: z.boolean(),
  content: materialContent,
  media: materialMediaView.nullable(),
  createdBy: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** what the caller may do with it */
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
})
export type MaterialView = z.infer<typeof materialView>

export const materialGroupView = z.object({
  id: z.number().int(),
  ownerType: ownerTypeView,
  name: z.string(),
  materialCount: z.number().int(),
  createdAt: z.number(),
})
export type MaterialGroupView = z.infer<typeof materialGroupView>

export const materialUploadResult = z.object({
  mediaId: z.number().int(),
  mime: z.string(),
  size: z.number().int(),
  fileName: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
})
export type MaterialUploadResult = z.infer<typeof materialUploadResult>

export const materialTypeCount = z.object({
  type: z.enum(MaterialType),
  count: z.number().int(),
})
export type MaterialTypeCount = z.infer<typeof materialTypeCount>

/**
 * The supervisor and agents read the public library and keep a personal one; only the supervisor
 * changes the public library (checked on the server). The team lead has none: it reads the chat
 * history and home only. A supervisor at the desk as an agent (customer-user-id) works on that
 * agent's personal library.
 */
const desk = { roles: Access.desk, tags: ['material'] } as const

/** Groups of the material libraries: the supervisor's and agents' (the team lead has no materials). */
const groups = { roles: Access.desk, tags: ['materialGroup'] } as const
const groupBase = '/damai/customer/materialGroup'

export const materialGroupEndpoints = {
  list: endpoint({
    ...groups,
    method: 'GET',
    path: `${groupBase}/list`,
    summary: 'Groups of a library (ownerType 1 public, 2 personal) with material counts',
    query: materialLibraryQuery,
    response: z.object({ list: z.array(materialGroupView) }),
  }),
  create: endpoint({
    ...groups,
    method: 'POST',
    path: groupBase,
    summary: 'Create a material group',
    body: materialGroupCreateBody,
    response: z.object({ id: z.number().int() }),
  }),
  rename: endpoint({
    ...groups,
    method: 'PUT',
    path: groupBase,
    summary: 'Rename a material group',
    body: materialGroupUpdateBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...groups,
    method: 'DELETE',
    path: groupBase,
    summary: 'Delete an empty material group',
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: z.null(),
  }),
}

import {
  ErrorCode,
  errorMessage,
  MATERIAL_NICKNAME_MAX,
  type MaterialContent,
  type MaterialTypeValue,
  type MaterialView,
  materialContent,
  materialCreateBody,
} from '@app/core'
import type { FormRule } from 'antd'
import type { ZodType } from 'zod'
import { currentLanguage, validationText } from '../../i18n'
import { zodRule } from '../../utils/formRules'
import type { UploadedFile } from './MaterialUpload'

/** The material form's fields; which of them count depends on the type. */
export interface MaterialFormValues {
  type: MaterialTypeValue
  name: string
  groupId: number | null
  enabled: boolean
  /** text, nickname, or a link's description */
  text?: string
  caption?: string
  /** the uploaded file, or a link's cover */
  file?: UploadedFile | null
  fileName?: string
  latitude?: number | null
  longitude?: number | null
  locationName?: string
  address?: string
  contactName?: string
  contactPhone?: string
  title?: string
  link?: string
}

type ContentField = Exclude<keyof MaterialFormValues, 'type' | 'name' | 'groupId' | 'enabled'>

/** Form field → the field of the content schema it fills. */
const SCHEMA_FIELD: Partial<Record<ContentField, string>> = { locationName: 'name', file: 'mediaId' }

function contentSchema(type: MaterialTypeValue, field: ContentField): ZodType | null {
  const option = materialContent.options.find((o) => o.shape.type.value === type)
  const shape = option?.shape as Record<string, ZodType> | undefined
  return shape?.[SCHEMA_FIELD[field] ?? field] ?? null
}

/** The server's rule for a content field of a type, with its message. */
export function contentRule(type: MaterialTypeValue, field: ContentField): FormRule[] {
  const schema = contentSchema(type, field)
  return schema ? [zodRule(schema)] : []
}

export const nameRule: FormRule = zodRule(materialCreateBody.shape.name)

/** A nickname material: a text of at most 25 characters (a WhatsApp profile name). */
export const nicknameRules: FormRule[] = [
  ...contentRule('text', 'text'),
  {
    validator: async (_rule, value: string | undefined) => {
      if ((value ?? '').trim().length > MATERIAL_NICKNAME_MAX)
        throw new Error(validationText('material.nicknameLength'))
    },
  },
]

/** A file must be uploaded (the server's message for a missing file). */
export const requiredFileRule: FormRule = {
  validator: async (_rule, value: UploadedFile | null | undefined) => {
    if (!value) throw new Error(errorMessage(ErrorCode.uploadMissing, currentLanguage()))
  },
}

const trimmed = (v: string | undefined) => {
  const s = v?.trim()
  return s ? s : undefined
}

/** The content the fields describe, for the type chosen. */
export function toContent(v: MaterialFormValues): MaterialContent {
  const mediaId = v.file?.mediaId as number
  switch (v.type) {
    case 'text':
      return { type: 'text', text: v.text ?? '' }
    case 'image':
    case 'gif':
    case 'video':
      return { type: v.type, mediaId, caption: trimmed(v.caption) }
    case 'voice':
      return { type: 'voice', mediaId, seconds: v.file?.seconds }
    case 'file':
      return { type: 'file', mediaId, fileName: v.fileName ?? '', caption: trimmed(v.caption) }
    case 'location':
      return {
        type: 'location',
        latitude: v.latitude as number,
        longitude: v.longitude as number,
        name: trimmed(v.locationName),
        address: trimmed(v.address),
      }
    case 'card':
      return { type: 'card', contactName: v.contactName ?? '', contactPhone: v.contactPhone ?? '' }
    case 'link':
      return {
        type: 'link',
        title: v.title ?? '',
        link: v.link ?? '',
        text: trimmed(v.text),
        ...(v.file ? { mediaId: v.file.mediaId } : {}),
      }
  }
}

/** Which form field a content issue belongs to. */
export function fieldOfIssue(path: readonly PropertyKey[]): keyof MaterialFormValues {
  const key = String(path[0] ?? 'type')
  if (key === 'mediaId') return 'file'
  if (key === 'name') return 'locationName'
  return key as keyof MaterialFormValues
}

/** The fields of a saved material, to edit it. */
export function fromMaterial(m: MaterialView): MaterialFormValues {
  const c = m.content as MaterialContent & { mediaId?: number }
  const file: UploadedFile | null =
    c.mediaId !== undefined
      ? {
          mediaId: c.mediaId,
          mime: m.media?.mime ?? null,
          size: m.media?.size ?? 0,
          fileName: c.type === 'file' ? c.fileName : m.name,
          width: null,
          height: null,
          seconds: c.type === 'voice' ? c.seconds : undefined,
          materialId: m.id,
        }
      : null
  const base: MaterialFormValues = {
    type: m.type,
    name: m.name,
    groupId: m.groupId,
    enabled: m.enabled,
    file,
  }
  switch (c.type) {
    case 'text':
      return { ...base, text: c.text }
    case 'image':
    case 'gif':
    case 'video':
      return { ...base, caption: c.caption }
    case 'file':
      return { ...base, fileName: c.fileName, caption: c.caption }
    case 'location':
      return {
        ...base,
        latitude: c.latitude,
        longitude: c.longitude,
        locationName: c.name,
        address: c.address,
      }
    case 'card':
      return { ...base, contactName: c.contactName, contactPhone: c.contactPhone }
    case 'link':
      return { ...base, title: c.title, link: c.link, text: c.text }
    default:
      return base
  }
}

import {
  type MaterialContent,
  MaterialOwnerType,
  type MaterialOwnerTypeValue,
  type MaterialTypeValue,
  type MaterialUsageValue,
  type MaterialView,
} from '@app/core'
import type { MaterialJoinedRow } from './materials.repository.js'

/** The content as stored: the material's fields without the file, which lives in media_id. */
export function storedContent(content: MaterialContent): { json: string; mediaId: number | null } {
  const { mediaId, ...rest } = content as MaterialContent & { mediaId?: number }
  return { json: JSON.stringify(rest), mediaId: mediaId ?? null }
}

export function contentOf(row: Pick<MaterialJoinedRow, 'content' | 'media_id'>): MaterialContent {
  const parsed = JSON.parse(row.content) as MaterialContent
  return (row.media_id !== null ? { ...parsed, mediaId: row.media_id } : parsed) as MaterialContent
}

export function presentMaterial(row: MaterialJoinedRow, canWrite: boolean): MaterialView {
  const ownerType = row.owner_type as MaterialOwnerTypeValue
  return {
    id: row.id,
    ownerType,
    ownerUserId: ownerType === MaterialOwnerType.public ? null : row.owner_user_id,
    usage: row.usage as MaterialUsageValue,
    type: row.type as MaterialTypeValue,
    name: row.name,
    groupId: row.group_id,
    groupName: row.group_name ?? null,
    enabled: row.enabled === 1,
    content: contentOf(row),
    media:
      row.media_id !== null && row.media_mime
        ? { id: row.media_id, mime: row.media_mime, size: Number(row.media_size ?? 0) }
        : null,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    can: { edit: canWrite, delete: canWrite },
  }
}

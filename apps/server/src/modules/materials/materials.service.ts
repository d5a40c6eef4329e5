import fs from 'node:fs'
import {
  ErrorCode,
  MATERIAL_NICKNAME_MAX,
  MATERIAL_TYPES,
  type MaterialContent,
  type MaterialCreateBody,
  MaterialOwnerType,
  type MaterialOwnerTypeValue,
  type MaterialPageBody,
  type MaterialTypeCount,
  type MaterialUpdateBody,
  type MaterialUsageValue,
  type MaterialView,
  type OutboundContentInput,
  type Page,
  UPLOAD_MAX_BYTES,
  type UploadTypeValue,
  USAGE_TYPES,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError, badRequest, notFound } from '../../http/errors.js'
import { isForeignKeyViolation } from '../accounts/index.js'
import type { MediaStore } from '../messages/index.js'
import { checkMaterialFile } from './file-check.js'
import { canSee, canWrite, libraryOf, type MaterialCaller, requireWritable } from './materials.library.js'
import { materialToOutbound } from './materials.outbound.js'
import { contentOf, presentMaterial, storedContent } from './materials.presenter.js'
import {
  type Library,
  type MaterialFilter,
  type MaterialJoinedRow,
  MaterialsRepository,
} from './materials.repository.js'

/** The file a material serves. */
export interface MaterialFile {
  absolutePath: string
  mime: string
  fileName: string
}

/**
 * The public and personal material libraries: contents checked against spec §5 (shapes in core,
 * files from their bytes here), groups of the same library, and what a material sends as.
 */
export class MaterialsService {
  private readonly repo: MaterialsRepository

  constructor(
    private readonly db: Db,
    private readonly media: MediaStore,
  ) {
    this.repo = new MaterialsRepository(db)
  }

  /** A page of one library; agents see only the enabled materials of the public one. */
  async page(caller: MaterialCaller, body: MaterialPageBody): Promise<Page<MaterialView>> {
    const lib = libraryOf(caller, body.ownerType as MaterialOwnerTypeValue)
    const publicForAgent = body.ownerType === MaterialOwnerType.public && !caller.master
    const { list, total } = await this.repo.page(
      lib,
      {
        usage: body.usage,
        type: body.type,
        groupId: body.groupId,
        enabled: publicForAgent ? true : body.enabled,
        name: body.name || undefined,
      },
      (body.pageNo - 1) * body.pageSize,
      body.pageSize,
    )
    return { list: list.map((r) => presentMaterial(r, canWrite(caller, r.owner_user_id))), total }
  }

  /**
   * The public library and the caller's personal one together (or the one `ownerType` names),
   * newest first, older than `beforeId`: the public API's list. Agents see only the enabled
   * materials of the public library, as on its page.
   */
  async listVisible(
    caller: MaterialCaller,
    filter: Omit<MaterialFilter, 'groupId' | 'enabled'> & { ownerType?: MaterialOwnerTypeValue },
    beforeId: number | undefined,
    pageSize: number,
  ): Promise<{ list: MaterialView[]; nextBeforeId: number | null }> {
    const types = filter.ownerType
      ? [filter.ownerType]
      : [MaterialOwnerType.public, MaterialOwnerType.personal]
    const libraries = types.map((t) => ({
      ownerUserId: libraryOf(caller, t).ownerUserId,
      enabledOnly: t === MaterialOwnerType.public && !caller.master,
    }))
    const rows = await this.repo.across(caller.tenantId, libraries, filter, beforeId, pageSize + 1)
    const list = rows.slice(0, pageSize).map((r) => presentMaterial(r, canWrite(caller, r.owner_user_id)))
    return { list, nextBeforeId: rows.length > pageSize ? (list.at(-1)?.id ?? null) : null }
  }

  async get(caller: MaterialCaller, id: number): Promise<MaterialView> {
    const row = await this.visible(caller, id)
    return presentMaterial(row, canWrite(caller, row.owner_user_id))
  }

  async create(caller: MaterialCaller, body: MaterialCreateBody): Promise<number> {
    const lib = libraryOf(caller, body.ownerType as MaterialOwnerTypeValue)
    requireWritable(caller, lib.ownerUserId)
    await this.checkContent(lib, body.usage, body.groupId, body.content, true)
    const { json, mediaId } = storedContent(body.content)
    const now = Date.now()
    return groupGoneIsNotFound(() =>
      this.repo.insert({
        tenant_id: lib.tenantId,
        owner_type: body.ownerType,
        owner_user_id: lib.ownerUserId,
        usage: body.usage,
        type: body.content.type,
        name: body.name,
        group_id: body.groupId,
        enabled: body.enabled ? 1 : 0,
        content: json,
        media_id: mediaId,
        created_by: caller.userId,
        created_at: now,
        updated_at: now,
      }),
    )
  }

  /** Change a material in place; its library and usage stay. A new file is checked again. */
  async update(caller: MaterialCaller, body: MaterialUpdateBody): Promise<void> {
    const row = await this.visible(caller, body.id)
    requireWritable(caller, row.owner_user_id)
    const lib = { tenantId: caller.tenantId, ownerUserId: row.owner_user_id }
    const old = contentOf(row) as MaterialContent & { mediaId?: number }
    const next = body.content as MaterialContent & { mediaId?: number }
    const fileChanged = old.type !== next.type || old.mediaId !== next.mediaId
    await this.checkContent(lib, row.usage as MaterialUsageValue, body.groupId, body.content, fileChanged)
    const { json, mediaId } = storedContent(body.content)
    await groupGoneIsNotFound(() =>
      this.repo.update(caller.tenantId, [row.id], {
        type: body.content.type,
        name: body.name,
        group_id: body.groupId,
        enabled: body.enabled ? 1 : 0,
        content: json,
        media_id: mediaId,
        updated_at: Date.now(),
      }),
    )
  }

  async setEnabled(caller: MaterialCaller, ids: number[], enabled: boolean): Promise<void> {
    const rows = await this.writable(caller, ids)
    await this.repo.update(
      caller.tenantId,
      rows.map((r) => r.id),
      { enabled: enabled ? 1 : 0, updated_at: Date.now() },
    )
  }

  async remove(caller: MaterialCaller, ids: number[]): Promise<void> {
    const rows = await this.writable(caller, ids)
    await this.repo.remove(
      caller.tenantId,
      rows.map((r) => r.id),
    )
  }

  /** How many materials of each type a library holds (agents: enabled public ones). */
  async typeCounts(
    caller: MaterialCaller,
    ownerType: MaterialOwnerTypeValue,
    usage?: MaterialUsageValue,
  ): Promise<MaterialTypeCount[]> {
    const lib = libraryOf(caller, ownerType)
    const counts = await this.repo.typeCounts(
      lib,
      usage,
      ownerType === MaterialOwnerType.public && !caller.master,
    )
    return MATERIAL_TYPES.map((type) => ({ type, count: counts.get(type) ?? 0 }))
  }

  /** The stored file of a material the caller can see. */
  async file(caller: MaterialCaller, id: number): Promise<MaterialFile> {
    const row = await this.visible(caller, id)
    if (row.media_id === null) throw notFound()
    const file = await this.media.find(this.db, caller.tenantId, row.media_id)
    if (!file) throw new AppError(ErrorCode.mediaNotFound)
    const content = contentOf(row)
    const ext = file.path.split('.').pop() ?? 'bin'
    return {
      absolutePath: this.media.absolute(file.path),
      mime: file.mime,
      fileName: content.type === 'file' ? content.fileName : `${row.name}.${ext}`,
    }
  }

  /**
   * What a material sends as, for the desk's composer: the material must be the public library's or
   * the sender's own (`userId`: the agent, also when a supervisor acts as them) and enabled.
   */
  async toOutbound(
    scope: { tenantId: number; userId: number },
    materialId: number,
  ): Promise<OutboundContentInput> {
    const row = await this.repo.get(scope.tenantId, materialId)
    if (!row || !canSee({ ...scope, master: false }, row.owner_user_id)) throw notFound()
    if (row.enabled !== 1) throw new AppError(ErrorCode.materialDisabled)
    return materialToOutbound(contentOf(row), row.media_mime ?? null)
  }

  /** A material of the tenant in a library the caller can see, else not found. */
  private async visible(caller: MaterialCaller, id: number): Promise<MaterialJoinedRow> {
    const row = await this.repo.get(caller.tenantId, id)
    if (!row || !canSee(caller, row.owner_user_id)) throw notFound()
    return row
  }

  /** Every id must be visible (else not found) and the caller's to change, before anything changes. */
  private async writable(caller: MaterialCaller, ids: number[]): Promise<MaterialJoinedRow[]> {
    const unique = [...new Set(ids)]
    const rows = await this.repo.many(caller.tenantId, unique)
    if (rows.length !== unique.length || rows.some((r) => !canSee(caller, r.owner_user_id))) throw notFound()
    for (const r of rows) requireWritable(caller, r.owner_user_id)
    return rows
  }

  private async checkContent(
    lib: Library,
    usage: MaterialUsageValue,
    groupId: number | null,
    content: MaterialContent,
    checkFile: boolean,
  ): Promise<void> {
    if (!USAGE_TYPES[usage].includes(content.type)) throw badRequest('material.usageType')
    if (usage === 'nickname' && content.type === 'text' && content.text.length > MATERIAL_NICKNAME_MAX)
      throw badRequest('material.nicknameLength')
    if (groupId !== null) {
      const group = await this.repo.group(lib.tenantId, groupId)
      if (!group) throw notFound()
      if (group.owner_user_id !== lib.ownerUserId) throw new AppError(ErrorCode.materialGroupMismatch)
    }
    const mediaId = (content as { mediaId?: number }).mediaId
    if (!checkFile || mediaId === undefined) return
    const file = await this.media.find(this.db, lib.tenantId, mediaId)
    if (!file) throw new AppError(ErrorCode.mediaNotFound)
    if (Number(file.size) > UPLOAD_MAX_BYTES) throw new AppError(ErrorCode.uploadTooLarge)
    const bytes = await fs.promises.readFile(this.media.absolute(file.path)).catch(() => null)
    if (!bytes) throw new AppError(ErrorCode.mediaNotFound)
    const uploadType: UploadTypeValue = content.type === 'link' ? 'image' : (content.type as UploadTypeValue)
    checkMaterialFile(uploadType, usage, bytes, Number(file.size))
  }
}

/** The group was deleted between the check and the write. */
async function groupGoneIsNotFound<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound()
    throw err
  }
}

import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { ErrorCode } from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError } from '../../http/errors.js'
import type { MediaStore, StoredFile } from './media.store.js'

const MB = 1024 * 1024
const GB = 1024 * MB

/** A size as people read it: "2 GB", "19.5 KB". */
function formatBytes(n: number): string {
  const [unit, size] = n >= GB ? ['GB', GB] : n >= MB ? ['MB', MB] : ['KB', 1024]
  return `${Number((n / size).toFixed(1))} ${unit}`
}

export interface StoredUpload {
  mediaId: number
  file: StoredFile
}

/**
 * Uploads (material files, chat files) under each tenant's storage quota, counted over every file
 * the tenant stores. Bytes the tenant already has cost nothing: they share the stored row. Checked
 * before anything is written; two uploads at the same moment may together pass the quota by at
 * most one file.
 */
export class MediaQuota {
  constructor(
    private readonly db: Db,
    private readonly store: MediaStore,
    private readonly maxBytes: number,
  ) {}

  /** Bytes the tenant's stored files take. */
  async used(tenantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('media_files')
      .select((e) => e.fn.coalesce(e.fn.sum<number>('size'), e.lit(0)).as('bytes'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()
    return Number(row?.bytes ?? 0)
  }

  /** Store an upload for the tenant; refused with storageFull when it would take the tenant past its quota. */
  async storeUpload(tenantId: number, bytes: Buffer, now = Date.now()): Promise<StoredUpload> {
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const known = await this.db
      .selectFrom('media_files')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('sha256', '=', sha256)
      .executeTakeFirst()
    if (!known && (await this.used(tenantId)) + bytes.length > this.maxBytes) {
      throw new AppError(ErrorCode.storageFull, { params: { limit: formatBytes(this.maxBytes) } })
    }
    const file = await this.store.save(tenantId, Readable.from([bytes]))
    const mediaId = await this.store.record(this.db, tenantId, file, now)
    return { mediaId, file }
  }
}

import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { sniffFileType } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'

type Q = Kysely<Database>

export interface StoredFile {
  path: string
  mime: string
  size: number
  sha256: string
}

class MediaTooLargeError extends Error {}

/**
 * Media on local disk under DATA_DIR/media, one file per media row: named by the hash of its bytes
 * plus a random part, so the clean-up removing an old row's file never removes the file of a new
 * row holding the same bytes. Identical bytes in a tenant share one row.
 */
export class MediaStore {
  constructor(
    private readonly root: string,
    private readonly maxBytes: number,
  ) {}

  absolute(rel: string): string {
    return path.join(this.root, rel)
  }

  /** Write a stream to disk while hashing it; the name comes from the hash and the sniffed type. */
  async save(tenantId: number, stream: Readable): Promise<StoredFile> {
    const tmpDir = path.join(this.root, 'tmp')
    await fs.promises.mkdir(tmpDir, { recursive: true })
    const tmp = path.join(tmpDir, randomBytes(8).toString('hex'))
    const hash = createHash('sha256')
    const out = fs.createWriteStream(tmp)
    let size = 0
    let head = Buffer.alloc(0)
    try {
      for await (const chunk of stream) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
        size += buf.length
        if (size > this.maxBytes) throw new MediaTooLargeError(`media over ${this.maxBytes} bytes`)
        if (head.length < 16) head = Buffer.concat([head, buf.subarray(0, 16 - head.length)])
        hash.update(buf)
        if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()))
      }
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve())),
      )
    } catch (err) {
      out.destroy()
      await fs.promises.rm(tmp, { force: true })
      throw err
    }
    const sha256 = hash.digest('hex')
    const { mime, ext } = sniffFileType(head)
    const unique = randomBytes(6).toString('hex')
    const rel = path.join(String(tenantId), sha256.slice(0, 2), `${sha256}-${unique}.${ext}`)
    await fs.promises.mkdir(path.dirname(this.absolute(rel)), { recursive: true })
    await fs.promises.rename(tmp, this.absolute(rel))
    return { path: rel, mime, size, sha256 }
  }

  /**
   * The media row of a stored file. The same bytes in a tenant share one row: it counts as stored
   * now (so the clean-up keeps it) and the file just written is dropped.
   */
  async record(q: Q, tenantId: number, f: StoredFile, now: number): Promise<number> {
    const found = await q
      .selectFrom('media_files')
      .select(['id', 'path'])
      .where('tenant_id', '=', tenantId)
      .where('sha256', '=', f.sha256)
      .orderBy('id')
      .executeTakeFirst()
    // renewed in one statement: a row the clean-up removed meanwhile is simply stored again below
    const renewed = found
      ? await q
          .updateTable('media_files')
          .set({ stored_at: now })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', found.id)
          .executeTakeFirst()
      : null
    if (found && Number(renewed?.numUpdatedRows) === 1) {
      if (found.path !== f.path) await this.discard(f.path)
      return found.id
    }
    const row = await q
      .insertInto('media_files')
      .values({
        tenant_id: tenantId,
        path: f.path,
        mime: f.mime,
        size: f.size,
        sha256: f.sha256,
        created_at: now,
        stored_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** A stored file of the tenant. */
  find(q: Q, tenantId: number, mediaId: number) {
    return q
      .selectFrom('media_files')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', mediaId)
      .executeTakeFirst()
  }

  /** Remove a stored file; one already gone is fine. */
  async discard(rel: string): Promise<void> {
    await fs.promises.rm(this.absolute(rel), { force: true })
  }
}

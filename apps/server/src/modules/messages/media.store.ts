import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { type SniffedType, sniffFileType } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'

type Q = Kysely<Database>

/**
 * The type of a file from its first bytes; the sender's claimed type is never trusted. The rule is
 * the one the browser checks with (`sniffFileType` of packages/core).
 */
export const sniffMime = (head: Uint8Array): SniffedType => sniffFileType(head)

export interface StoredFile {
  path: string
  mime: string
  size: number
  sha256: string
}

export class MediaTooLargeError extends Error {}

/** Media on local disk under DATA_DIR/media, content-addressed per tenant. */
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
    const { mime, ext } = sniffMime(head)
    const rel = path.join(String(tenantId), sha256.slice(0, 2), `${sha256}.${ext}`)
    await fs.promises.mkdir(path.dirname(this.absolute(rel)), { recursive: true })
    await fs.promises.rename(tmp, this.absolute(rel))
    return { path: rel, mime, size, sha256 }
  }

  /** The media row of a stored file; the same bytes in a tenant share one row. */
  async record(q: Q, tenantId: number, f: StoredFile, now: number): Promise<number> {
    const found = await q
      .selectFrom('media_files')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('sha256', '=', f.sha256)
      .executeTakeFirst()
    if (found) return found.id
    const row = await q
      .insertInto('media_files')
      .values({
        tenant_id: tenantId,
        path: f.path,
        mime: f.mime,
        size: f.size,
        sha256: f.sha256,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
}

import fs from 'node:fs'
import { ErrorCode } from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import { loadDeskSession } from '../sessions/index.js'
import type { MediaStore } from './media.store.js'

export interface MediaFile {
  path: string
  mime: string
  size: number
  /** the name the browser saves it under */
  name: string
  /** documents download; pictures, videos and voices show in the chat */
  disposition: 'attachment' | 'inline'
}

export class ChatMedia {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStore,
  ) {}

  /** The file of a message in a session the viewer may read; another tenant's, or a missing file, is not found. */
  async file(viewer: Caller, messageId: number): Promise<MediaFile> {
    const { db, media } = this
    const m = await db
      .selectFrom('messages as m')
      .innerJoin('media_files as f', 'f.id', 'm.media_id')
      .select(['m.session_id', 'm.type', 'm.meta', 'f.path', 'f.mime', 'f.size'])
      .where('m.tenant_id', '=', viewer.tenantId)
      .where('f.tenant_id', '=', viewer.tenantId)
      .where('m.id', '=', messageId)
      .executeTakeFirst()
    if (!m) throw notFound()
    await loadDeskSession(db, viewer, m.session_id)
    const path = media.absolute(m.path)
    const exists = await fs.promises
      .access(path)
      .then(() => true)
      .catch(() => false)
    if (!exists) throw new AppError(ErrorCode.mediaNotFound)
    const meta = JSON.parse(m.meta || '{}') as { fileName?: unknown }
    const name = typeof meta.fileName === 'string' && meta.fileName ? meta.fileName : `${m.type}-${messageId}`
    return {
      path,
      mime: m.mime,
      size: m.size,
      name,
      disposition: m.type === 'document' ? 'attachment' : 'inline',
    }
  }
}

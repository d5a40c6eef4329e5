import { MEDIA_CLEANUP_INTERVAL_MS, MEDIA_UNUSED_KEEP_MS } from '@app/core'
import type { ExpressionBuilder } from 'kysely'
import type { Logger } from 'pino'
import type { Database, Db } from '../../db/index.js'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { MediaStore } from './media.store.js'

/** Media sweep loop. */
const system = openSystemScope('modules/messages/media.cleanup')

/** Rows looked at per query of a sweep. */
const BATCH = 200

/**
 * Nothing uses the media row: no message and no material names it. Every column that holds a
 * media id belongs here; one left out would have its files removed under it (the foreign keys
 * would then refuse the delete, so only the clean-up would stall).
 */
const unused = ({ and, not, exists, selectFrom }: ExpressionBuilder<Database, 'media_files'>) =>
  and([
    not(
      exists(
        selectFrom('messages').select('messages.id').whereRef('messages.media_id', '=', 'media_files.id'),
      ),
    ),
    not(
      exists(
        selectFrom('materials').select('materials.id').whereRef('materials.media_id', '=', 'media_files.id'),
      ),
    ),
  ])

/**
 * Removes uploads nothing uses once they were stored more than a day ago (a file is uploaded
 * before the material or message that uses it exists). Safe with several server processes: each
 * row goes by one conditional delete, so exactly one process removes it and only that one removes
 * its file; a row used or stored again meanwhile no longer matches. Crosses tenants by design.
 */
export class MediaCleanup implements Engine {
  readonly name = 'media-cleanup'
  private readonly loop: EngineLoop

  constructor(
    private readonly db: Db,
    private readonly store: MediaStore,
    private readonly log: Logger,
    intervalMs = MEDIA_CLEANUP_INTERVAL_MS,
  ) {
    this.loop = new EngineLoop(
      'media-cleanup',
      intervalMs,
      async () => {
        const removed = await this.systemSweep(system)
        if (removed > 0) this.log.info({ removed }, 'unused uploads removed')
        return false
      },
      log,
    )
  }

  start(): void {
    this.loop.start()
  }

  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** One pass over every tenant; answers how many files this process removed. */
  async systemSweep(system: SystemScope, now = Date.now()): Promise<number> {
    const before = now - MEDIA_UNUSED_KEEP_MS
    let removed = 0
    let after = 0
    for (;;) {
      const rows = await this.db
        .selectFrom('media_files')
        .select(['id', 'path'])
        .where('stored_at', '<', before)
        .where('id', '>', after)
        .where(unused)
        .orderBy('id')
        .limit(BATCH)
        .execute()
      for (const row of rows) removed += await this.systemRemoveOne(system, row, before)
      if (rows.length < BATCH) return removed
      after = rows[rows.length - 1]?.id ?? after
    }
  }

  private async systemRemoveOne(
    system: SystemScope,
    row: { id: number; path: string },
    before: number,
  ): Promise<number> {
    try {
      const res = await this.db
        .deleteFrom('media_files')
        .where('id', '=', row.id)
        .where('stored_at', '<', before)
        .where(unused)
        .executeTakeFirst()
      if (Number(res.numDeletedRows) !== 1) return 0
    } catch (err) {
      // a message or material naming it was written meanwhile: its foreign key keeps the row
      this.log.debug({ err, mediaId: row.id }, 'media row in use again, kept')
      return 0
    }
    // files from before each row had its own name may be shared by two rows of the same bytes
    const shared = await this.db
      .selectFrom('media_files')
      .select('id')
      .where('path', '=', row.path)
      .executeTakeFirst()
    if (!shared) await this.store.discard(row.path)
    return 1
  }
}

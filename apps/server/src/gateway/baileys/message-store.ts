import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { AccountId } from '../messaging-gateway.js'

// Free of baileys, like auth-store.ts: contents are opaque bytes (an encoded proto.Message), so the
// schema and the sweeper can name these tables without loading the library.

export interface MessageStoreTables {
  wa_messages: {
    account_id: string
    id: string
    /** 1: sent by this product (content is the whole message); 0: received (content holds its secret only) */
    sent: number
    /** base64 of the encoded proto.Message; null when only a media path is kept */
    content: string | null
    /** JSON `{ directPath, url }` of a re-uploaded media file */
    media: string | null
    created_at: number
  }
}

/** Where a media file lives after the phone re-uploaded it (`updateMediaMessage`). */
export interface MediaPath {
  directPath?: string
  url?: string
}

export interface StoredMessage {
  id: string
  sent: boolean
  content?: Uint8Array
  media?: MediaPath
  createdAt: number
}

export interface MessageRow {
  id: string
  sent: boolean
  content: Uint8Array
}

/**
 * What `getMessage` needs after a restart and on any process: the content of the messages this
 * product sent (a retry request re-encrypts it) and the secret of received ones (edits and poll
 * votes are encrypted with it), plus the new path of media the phone re-uploaded. Rows older
 * than the retention are swept.
 */
export interface MessageStore {
  get(accountId: AccountId, id: string): Promise<StoredMessage | undefined>
  /** Sent rows replace what is kept under their id; received rows never replace a row. */
  put(accountId: AccountId, rows: MessageRow[], at: number): Promise<void>
  setMedia(accountId: AccountId, id: string, media: MediaPath, at: number): Promise<void>
  /** Delete up to `limit` rows stored before `before`; resolves to how many went. */
  sweep(before: number, limit: number): Promise<number>
}

/** 14 days: WhatsApp's retry requests come within minutes, edits within 15 minutes, poll votes for days. */
export const MESSAGE_RETENTION_MS = 14 * 86_400_000

const SWEEP_CHUNK = 5_000

/**
 * Deletes rows past the retention, a chunk at a time, hourly. Several processes may sweep at
 * once: a delete of rows already gone deletes nothing, so no lease is needed.
 */
export function messageStoreSweeper(
  store: MessageStore,
  log: Logger,
  opts: { retentionMs?: number; everyMs?: number; now?: () => number } = {},
): Engine {
  const now = opts.now ?? Date.now
  const loop = new EngineLoop(
    'wa-message-sweep',
    opts.everyMs ?? 3_600_000,
    async () => (await store.sweep(now() - (opts.retentionMs ?? MESSAGE_RETENTION_MS), SWEEP_CHUNK)) > 0,
    log,
  )
  return { name: 'wa-message-sweep', start: () => loop.start(), stop: () => loop.stop() }
}

const toText = (b: Uint8Array) => Buffer.from(b).toString('base64')
const fromText = (t: string) => new Uint8Array(Buffer.from(t, 'base64'))

function rowOf(r: MessageStoreTables['wa_messages']): StoredMessage {
  const out: StoredMessage = { id: r.id, sent: r.sent === 1, createdAt: Number(r.created_at) }
  if (r.content !== null) out.content = fromText(r.content)
  if (r.media !== null) out.media = JSON.parse(r.media) as MediaPath
  return out
}

const CHUNK = 200

/** `MessageStore` over `wa_messages`, on SQLite or PostgreSQL. */
export class KyselyMessageStore implements MessageStore {
  constructor(private readonly db: Kysely<MessageStoreTables>) {}

  async get(accountId: AccountId, id: string): Promise<StoredMessage | undefined> {
    const row = await this.db
      .selectFrom('wa_messages')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? rowOf(row) : undefined
  }

  async put(accountId: AccountId, rows: MessageRow[], at: number): Promise<void> {
    for (const sent of [true, false]) {
      const values = rows
        .filter((r) => r.sent === sent)
        .map((r) => ({
          account_id: accountId,
          id: r.id,
          sent: sent ? 1 : 0,
          content: toText(r.content),
          media: null,
          created_at: at,
        }))
      for (let i = 0; i < values.length; i += CHUNK) {
        await this.db
          .insertInto('wa_messages')
          .values(values.slice(i, i + CHUNK))
          .onConflict((oc) =>
            sent
              ? oc.columns(['account_id', 'id']).doUpdateSet((eb) => ({
                  sent: eb.ref('excluded.sent'),
                  content: eb.ref('excluded.content'),
                }))
              : oc.columns(['account_id', 'id']).doNothing(),
          )
          .execute()
      }
    }
  }

  async setMedia(accountId: AccountId, id: string, media: MediaPath, at: number): Promise<void> {
    await this.db
      .insertInto('wa_messages')
      .values({
        account_id: accountId,
        id,
        sent: 0,
        content: null,
        media: JSON.stringify(media),
        created_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['account_id', 'id']).doUpdateSet((eb) => ({ media: eb.ref('excluded.media') })),
      )
      .execute()
  }

  async sweep(before: number, limit: number): Promise<number> {
    // the chunk ends at the created_at of the limit-th oldest row, so one delete stays short
    const edge = await this.db
      .selectFrom('wa_messages')
      .select('created_at')
      .where('created_at', '<', before)
      .orderBy('created_at')
      .offset(limit)
      .limit(1)
      .executeTakeFirst()
    const cut = edge ? Number(edge.created_at) : before
    const res = await this.db.deleteFrom('wa_messages').where('created_at', '<', cut).executeTakeFirst()
    const n = Number(res.numDeletedRows)
    // rows sharing the edge's time are left for the next round
    return n === 0 && edge ? this.sweepAt(cut) : n
  }

  /** A chunk made only of rows stored in the same millisecond. */
  private async sweepAt(at: number): Promise<number> {
    const res = await this.db.deleteFrom('wa_messages').where('created_at', '=', at).executeTakeFirst()
    return Number(res.numDeletedRows)
  }
}

/** An in-memory `MessageStore` for tests and throwaway runs. */
export class MemoryMessageStore implements MessageStore {
  readonly rows = new Map<string, MessageStoreTables['wa_messages']>()

  async get(accountId: AccountId, id: string) {
    const r = this.rows.get(`${accountId}\u0000${id}`)
    return r ? rowOf(r) : undefined
  }
  async put(accountId: AccountId, rows: MessageRow[], at: number) {
    for (const r of rows) {
      const k = `${accountId}\u0000${r.id}`
      const old = this.rows.get(k)
      if (old && !r.sent) continue
      this.rows.set(k, {
        account_id: accountId,
        id: r.id,
        sent: r.sent ? 1 : 0,
        content: toText(r.content),
        media: old?.media ?? null,
        created_at: old?.created_at ?? at,
      })
    }
  }
  async setMedia(accountId: AccountId, id: string, media: MediaPath, at: number) {
    const k = `${accountId}\u0000${id}`
    const old = this.rows.get(k)
    this.rows.set(k, {
      account_id: accountId,
      id,
      sent: old?.sent ?? 0,
      content: old?.content ?? null,
      media: JSON.stringify(media),
      created_at: old?.created_at ?? at,
    })
  }
  async sweep(before: number, limit: number) {
    let n = 0
    for (const [k, r] of this.rows) {
      if (n >= limit) break
      if (r.created_at < before) {
        this.rows.delete(k)
        n++
      }
    }
    return n
  }
}

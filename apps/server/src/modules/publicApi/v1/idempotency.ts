import { createHash } from 'node:crypto'
import type { Db } from '../../../db/index.js'
import { problem } from './problem.js'

/** Keys are kept this long; a repeat after that acts again. */
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000
const KEY_MAX = 255

/**
 * `Idempotency-Key` on a create: the first request with a key acts and its answer is kept; a
 * repeat with the same method, path and body gets that answer again and acts no more; the same key
 * with another request is refused (422); a repeat while the first still runs is refused (409). The
 * key is claimed by a unique row before anything is done, so two concurrent requests never both act.
 */
export class Idempotency {
  constructor(private readonly db: Db) {}

  /** The kept answer of an earlier request with this key, or null once the key is claimed for this one. */
  async begin(
    tenantId: number,
    key: string,
    method: string,
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: unknown } | null> {
    if (key.length === 0 || key.length > KEY_MAX)
      throw problem(400, 400, `Idempotency-Key is 1–${KEY_MAX} characters`)
    const fingerprint = createHash('sha256')
      .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
      .digest('hex')
    const now = Date.now()
    await this.db
      .deleteFrom('api_idempotency')
      .where('tenant_id', '=', tenantId)
      .where('idem_key', '=', key)
      .where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
      .execute()
    const inserted = await this.db
      .insertInto('api_idempotency')
      .values({ tenant_id: tenantId, idem_key: key, fingerprint, state: 'pending', created_at: now })
      .onConflict((oc) => oc.columns(['tenant_id', 'idem_key']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return null
    const first = await this.db
      .selectFrom('api_idempotency')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('idem_key', '=', key)
      .executeTakeFirst()
    if (!first) return this.begin(tenantId, key, method, path, body)
    if (first.fingerprint !== fingerprint)
      throw problem(422, 422, 'This Idempotency-Key was used with a different request')
    if (first.state !== 'done' || first.status === null)
      throw problem(409, 409, 'A request with this Idempotency-Key is still being processed')
    return { status: first.status, body: first.response === null ? null : JSON.parse(first.response) }
  }

  /** Keep the answer of the request that claimed the key (a refusal frees the key instead). */
  async finish(tenantId: number, key: string, status: number, body: unknown): Promise<void> {
    await this.db
      .updateTable('api_idempotency')
      .set({ state: 'done', status, response: JSON.stringify(body) })
      .where('tenant_id', '=', tenantId)
      .where('idem_key', '=', key)
      .execute()
  }

  async release(tenantId: number, key: string): Promise<void> {
    await this.db
      .deleteFrom('api_idempotency')
      .where('tenant_id', '=', tenantId)
      .where('idem_key', '=', key)
      .where('state', '=', 'pending')
      .execute()
  }
}

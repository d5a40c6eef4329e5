import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'

type Q = Kysely<Database>

/** Ports: paid slots, one linked WS account each. Every method takes the tenant. */
export class PortsRepository {
  constructor(private readonly db: Db) {}

  /** Whether the tenant has a port that is unexpired and holds no account. */
  async hasFree(tenantId: number, now: number, q: Q = this.db): Promise<boolean> {
    const row = await q
      .selectFrom('ports')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account_id', 'is', null)
      .where('expires_at', '>', now)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  async portOf(tenantId: number, accountId: number, q: Q = this.db) {
    return q
      .selectFrom('ports')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .executeTakeFirst()
  }

  /**
   * The account's port, or the free unexpired port that expires last, now bound to it. A port the
   * account already holds is kept even when expired: the expiry engine is the one that unbinds.
   * The conditional update makes two concurrent binds unable to take the same port.
   */
  async bind(tenantId: number, accountId: number, now: number, q: Q = this.db): Promise<number | null> {
    const held = await this.portOf(tenantId, accountId, q)
    if (held) return held.id
    for (let attempt = 0; attempt < 3; attempt++) {
      const free = await q
        .selectFrom('ports')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account_id', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('expires_at', 'desc')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
      if (!free) return null
      const res = await q
        .updateTable('ports')
        .set({ account_id: accountId, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', free.id)
        .where('account_id', 'is', null)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) === 1) return free.id
    }
    return null
  }

  async release(tenantId: number, accountId: number, now: number, q: Q = this.db): Promise<void> {
    await q
      .updateTable('ports')
      .set({ account_id: null, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .execute()
  }

  /** Bound ports that have expired, across tenants (for the expiry engine). */
  expiredBound(system: SystemScope, now: number, limit: number) {
    return this.db
      .selectFrom('ports')
      .select(['id', 'tenant_id', 'account_id'])
      .where('account_id', 'is not', null)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute()
  }

  /** Unbind one expired port if it still holds this account; true when this call unbound it. */
  async systemUnbindExpired(
    system: SystemScope,
    portId: number,
    accountId: number,
    now: number,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('ports')
      .set({ account_id: null, updated_at: now })
      .where('id', '=', portId)
      .where('account_id', '=', accountId)
      .where('expires_at', '<=', now)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  async page(tenantId: number, pageNo: number, pageSize: number) {
    const { total } = await this.db
      .selectFrom('ports')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
    const list = await this.db
      .selectFrom('ports as p')
      .leftJoin('ws_accounts as a', 'a.id', 'p.account_id')
      .select(['p.id', 'p.expires_at', 'p.account_id', 'p.created_at', 'a.phone'])
      .where('p.tenant_id', '=', tenantId)
      .orderBy('p.expires_at', 'desc')
      .orderBy('p.id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    return { list, total: Number(total) }
  }

  async insertMany(tenantId: number, count: number, expiresAt: number, now: number): Promise<void> {
    if (count <= 0) return
    const rows = Array.from({ length: count }, () => ({
      tenant_id: tenantId,
      starts_at: now,
      expires_at: expiresAt,
      account_id: null,
      created_at: now,
      updated_at: now,
    }))
    await this.db.insertInto('ports').values(rows).execute()
  }

  async any(tenantId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('ports')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }
}

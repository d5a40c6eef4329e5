import type { FanSourceValue } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Fan } from '../../db/schema.js'
import { type FanIdentity, FansRepository } from './fans.repository.js'

type Q = Kysely<Database>

/**
 * Fans (customers) as other modules meet, read and change them: the inbound path, the desk, mass
 * sends, nurturing and the outbox. Every method takes the caller's transaction (or the database)
 * and the tenant.
 */
export class FanDirectory {
  private readonly fans = new FansRepository()

  /**
   * The fan of this contact on the account, created on first sight (`created`); a known fan learns
   * the contact's name, phone and hidden id. A new fan whose phone is a fan of another account of
   * the tenant is flagged repeat, with the others.
   */
  findOrCreate(
    q: Q,
    tenantId: number,
    accountId: number,
    who: FanIdentity,
    source: FanSourceValue,
    now: number,
  ): Promise<{ fan: Fan; created: boolean }> {
    return this.fans.upsert(q, tenantId, accountId, who, source, now)
  }

  /** A fan of the tenant. */
  byId(q: Q, tenantId: number, fanId: number): Promise<Fan | undefined> {
    return this.fans.get(q, tenantId, fanId)
  }

  /** Whom a personal session writes to, and how the desk names them. */
  peer(q: Q, tenantId: number, fanId: number): Promise<{ jid: string; title: string; invalid: boolean }> {
    return this.fans.peer(q, tenantId, fanId)
  }

  /** Change a fan's flags or names (invalid, mass send allowed, nickname, remark). */
  update(
    q: Q,
    tenantId: number,
    fanId: number,
    patch: { invalid?: number; mass_send_enabled?: number; nickname?: string; remark?: string },
  ): Promise<void> {
    return this.fans.update(q, tenantId, fanId, patch)
  }

  /** The fan asked to stop (one of the tenant's opt-out words): no more mass sends to them. */
  optOut(q: Q, tenantId: number, fanId: number, now: number): Promise<void> {
    return this.fans.optOut(q, tenantId, fanId, now)
  }

  /** The fan is another account of the tenant that nurturing talks to: tagged, and left out of mass sends. */
  markNurturing(q: Q, tenantId: number, fanId: number, now: number): Promise<void> {
    return this.fans.markNurturing(q, tenantId, fanId, now)
  }

  /** Delete a fan with its labels (an invalid customer deleted with a reason). */
  remove(q: Q, tenantId: number, fanId: number): Promise<void> {
    return this.fans.delete(q, tenantId, fanId)
  }

  /** Fans of the tenant whose names, remark or phone digits contain the keyword (at most `limit`). */
  matching(q: Q, tenantId: number, keyword: string, digits: string | null, limit: number) {
    return this.fans.matching(q, tenantId, keyword, digits, limit)
  }

  /**
   * New fans per account per day in [from, to), days moved by `offset` to the viewer's midnight;
   * a fan handed over from a lost account counts where it was acquired, not here.
   */
  newPerDay(
    q: Q,
    tenantId: number,
    accountIds: number[],
    from: number,
    to: number,
    offset: number,
    day: number,
  ) {
    return this.fans.newPerDay(q, tenantId, accountIds, from, to, offset, day)
  }
}

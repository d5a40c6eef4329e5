import { customerTitle, type FanSourceValue } from '@app/core'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Fan } from '../../db/schema.js'
import { containsText } from '../../db/search.js'
import { countryOfPhone } from './country.js'

type Q = Kysely<Database>

export interface FanIdentity {
  /** the address stored as the fan's key: the phone jid when known, else the lid */
  jid: string
  phone: string | null
  lid: string | null
  pushName: string
}

/** Fans (customers): one per (WS account, contact). Every method takes the tenant. */
export class FansRepository {
  /**
   * The fan of this contact on this account, found by its key jid, else by its lid. Two lookups,
   * each on its own index: one query with OR makes SQLite scan the tenant's fans.
   */
  async find(q: Q, tenantId: number, accountId: number, who: FanIdentity): Promise<Fan | undefined> {
    const keys = [who.jid, ...(who.lid && who.lid !== who.jid ? [who.lid] : [])]
    const base = () =>
      q.selectFrom('fans').selectAll().where('tenant_id', '=', tenantId).where('account_id', '=', accountId)
    const byJid = await base().where('jid', 'in', keys).orderBy('id').executeTakeFirst()
    // a contact with a known phone is keyed by it; only a lid-only contact can hide behind a phone-keyed fan
    if (byJid || !who.lid || who.phone) return byJid
    return base().where('lid', '=', who.lid).orderBy('id').executeTakeFirst()
  }

  /**
   * The fan of this contact, created on first sight. The unique (account, jid) index decides a race;
   * a new fan whose phone already is a fan of another account of the tenant is flagged repeat,
   * with the others.
   */
  async upsert(
    q: Q,
    tenantId: number,
    accountId: number,
    who: FanIdentity,
    source: FanSourceValue,
    now: number,
  ): Promise<{ fan: Fan; created: boolean }> {
    const found = await this.find(q, tenantId, accountId, who)
    if (found) {
      const patch: Partial<Fan> = {}
      if (who.pushName && who.pushName !== found.push_name) patch.push_name = who.pushName
      if (who.lid && !found.lid && !(await this.lidHeld(q, tenantId, accountId, who.lid))) patch.lid = who.lid
      if (who.phone && !found.phone) patch.phone = who.phone
      if (Object.keys(patch).length === 0) return { fan: found, created: false }
      await q
        .updateTable('fans')
        .set({ ...patch, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', found.id)
        .execute()
      return { fan: { ...found, ...patch }, created: false }
    }
    // a hidden id another fan of the account holds stays with it (one fan per lid) until a mapping joins them
    const lidHeld = !!who.lid && (await this.lidHeld(q, tenantId, accountId, who.lid))
    const inserted = await q
      .insertInto('fans')
      .values({
        tenant_id: tenantId,
        account_id: accountId,
        jid: who.jid,
        phone: who.phone,
        lid: lidHeld ? null : who.lid,
        push_name: who.pushName,
        source,
        country: who.phone ? countryOfPhone(who.phone) : '',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['account_id', 'jid']).doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!inserted) {
      const again = await this.find(q, tenantId, accountId, who)
      if (!again) throw new Error(`fan ${who.jid} of account ${accountId} vanished`)
      return { fan: again, created: false }
    }
    if (who.phone && (await this.markRepeats(q, tenantId, accountId, inserted.id, who.phone)))
      inserted.repeat_flag = 1
    return { fan: inserted, created: true }
  }

  /**
   * A fan of the account got this phone (new, or learnt behind a hidden id): when the phone is a
   * fan of another account of the tenant too, all of them are flagged repeat. Answers whether it was.
   */
  async markRepeats(
    q: Q,
    tenantId: number,
    accountId: number,
    fanId: number,
    phone: string,
  ): Promise<boolean> {
    const res = await q
      .updateTable('fans')
      .set({ repeat_flag: 1 })
      .where('tenant_id', '=', tenantId)
      .where('phone', '=', phone)
      .where('account_id', '!=', accountId)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) === 0) return false
    await q
      .updateTable('fans')
      .set({ repeat_flag: 1 })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fanId)
      .execute()
    return true
  }

  /** Whether a fan of the account holds this hidden id already. */
  private async lidHeld(q: Q, tenantId: number, accountId: number, lid: string): Promise<boolean> {
    const row = await q
      .selectFrom('fans')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where('lid', '=', lid)
      .executeTakeFirst()
    return row !== undefined
  }

  /** The fan asked to stop: no more mass sends to them. */
  async optOut(q: Q, tenantId: number, fanId: number, now: number): Promise<void> {
    await q
      .updateTable('fans')
      .set({ mass_send_enabled: 0, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fanId)
      .execute()
  }

  get(q: Q, tenantId: number, fanId: number): Promise<Fan | undefined> {
    return q
      .selectFrom('fans')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fanId)
      .executeTakeFirst()
  }

  /** Change a fan's flags or names (invalid, mass send allowed, nickname, remark). */
  async update(
    q: Q,
    tenantId: number,
    fanId: number,
    patch: { invalid?: number; mass_send_enabled?: number; nickname?: string; remark?: string },
  ): Promise<void> {
    await q
      .updateTable('fans')
      .set({ ...patch, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fanId)
      .execute()
  }

  /**
   * A fan that is another account of the tenant talked to by account nurturing: flagged so the
   * desk tags its chat, and left out of mass sends.
   */
  async markNurturing(q: Q, tenantId: number, fanId: number, now: number): Promise<void> {
    await q
      .updateTable('fans')
      .set({ nurturing: 1, mass_send_enabled: 0, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fanId)
      .where('nurturing', '=', 0)
      .execute()
  }

  /** One flag on many fans of the tenant (batches of the customers list); answers the fans changed. */
  async setFlags(
    q: Q,
    tenantId: number,
    fanIds: number[],
    patch: { invalid?: number; mass_send_enabled?: number },
  ): Promise<number> {
    if (fanIds.length === 0) return 0
    const res = await q
      .updateTable('fans')
      .set({ ...patch, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', fanIds)
      .executeTakeFirst()
    return Number(res.numUpdatedRows)
  }

  /** Which of the phones already are fans of the account (by phone; an import adds each once). */
  async phonesOnAccount(
    q: Q,
    tenantId: number,
    accountId: number,
    phones: string[],
  ): Promise<Map<string, number>> {
    if (phones.length === 0) return new Map()
    const rows = await q
      .selectFrom('fans')
      .select(['id', 'phone'])
      .where('tenant_id', '=', tenantId)
      .where('phone', 'in', phones)
      .where('account_id', '=', accountId)
      .execute()
    return new Map(rows.flatMap((r) => (r.phone ? [[r.phone, r.id] as const] : [])))
  }

  /** Delete a fan with its labels (an invalid customer deleted with a reason). */
  async delete(q: Q, tenantId: number, fanId: number): Promise<void> {
    await q.deleteFrom('fan_labels').where('tenant_id', '=', tenantId).where('fan_id', '=', fanId).execute()
    await q.deleteFrom('fans').where('tenant_id', '=', tenantId).where('id', '=', fanId).execute()
  }

  /**
   * New fans per account per day in [from, to): `offset` moves days to the viewer's midnight.
   * Literals, not parameters: PostgreSQL must see the same expression in SELECT and GROUP BY
   * (offset and day are checked integers).
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
    const dayOf = sql<number>`(${sql.ref('created_at')} + ${sql.lit(offset)}) / ${sql.lit(day)}`
    // a fan handed over from a lost account (inherited_from) was acquired there, not here
    return q
      .selectFrom('fans')
      .select(['account_id', dayOf.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('account_id', 'in', accountIds)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('inherited_from', 'is', null)
      .groupBy(['account_id', dayOf])
      .execute()
  }

  /** Whom a personal session writes to, and how the desk names them. */
  async peer(
    q: Q,
    tenantId: number,
    fanId: number,
  ): Promise<{ jid: string; title: string; invalid: boolean }> {
    const f = await q
      .selectFrom('fans')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fanId)
      .executeTakeFirstOrThrow()
    const title = customerTitle({ nickname: f.nickname, pushName: f.push_name, phone: f.phone, jid: f.jid })
    return { jid: f.jid, title, invalid: f.invalid === 1 }
  }

  /** Fans of the tenant whose names, remark or phone contain the keyword (at most `limit`). */
  matching(q: Q, tenantId: number, keyword: string, digits: string | null, limit: number) {
    return q
      .selectFrom('fans')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where((eb) =>
        eb.or([
          containsText('nickname', keyword),
          containsText('push_name', keyword),
          containsText('remark', keyword),
          ...(digits ? [containsText('phone', digits)] : []),
        ]),
      )
      .limit(limit)
      .execute()
  }
}

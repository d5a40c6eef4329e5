import { InheritMode, type InheritModeValue } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { Fan } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'
import { phoneToJid } from '../../gateway/jid.js'

type Q = Kysely<Database>

/** Which fans of a source a hand-over takes, and where its committed batches have got to. */
export interface InheritChoice {
  tenantId: number
  fromAccountId: number
  mode: InheritModeValue
  fanIds: number[] | null
  labelIds: number[] | null
}

/** A source fan with when its chat was last active (its session on the source, if any). */
export type SourceFan = Fan & { last_activity_at: number | null }

/** A fan on the receiving account for a source fan: copied now, or already there (a repeat). */
export interface HandedFan {
  fanId: number
  copied: boolean
  at: number
}

export interface InheritanceRow {
  id: number
  tenant_id: number
  from_account_id: number
  to_account_id: number
  mode: string
  fan_ids: string | null
  label_ids: string | null
  last_fan_id: number
  lease_until: number
}

/** Rows per insert: fourteen parameters each keeps a chunk far below either dialect's limit. */
const INSERT_CHUNK = 200

/**
 * The key a copy is stored under on the receiving account: the phone address when the phone is
 * known (as a contact seen there first would be keyed), else the address it had. The unique
 * (account, jid) key then finds a contact already on the receiving account.
 */
const keyOf = (f: Fan): string => (f.phone ? phoneToJid(f.phone) : f.jid)

const idsOf = (json: string | null): number[] | null =>
  json === null ? null : (JSON.parse(json) as number[])

/** Fans handed between accounts, the records of hand-overs. Every method takes the tenant but `system…`. */
export class InheritanceRepository {
  constructor(private readonly db: Db) {}

  /** A source's valid fans a choice takes, after `afterId`, in id order (the (account, id) index). */
  sourceFans(q: Q, c: InheritChoice, afterId: number, limit: number): Promise<SourceFan[]> {
    let s = q
      .selectFrom('fans as f')
      .leftJoin('sessions as s', (j) =>
        j.onRef('s.fan_id', '=', 'f.id').onRef('s.account_id', '=', 'f.account_id'),
      )
      .selectAll('f')
      .select('s.last_activity_at')
      .where('f.tenant_id', '=', c.tenantId)
      .where('f.account_id', '=', c.fromAccountId)
      .where('f.invalid', '=', 0)
      .where('f.id', '>', afterId)
    if (c.mode === InheritMode.fans) s = s.where('f.id', 'in', c.fanIds?.length ? c.fanIds : [0])
    if (c.mode === InheritMode.label) {
      const labelIds = c.labelIds?.length ? c.labelIds : [0]
      s = s.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('fan_labels as fl')
            .select('fl.fan_id')
            .where('fl.tenant_id', '=', c.tenantId)
            .whereRef('fl.fan_id', '=', 'f.id')
            .where('fl.label_id', 'in', labelIds),
        ),
      )
    }
    return s.orderBy('f.id').limit(limit).execute()
  }

  /** Which of `ids` are fans of the account (any state). */
  async fansOf(tenantId: number, accountId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const rows = await this.db
      .selectFrom('fans')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .execute()
    return new Set(rows.map((r) => r.id))
  }

  /**
   * Copy the fans onto the receiving account. A contact already there is not copied (the unique
   * (account, jid) and (account, lid) keys decide, also against a concurrent hand-over or an
   * inbound message: a person the receiver knows by phone or by WhatsApp's hidden id is one
   * customer) and is flagged repeat. Their labels come along. Answers, per source fan, its fan on
   * the receiver.
   */
  async copy(q: Q, tenantId: number, toAccountId: number, fans: SourceFan[], now: number) {
    const copied = new Map<string, number>()
    const values = fans.map((f) => ({
      tenant_id: tenantId,
      account_id: toAccountId,
      jid: keyOf(f),
      phone: f.phone,
      lid: f.lid,
      push_name: f.push_name,
      nickname: f.nickname,
      remark: f.remark,
      source: f.source,
      repeat_flag: f.repeat_flag,
      mass_send_enabled: f.mass_send_enabled,
      country: f.country,
      created_at: now,
      updated_at: now,
      inherited_from: f.id,
    }))
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      const rows = await q
        .insertInto('fans')
        .values(values.slice(i, i + INSERT_CHUNK))
        // either key: the receiver may know the person by the other address
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'jid'])
        .execute()
      for (const r of rows) copied.set(r.jid, r.id)
    }
    const rest = fans.filter((f) => !copied.has(keyOf(f)))
    const byJid = new Map<string, number>()
    const byLid = new Map<string, number>()
    if (rest.length) {
      const keys = [...new Set(rest.map(keyOf))]
      const lids = [...new Set(rest.flatMap((f) => (f.lid ? [f.lid] : [])))]
      for (const r of await this.receiverFans(q, tenantId, toAccountId, 'jid', keys)) byJid.set(r.jid, r.id)
      for (const r of await this.receiverFans(q, tenantId, toAccountId, 'lid', lids))
        if (r.lid) byLid.set(r.lid, r.id)
      const repeated = [...new Set([...byJid.values(), ...byLid.values()])]
      if (repeated.length) {
        await q
          .updateTable('fans')
          .set({ repeat_flag: 1, updated_at: now })
          .where('tenant_id', '=', tenantId)
          .where('account_id', '=', toAccountId)
          .where('id', 'in', repeated)
          .execute()
      }
    }
    const handed = new Map<number, HandedFan>()
    for (const f of fans) {
      const key = keyOf(f)
      // a second source fan of the same contact in one batch is a repeat of the first one's copy
      const first = copied.get(key)
      const isCopy = first !== undefined && !fans.some((o) => o.id < f.id && keyOf(o) === key)
      const fanId = first ?? byJid.get(key) ?? (f.lid ? byLid.get(f.lid) : undefined)
      if (fanId === undefined) continue
      handed.set(f.id, { fanId, copied: isCopy, at: f.last_activity_at ?? f.created_at })
    }
    await this.copyLabels(q, tenantId, handed, now)
    return handed
  }

  /** The receiving account's fans with one of these addresses (their key jid, or their hidden id). */
  private receiverFans(q: Q, tenantId: number, accountId: number, column: 'jid' | 'lid', values: string[]) {
    if (values.length === 0) return Promise.resolve([])
    return q
      .selectFrom('fans')
      .select(['id', 'jid', 'lid'])
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where(column, 'in', values)
      .execute()
  }

  /** The source fans' labels onto their fans on the receiving account (links already there stay). */
  private async copyLabels(q: Q, tenantId: number, handed: Map<number, HandedFan>, now: number) {
    if (handed.size === 0) return
    const links = await q
      .selectFrom('fan_labels')
      .select(['fan_id', 'label_id'])
      .where('tenant_id', '=', tenantId)
      .where('fan_id', 'in', [...handed.keys()])
      .execute()
    const rows = links.flatMap((l) => {
      const to = handed.get(l.fan_id)
      return to ? [{ tenant_id: tenantId, fan_id: to.fanId, label_id: l.label_id, created_at: now }] : []
    })
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await q
        .insertInto('fan_labels')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['fan_id', 'label_id']).doNothing())
        .execute()
    }
  }

  async insert(
    tenantId: number,
    v: {
      fromAccountId: number
      toAccountId: number
      mode: InheritModeValue
      fanIds: number[] | null
      labelIds: number[] | null
      labelNames: string[]
      createdBy: number
      leaseUntil: number
    },
    now: number,
  ): Promise<number> {
    const row = await this.db
      .insertInto('fan_inheritances')
      .values({
        tenant_id: tenantId,
        from_account_id: v.fromAccountId,
        to_account_id: v.toAccountId,
        mode: v.mode,
        fan_ids: v.fanIds ? JSON.stringify(v.fanIds) : null,
        label_ids: v.labelIds ? JSON.stringify(v.labelIds) : null,
        label_names: JSON.stringify(v.labelNames),
        status: 'running',
        lease_until: v.leaseUntil,
        created_by: v.createdBy,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /**
   * A committed batch: its counts and cursor, in the batch's transaction; the lease goes on. Only
   * from the cursor the batch started at (`fromFanId`): false when another worker moved it (this
   * one's lease lapsed mid-way), and the caller rolls the batch back.
   */
  async advance(
    q: Q,
    tenantId: number,
    id: number,
    b: {
      moved: number
      repeated: number
      fromFanId: number
      lastFanId: number
      leaseUntil: number
      now: number
    },
  ): Promise<boolean> {
    const res = await q
      .updateTable('fan_inheritances')
      .set((eb) => ({
        moved: eb('moved', '+', b.moved),
        repeated: eb('repeated', '+', b.repeated),
        last_fan_id: b.lastFanId,
        lease_until: b.leaseUntil,
        updated_at: b.now,
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('last_fan_id', '=', b.fromFanId)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  async finish(tenantId: number, id: number, now: number): Promise<void> {
    await this.db
      .updateTable('fan_inheritances')
      .set({ status: 'done', lease_until: 0, finished_at: now, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  /** Running hand-overs whose worker stopped (its lease ran out), in every tenant: a restart takes them up. */
  systemStale(system: SystemScope, now: number, limit: number): Promise<InheritanceRow[]> {
    return this.db
      .selectFrom('fan_inheritances')
      .select([
        'id',
        'tenant_id',
        'from_account_id',
        'to_account_id',
        'mode',
        'fan_ids',
        'label_ids',
        'last_fan_id',
        'lease_until',
      ])
      .where('status', '=', 'running')
      .where('lease_until', '<', now)
      .orderBy('id')
      .limit(limit)
      .execute()
  }

  /** Take a stale hand-over: only one worker's conditional update wins it. */
  async claim(row: InheritanceRow, leaseUntil: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('fan_inheritances')
      .set({ lease_until: leaseUntil, updated_at: now })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .where('lease_until', '=', row.lease_until)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  /** Whether the choice takes any fan at all (before a record is made). */
  async anyFan(c: InheritChoice): Promise<boolean> {
    return (await this.sourceFans(this.db, c, 0, 1)).length > 0
  }
}

/** The choice of a stored hand-over. */
export function choiceOf(row: InheritanceRow): InheritChoice {
  return {
    tenantId: row.tenant_id,
    fromAccountId: row.from_account_id,
    mode: row.mode as InheritModeValue,
    fanIds: idsOf(row.fan_ids),
    labelIds: idsOf(row.label_ids),
  }
}

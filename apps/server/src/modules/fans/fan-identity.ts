import { FAN_REMARK_MAX } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Fan, Session } from '../../db/schema.js'
import { isLidJid, jidToPhone, normalizeJid, phoneToJid } from '../../gateway/jid.js'
import type { IdentityVia } from '../../gateway/messaging-gateway.js'
import { countryOfPhone } from './country.js'
import { joinFans, type MergeContext, splitFans } from './fan-merge.js'
import { FanMergesRepository, recordOf } from './fan-merges.repository.js'
import type { FanMergeParts, SessionMergeParts, SessionRowsPart } from './fans.collaborators.js'
import { FansRepository } from './fans.repository.js'

type Q = Kysely<Database>

/** Where a phone ↔ hidden id pair was learnt (kept on a merge's record); 'repair': a split found at start. */
export type IdentitySource = IdentityVia | 'repair'

/** Two fans of an account that were one person, now one: the survivor and its session. */
export interface FanMergeDone {
  id: number
  tenantId: number
  accountId: number
  fan: Fan
  fromFanId: number
  /** the surviving session (null: neither fan had one) */
  session: Session | null
  /** the absorbed fan's session, gone into `session` (null: it had none, or it was handed over whole) */
  removedSessionId: number | null
}

export type LinkOutcome =
  | { kind: 'none' }
  /** one fan learnt its other address: a hidden id on a phone customer, or the phone of a hidden one */
  | { kind: 'linked'; fan: Fan; phoneLearned: boolean; session: Session | null }
  | { kind: 'merged'; merge: FanMergeDone }

/**
 * One customer per person: a fan is keyed by its phone address when the phone is known, else by
 * its hidden id (lid), and carries both once known. When WhatsApp reveals that a phone and a lid
 * are one person (a message's alternate address, Baileys' lid store, a mapping or contact event,
 * history sync), the fans of that pair on the account become one: a lid-only fan learns its phone,
 * a phone fan its lid, and two fans are merged into the older one, in the caller's transaction.
 */
export class FanIdentities {
  private readonly fans = new FansRepository()
  private readonly merges = new FanMergesRepository()

  private readonly parts: FanMergeParts

  constructor(sessions: SessionMergeParts, sessionRows: readonly SessionRowsPart[]) {
    this.parts = {
      sessionOf: (q, t, a, f) => sessions.sessionOf(q, t, a, f),
      moveSession: (q, t, s, f) => sessions.moveSession(q, t, s, f),
      joinSessions: (q, t, i, f) => sessions.joinSessions(q, t, i, f),
      splitSessions: (q, t, i, f) => sessions.splitSessions(q, t, i, f),
      sessionRows,
    }
  }

  /** Apply that `pn` and `lid` are one person on the account. */
  async link(
    q: Q,
    tenantId: number,
    accountId: number,
    pn: string,
    lidJid: string,
    source: IdentitySource,
    now: number,
  ): Promise<LinkOutcome> {
    const phone = jidToPhone(pn)
    const lid = normalizeJid(lidJid)
    if (!phone || !isLidJid(lid)) return { kind: 'none' }
    const pnJid = phoneToJid(phone)
    const byPn = await this.byColumn(q, tenantId, accountId, 'jid', pnJid)
    let byLid =
      (await this.byColumn(q, tenantId, accountId, 'jid', lid)) ??
      (await this.byColumn(q, tenantId, accountId, 'lid', lid))
    if (byLid && byLid.id === byPn?.id) byLid = undefined
    // a fan with another phone is another customer record (a changed number is not merged)
    if (byLid?.phone && byLid.phone !== phone) byLid = undefined
    // one fan per hidden id: any other fan holding it lets it go, it belongs to this phone now
    await q
      .updateTable('fans')
      .set({ lid: null, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where('lid', '=', lid)
      .where('id', 'not in', [byPn?.id ?? 0, byLid?.id ?? 0])
      .execute()
    if (byPn && byLid) {
      const merge = await this.merge(q, tenantId, accountId, { byPn, byLid, phone, lid }, source, now)
      return { kind: 'merged', merge }
    }
    if (byPn) {
      if (byPn.lid === lid) return { kind: 'none' }
      await this.setColumns(q, tenantId, byPn.id, { lid, updated_at: now })
      return { kind: 'linked', fan: { ...byPn, lid }, phoneLearned: false, session: null }
    }
    if (!byLid) return { kind: 'none' }
    const patch = {
      jid: pnJid,
      phone,
      lid,
      country: byLid.country || countryOfPhone(phone),
      updated_at: now,
    }
    await this.setColumns(q, tenantId, byLid.id, patch)
    const repeat = await this.fans.markRepeats(q, tenantId, accountId, byLid.id, phone)
    return {
      kind: 'linked',
      fan: { ...byLid, ...patch, repeat_flag: repeat ? 1 : byLid.repeat_flag },
      phoneLearned: true,
      session: (await this.parts.sessionOf(q, tenantId, accountId, byLid.id)) ?? null,
    }
  }

  /** Split a merge back: both fans and sessions as they were, every moved row where it came from. */
  async unmerge(q: Q, tenantId: number, mergeId: number, now: number): Promise<boolean> {
    const row = await this.merges.get(q, tenantId, mergeId)
    if (!row || row.unmerged_at !== null) return false
    await splitFans(this.context(q, tenantId), recordOf(row))
    await this.merges.markUnmerged(q, tenantId, mergeId, now)
    return true
  }

  /** The merges a fan survived, newest first. */
  mergesInto(q: Q, tenantId: number, fanId: number) {
    return this.merges.intoFan(q, tenantId, fanId)
  }

  /** The two fans made one: the older survives (its acquisition date, source and attribution stay). */
  private async merge(
    q: Q,
    tenantId: number,
    accountId: number,
    pair: { byPn: Fan; byLid: Fan; phone: string; lid: string },
    source: IdentitySource,
    now: number,
  ): Promise<FanMergeDone> {
    const { byPn, byLid, phone, lid } = pair
    const olderFirst =
      byPn.created_at < byLid.created_at || (byPn.created_at === byLid.created_at && byPn.id < byLid.id)
    const [into, from] = olderFirst ? [byPn, byLid] : [byLid, byPn]
    const survivor: Partial<Fan> = {
      jid: byPn.jid,
      phone,
      lid,
      country: into.country || from.country || countryOfPhone(phone),
      push_name: into.push_name || from.push_name,
      nickname: into.nickname || from.nickname,
      remark: joinRemarks(into.remark, from.remark),
      // a customer still talking is valid; an opt-out on either address holds
      invalid: Math.min(into.invalid, from.invalid),
      mass_send_enabled: Math.min(into.mass_send_enabled, from.mass_send_enabled),
      repeat_flag: Math.max(into.repeat_flag, from.repeat_flag),
      nurturing: Math.max(into.nurturing, from.nurturing),
      inherited_from: into.inherited_from ?? from.inherited_from,
      updated_at: now,
    }
    const done = await joinFans(this.context(q, tenantId), { accountId, into, from, survivor })
    if (into.phone !== phone) await this.fans.markRepeats(q, tenantId, accountId, into.id, phone)
    const fan = (await this.fans.get(q, tenantId, into.id)) as Fan
    const id = await this.merges.insert(q, {
      tenant_id: tenantId,
      account_id: accountId,
      into_fan_id: into.id,
      from_fan_id: from.id,
      into_session_id: done.record.intoSession?.id ?? null,
      from_session_id: done.record.fromSession?.id ?? null,
      pn: byPn.jid,
      lid,
      source,
      record: done.record,
      merged_at: now,
    })
    return {
      id,
      tenantId,
      accountId,
      fan,
      fromFanId: from.id,
      session: done.session,
      removedSessionId: done.record.sessions === 'joined' ? (done.record.fromSession?.id ?? null) : null,
    }
  }

  private context(q: Q, tenantId: number): MergeContext {
    return { q, tenantId, parts: this.parts }
  }

  private byColumn(q: Q, tenantId: number, accountId: number, column: 'jid' | 'lid', value: string) {
    return q
      .selectFrom('fans')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where(column, '=', value)
      .executeTakeFirst()
  }

  private async setColumns(q: Q, tenantId: number, fanId: number, patch: Partial<Fan>): Promise<void> {
    await q.updateTable('fans').set(patch).where('tenant_id', '=', tenantId).where('id', '=', fanId).execute()
  }
}

/** Both remarks when they differ, within the remark's limit. */
function joinRemarks(a: string, b: string): string {
  if (!a || !b || a === b) return a || b
  return `${a} / ${b}`.slice(0, FAN_REMARK_MAX)
}

import { type InteractionPage, type InteractionPageBody, SendOrigin } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { visibleSessions } from '../sessions/index.js'

const MARKETING = [SendOrigin.massSend, SendOrigin.autoReply]

/**
 * The desk's marketing interaction: sessions whose customer answered a mass send or an auto
 * reply. A customer's message marks our earlier messages replied (inbound path); after that
 * commit the diversion consumer records the session's latest answered marketing message here
 * (a repeat is harmless: only a newer message replaces the recorded one), and the time of the
 * first answer to it orders the list.
 */
export class Interactions {
  constructor(private readonly db: Db) {}

  /** Record the session's latest replied marketing message, if it is newer than the one recorded. */
  async record(q: Kysely<Database>, tenantId: number, sessionId: number, at: number): Promise<void> {
    await q
      .insertInto('marketing_interactions')
      .columns(['tenant_id', 'session_id', 'origin', 'message_id', 'replied_at'])
      .expression((eb) =>
        eb
          .selectFrom('messages as m')
          .select(['m.tenant_id', 'm.session_id', 'm.origin', 'm.id', eb.val(at).as('replied_at')])
          .where('m.tenant_id', '=', tenantId)
          .where('m.session_id', '=', sessionId)
          .where('m.from_me', '=', 1)
          .where('m.origin', 'in', MARKETING)
          .where('m.delivery', '=', 'replied')
          .orderBy('m.id', 'desc')
          .limit(1),
      )
      .onConflict((oc) =>
        oc
          .column('session_id')
          .doUpdateSet((eb) => ({
            origin: eb.ref('excluded.origin'),
            message_id: eb.ref('excluded.message_id'),
            replied_at: eb.ref('excluded.replied_at'),
          }))
          .where('marketing_interactions.message_id', '<', (eb) => eb.ref('excluded.message_id')),
      )
      .execute()
  }

  /** The caller's visible sessions with an answered marketing message, newest answer first. */
  async page(caller: Caller, body: InteractionPageBody): Promise<InteractionPage> {
    let q = this.db
      .selectFrom('marketing_interactions as i')
      .innerJoin('sessions as s', 's.id', 'i.session_id')
      .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
      .leftJoin('fans as f', 'f.id', 's.fan_id')
      .select([
        'i.id',
        'i.session_id',
        'i.origin',
        'i.replied_at',
        's.account_id',
        'a.phone as account_phone',
        's.fan_id',
        'f.nickname',
        'f.push_name',
        'f.remark',
        'f.phone as fan_phone',
      ])
      .where('i.tenant_id', '=', caller.tenantId)
      .where((eb) => visibleSessions(caller)(eb as never))
    const before = body.before
    if (before)
      q = q.where((eb) =>
        eb.or([
          eb('i.replied_at', '<', before.repliedAt),
          eb.and([eb('i.replied_at', '=', before.repliedAt), eb('i.id', '<', before.id)]),
        ]),
      )
    const rows = await q
      .orderBy('i.replied_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(body.pageSize + 1)
      .execute()
    const list = rows.slice(0, body.pageSize).map((r) => ({
      id: r.id,
      sessionId: r.session_id,
      accountId: r.account_id,
      accountPhone: r.account_phone,
      fanId: r.fan_id,
      fanName: r.remark || r.nickname || r.push_name || r.fan_phone || '',
      fanPhone: r.fan_phone,
      origin: r.origin,
      repliedAt: r.replied_at,
    }))
    const last = list[list.length - 1]
    return {
      list,
      next: rows.length > body.pageSize && last ? { repliedAt: last.repliedAt, id: last.id } : null,
    }
  }
}

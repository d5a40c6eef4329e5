import type { FanDetail, FanFilter, FanLabelView, FanPage, FanView } from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { notFound } from '../../http/errors.js'
import type { VisibleSessions } from './fans.collaborators.js'
import { filterConditions } from './fans.filter.js'
import { type FanRow, presentFan } from './fans.presenter.js'

/** A row's place in the list: add time, then id, newest first. */
export interface FanCursor {
  at: number
  id: number
}
const encodeFanCursor = (c: FanCursor) => `${c.at}_${c.id}`
function decodeFanCursor(raw: string): FanCursor {
  const [at, id] = raw.split('_').map(Number)
  return { at, id }
}

/**
 * The customers list: every fan of the tenant for a supervisor at their own screens, the fans of
 * the sessions an agent may see (the sessions module's visibility rule) for an agent or a
 * supervisor acting as one. The list walks the (tenant, created_at, id) index newest first and
 * continues after the cursor's row value; filters are conditions on the fan and subqueries
 * probing by the fan's id, so a page reads only the rows it shows and those it skips.
 */
export class FanListQuery {
  constructor(
    private readonly db: Db,
    private readonly visible: VisibleSessions,
  ) {}

  /** The fans of the caller's scope that the filter matches (a fans statement; nothing selected yet). */
  private matching(caller: Caller, filter: FanFilter, ids?: number[], forCount = false) {
    let q = this.db.selectFrom('fans as f').where('f.tenant_id', '=', caller.tenantId)
    if (ids) q = q.where('f.id', 'in', ids)
    // an agent's customers: the fans of the sessions they may see
    if (caller.agentId !== null) {
      const visible = this.visible(caller)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('sessions as s')
            .select('s.id')
            .whereRef('s.fan_id', '=', 'f.id')
            .whereRef('s.account_id', '=', 'f.account_id')
            .where(visible),
        ),
      )
    }
    return q.where((eb) => eb.and(filterConditions(eb, caller.tenantId, filter, forCount)))
  }

  /** Rows of the list after `cursor`, at most `limit`, with their account, group, session and labels. */
  async rows(
    caller: Caller,
    filter: FanFilter,
    opts: { cursor?: FanCursor; limit: number; ids?: number[] },
  ): Promise<FanView[]> {
    const rows = await this.selectRows(caller, filter, opts)
    const labels = await this.labelsOf(
      caller.tenantId,
      rows.map((r) => r.id),
    )
    return rows.map((r) => presentFan(r, labels.get(r.id) ?? []))
  }

  private selectRows(
    caller: Caller,
    filter: FanFilter,
    opts: { cursor?: FanCursor; limit: number; ids?: number[] },
  ): Promise<FanRow[]> {
    let q = this.matching(caller, filter, opts.ids)
      .innerJoin('ws_accounts as a', 'a.id', 'f.account_id')
      .leftJoin('account_groups as ag', 'ag.id', 'a.group_id')
      .leftJoin('sessions as s', (j) =>
        j.onRef('s.fan_id', '=', 'f.id').onRef('s.account_id', '=', 'f.account_id'),
      )
      .select([
        'f.id',
        'f.jid',
        'f.nickname',
        'f.push_name',
        'f.remark',
        'f.phone',
        'f.lid',
        'f.account_id',
        'f.source',
        'f.repeat_flag',
        'f.inherited_from',
        'f.invalid',
        'f.mass_send_enabled',
        'f.country',
        'f.created_at',
        'a.phone as account_phone',
        'a.group_id',
        'ag.name as group_name',
        's.id as session_id',
        's.last_activity_at',
      ])
    const c = opts.cursor
    if (c) q = q.where((eb) => eb(eb.refTuple('f.created_at', 'f.id'), '<', eb.tuple(c.at, c.id)))
    return q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(opts.limit).execute()
  }

  /** One page, newest first. */
  async page(
    caller: Caller,
    filter: FanFilter,
    cursor: string | undefined,
    pageSize: number,
  ): Promise<FanPage> {
    const rows = await this.rows(caller, filter, {
      cursor: cursor ? decodeFanCursor(cursor) : undefined,
      limit: pageSize + 1,
    })
    const more = rows.length > pageSize
    const list = more ? rows.slice(0, pageSize) : rows
    const last = list.at(-1)
    return { list, nextCursor: more && last ? encodeFanCursor({ at: last.createdAt, id: last.id }) : null }
  }

  /** How many fans the filter matches in the caller's scope (among `ids` when given). */
  async count(caller: Caller, filter: FanFilter, ids?: number[]): Promise<number> {
    const row = await this.matching(caller, filter, ids, true)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** Ids of the matching fans after `cursor`, newest first (batches over a filter walk them in chunks). */
  async ids(caller: Caller, filter: FanFilter, cursor: FanCursor | undefined, limit: number) {
    let q = this.matching(caller, filter).select(['f.id', 'f.created_at'])
    if (cursor)
      q = q.where((eb) => eb(eb.refTuple('f.created_at', 'f.id'), '<', eb.tuple(cursor.at, cursor.id)))
    return q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(limit).execute()
  }

  /**
   * Which of `ids` are fans in the caller's scope, with their session (if any). The desk's actions
   * check the session again: a supervisor's fan of a deleted account has a session out of reach.
   */
  async inScope(caller: Caller, ids: number[]): Promise<Map<number, number | null>> {
    if (ids.length === 0) return new Map()
    const rows = await this.matching(caller, {}, ids)
      .leftJoin('sessions as s', (j) =>
        j.onRef('s.fan_id', '=', 'f.id').onRef('s.account_id', '=', 'f.account_id'),
      )
      .select(['f.id', 's.id as session_id'])
      .execute()
    return new Map(rows.map((r) => [r.id, r.session_id]))
  }

  /** A fan with its sessions (an agent: the sessions they may see). */
  async detail(caller: Caller, fanId: number): Promise<FanDetail> {
    const [row] = await this.selectRows(caller, {}, { ids: [fanId], limit: 1 })
    if (!row) throw notFound()
    const fan = presentFan(row, (await this.labelsOf(caller.tenantId, [fanId])).get(fanId) ?? [])
    const sessions = await this.db
      .selectFrom('fans as f')
      .innerJoin('sessions as s', (j) => j.onRef('s.fan_id', '=', 'f.id'))
      .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
      .select([
        's.id',
        's.account_id',
        's.agent_user_id',
        's.last_activity_at',
        's.invalid',
        'a.phone',
        'a.agent_user_id as account_agent',
      ])
      .where('f.tenant_id', '=', caller.tenantId)
      .where('f.id', '=', fanId)
      .where(this.visible(caller))
      .orderBy('s.last_activity_at', 'desc')
      .execute()
    return {
      fan,
      jid: row.jid,
      sessions: sessions.map((s) => ({
        id: s.id,
        accountId: s.account_id,
        accountPhone: s.phone,
        agentUserId: s.agent_user_id ?? s.account_agent,
        lastActivityAt: s.last_activity_at,
        invalid: s.invalid === 1,
      })),
    }
  }

  /** The labels of the fans, newest label first. */
  private async labelsOf(tenantId: number, fanIds: number[]): Promise<Map<number, FanLabelView[]>> {
    const out = new Map<number, FanLabelView[]>()
    if (fanIds.length === 0) return out
    const rows = await this.db
      .selectFrom('fan_labels as fl')
      .innerJoin('labels as l', 'l.id', 'fl.label_id')
      .select(['fl.fan_id', 'l.id', 'l.name'])
      .where('fl.tenant_id', '=', tenantId)
      .where('fl.fan_id', 'in', fanIds)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .execute()
    for (const r of rows) {
      const list = out.get(r.fan_id) ?? []
      list.push({ id: r.id, name: r.name })
      out.set(r.fan_id, list)
    }
    return out
  }
}

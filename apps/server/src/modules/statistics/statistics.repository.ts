import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { visibleSessions } from '../sessions/index.js'

export interface DayRange {
  from: number
  to: number
}

/** Reads of the tenant's rollups; every statement filters the caller's tenant. */
export class StatisticsRepository {
  constructor(private readonly db: Db) {}

  /** The rollup rows of the range, one per (day, account, agent). */
  daily(tenantId: number, r: DayRange) {
    return this.db
      .selectFrom('stat_daily')
      .select([
        'day',
        'account_id',
        'agent_id',
        'messages_in',
        'messages_out',
        'sessions_opened',
        'turns',
        'turns_answered',
        'breaches',
        'responses',
      ])
      .where('tenant_id', '=', tenantId)
      .where('day', '>=', r.from)
      .where('day', '<=', r.to)
      .execute()
  }

  /** New customers of the range per (day, account, agent, source, link). */
  fans(tenantId: number, r: DayRange) {
    return this.db
      .selectFrom('stat_fans')
      .select((eb) => ['day', 'account_id', 'agent_id', 'source', 'link_id', eb.fn.sum<number>('n').as('n')])
      .where('tenant_id', '=', tenantId)
      .where('day', '>=', r.from)
      .where('day', '<=', r.to)
      .groupBy(['day', 'account_id', 'agent_id', 'source', 'link_id'])
      .execute()
  }

  /** Phone numbers of the accounts in the range's rollups (deleted ones too: their history stays counted). */
  accountPhones(tenantId: number, r: DayRange) {
    return this.db
      .selectFrom('stat_daily as d')
      .innerJoin('ws_accounts as a', 'a.id', 'd.account_id')
      .where('d.tenant_id', '=', tenantId)
      .where('d.day', '>=', r.from)
      .where('d.day', '<=', r.to)
      .where('a.tenant_id', '=', tenantId)
      .select(['a.id', 'a.phone'])
      .distinct()
      .execute()
  }

  /** Names of the people in the range's rollups. */
  userNames(tenantId: number, r: DayRange) {
    return this.db
      .selectFrom('stat_daily as d')
      .innerJoin('users as u', 'u.id', 'd.agent_id')
      .where('d.tenant_id', '=', tenantId)
      .where('d.day', '>=', r.from)
      .where('d.day', '<=', r.to)
      .where('u.tenant_id', '=', tenantId)
      .select(['u.id', 'u.username', 'u.nickname'])
      .distinct()
      .execute()
  }

  /** Names of the diversion links in the range's new customers. */
  linkNames(tenantId: number, r: DayRange) {
    return this.db
      .selectFrom('stat_fans as f')
      .innerJoin('diversion_links as l', 'l.id', 'f.link_id')
      .where('f.tenant_id', '=', tenantId)
      .where('f.day', '>=', r.from)
      .where('f.day', '<=', r.to)
      .where('l.tenant_id', '=', tenantId)
      .select(['l.id', 'l.name'])
      .distinct()
      .execute()
  }

  /** The WhatsApp time of the newest message the rollups hold. */
  async rolledTo(): Promise<number | null> {
    const row = await this.db
      .selectFrom('stat_cursors')
      .select('rolled_to')
      .where('name', '=', 'messages')
      .executeTakeFirst()
    return row?.rolled_to == null ? null : Number(row.rolled_to)
  }

  /** Today's messages in and out of one agent's work, or of the whole tenant. */
  async messagesOn(tenantId: number, day: number, agentId: number | null) {
    let q = this.db
      .selectFrom('stat_daily')
      .select((eb) => [eb.fn.sum<number>('messages_in').as('i'), eb.fn.sum<number>('messages_out').as('o')])
      .where('tenant_id', '=', tenantId)
      .where('day', '=', day)
    if (agentId !== null) q = q.where('agent_id', '=', agentId)
    const row = await q.executeTakeFirst()
    return { in: Number(row?.i ?? 0), out: Number(row?.o ?? 0) }
  }

  /** The caller's valid sessions whose customer waits for our answer (an open turn), by the desk's visibility rule. */
  async unreplied(caller: Caller): Promise<number> {
    const row = await this.db
      .selectFrom('stat_turns as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('t.tenant_id', '=', caller.tenantId)
      .where('s.invalid', '=', 0)
      .where(visibleSessions(caller))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
}

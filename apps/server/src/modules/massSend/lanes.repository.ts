import { RecipientState } from '@app/core'
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { MassSendLaneTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

type Q = Kysely<Database>
export type LaneRow = Selectable<MassSendLaneTable>

/**
 * The lanes of the mass-send tasks: one per task and sending account, the unit the engine steps.
 * A lane is taken under a lease, so that two processes never write to one account's recipients at
 * once; every change to a taken lane is made under the taker's lease. The engine's methods are
 * `system*`: it works by row across tenants.
 */
export class LanesRepository {
  constructor(private readonly db: Db) {}

  async insertLanes(q: Q, rows: Insertable<MassSendLaneTable>[]): Promise<void> {
    if (rows.length) await q.insertInto('mass_send_lanes').values(rows).execute()
  }

  /** Start (due now) or stop the lanes of a task that still have work. */
  async setLanesActive(q: Q, tenantId: number, taskId: number, active: boolean, now: number): Promise<void> {
    await q
      .updateTable('mass_send_lanes')
      .set(active ? { active: 1, due_at: now, updated_at: now } : { active: 0, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('task_id', '=', taskId)
      .where('done', '=', 0)
      .execute()
  }

  /** Claim up to `limit` due lanes of executing tasks whose lease is free or expired, soonest first. */
  async systemClaimLanes(
    system: SystemScope,
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
  ): Promise<LaneRow[]> {
    // read the candidates first, then take those still free: the update's own condition decides a
    // race (two processes reading the same lanes: each lane goes to one). On SQLite it also keeps
    // idle rounds from taking the write lock; on PostgreSQL an `in` subquery with a LIMIT may run
    // again for each row and take more lanes than asked.
    const due = await this.db
      .selectFrom('mass_send_lanes')
      .select('id')
      .where('active', '=', 1)
      .where('due_at', '<=', now)
      .where('lease_until', '<', now)
      .orderBy('due_at')
      .limit(limit)
      .execute()
    if (!due.length) return []
    return this.db
      .updateTable('mass_send_lanes')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .where('active', '=', 1)
      .where('lease_until', '<', now)
      .returningAll()
      .execute()
  }

  /** When a lane of an executing task can next be taken (its due time, or its lease's end); null: none. */
  async systemNextLaneAt(system: SystemScope): Promise<number | null> {
    const row = await this.db
      .selectFrom('mass_send_lanes')
      .select(
        sql<number | null>`min(case when lease_until > due_at then lease_until else due_at end)`.as('at'),
      )
      .where('active', '=', 1)
      .executeTakeFirst()
    return row?.at == null ? null : Number(row.at)
  }

  /**
   * Change a lane under the caller's lease, and only while its task executes; false when the lease
   * was lost (another process took it) or the task stopped meanwhile.
   */
  async systemUpdateLane(
    system: SystemScope,
    q: Q,
    lane: LaneRow,
    owner: string,
    patch: Updateable<MassSendLaneTable>,
  ): Promise<boolean> {
    const res = await q
      .updateTable('mass_send_lanes')
      .set({ ...patch, updated_at: Date.now() })
      .where('id', '=', lane.id)
      .where('lease_owner', '=', owner)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('mass_send_tasks as t')
            .select('t.id')
            .whereRef('t.id', '=', 'mass_send_lanes.task_id')
            .where('t.status', '=', 'executing'),
        ),
      )
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  /** Give the lane back, to be taken again at `dueAt`. */
  async systemReleaseLane(
    system: SystemScope,
    lane: LaneRow,
    owner: string,
    patch: Updateable<MassSendLaneTable>,
  ): Promise<void> {
    await this.db
      .updateTable('mass_send_lanes')
      .set({ ...patch, lease_owner: null, lease_until: 0, updated_at: Date.now() })
      .where('id', '=', lane.id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  /** What a lane's step decides on: its task, its account, its tenant and its message in flight. */
  systemLaneContext(system: SystemScope, laneId: number) {
    return this.db
      .selectFrom('mass_send_lanes as l')
      .innerJoin('mass_send_tasks as t', 't.id', 'l.task_id')
      .innerJoin('ws_accounts as a', 'a.id', 'l.account_id')
      .innerJoin('tenants as tn', 'tn.id', 'l.tenant_id')
      .leftJoin('messages as m', 'm.id', 'l.last_message_id')
      .leftJoin('mass_send_recipients as lr', 'lr.id', 'l.last_recipient_id')
      .leftJoin('mass_send_recipients as br', 'br.id', 'l.busy_recipient_id')
      .selectAll('l')
      .select([
        'a.status as account_status',
        'a.deleted_at as account_deleted_at',
        'a.linked as account_linked',
        'a.abnormal_reason as account_abnormal',
        'a.restricted_until as account_restricted_until',
        'a.phone as account_phone',
        'tn.risk_status',
        'm.id as message_id',
        'm.status as message_status',
        'm.failure_reason as message_failure',
        'lr.state as last_state',
        'lr.next_sentence as last_next_sentence',
        'br.state as busy_state',
      ])
      .where('l.id', '=', laneId)
      .executeTakeFirst()
  }

  /** The other lanes of a task whose accounts can still send (a lost account's strangers move there). */
  systemLiveLanes(system: SystemScope, taskId: number, exceptAccountId: number) {
    return this.db
      .selectFrom('mass_send_lanes as l')
      .innerJoin('ws_accounts as a', 'a.id', 'l.account_id')
      .select(['l.id', 'l.account_id'])
      .where('l.task_id', '=', taskId)
      .where('l.account_id', '!=', exceptAccountId)
      .where('a.deleted_at', 'is', null)
      .where('a.status', '!=', 'banned')
      .where((eb) => eb.or([eb('a.status', '!=', 'offline'), eb('a.linked', '=', 1)]))
      .where((eb) =>
        eb.or([eb('a.abnormal_reason', 'is', null), eb('a.abnormal_reason', '!=', 'device_removed')]),
      )
      .orderBy('l.account_id')
      .execute()
  }

  /** A lane that got recipients back has work again. */
  async systemReopenLanes(system: SystemScope, ids: number[], active: boolean, now: number): Promise<void> {
    if (!ids.length) return
    await this.db
      .updateTable('mass_send_lanes')
      .set({ done: 0, active: active ? 1 : 0, due_at: now, updated_at: now })
      .where('id', 'in', ids)
      .execute()
  }

  /** Make lanes due now: their message in flight settled, or a recipient of theirs read or replied. */
  async systemWakeLanes(system: SystemScope, messageIds: number[], now: number): Promise<void> {
    // most settled messages are not a mass send's: read which are before writing anything
    const recipients = await this.db
      .selectFrom('mass_send_recipients')
      .select(['id', 'task_id', 'account_id'])
      .where('last_message_id', 'in', messageIds)
      .where('state', '=', RecipientState.active)
      .where('due_at', '>', now)
      .execute()
    const lanes = await this.db
      .selectFrom('mass_send_lanes')
      .select('id')
      .where('active', '=', 1)
      .where('due_at', '>', now)
      .where((eb) =>
        eb.or([
          eb('last_message_id', 'in', messageIds),
          ...recipients.map((r) =>
            eb.and([eb('task_id', '=', r.task_id), eb('account_id', '=', r.account_id)]),
          ),
        ]),
      )
      .execute()
    const recipientIds = recipients.map((r) => r.id)
    const laneIds = lanes.map((l) => l.id)
    if (recipientIds.length)
      await this.db
        .updateTable('mass_send_recipients')
        .set({ due_at: now })
        .where('id', 'in', recipientIds)
        .where('due_at', '>', now)
        .execute()
    if (laneIds.length)
      await this.db
        .updateTable('mass_send_lanes')
        .set({ due_at: now })
        .where('id', 'in', laneIds)
        .where('due_at', '>', now)
        .execute()
  }

  async systemOpenLaneCount(system: SystemScope, q: Q, taskId: number): Promise<number> {
    const row = await q
      .selectFrom('mass_send_lanes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('task_id', '=', taskId)
      .where('done', '=', 0)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
}

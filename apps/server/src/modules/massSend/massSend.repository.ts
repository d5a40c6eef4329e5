import { type MassSendPageBody, MassSendStatus } from '@app/core'
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import { dialectOf } from '../../db/dialect.js'
import type { Database, Db } from '../../db/index.js'
import type { MassSendEventTable, MassSendTaskTable } from '../../db/schema.js'
import { containsText } from '../../db/search.js'
import type { SystemScope } from '../../db/system-scope.js'

type Q = Kysely<Database>
export type TaskRow = Selectable<MassSendTaskTable>
export type TaskWithCreator = TaskRow & { creator_nickname: string | null; creator_username: string | null }
export type EventRow = Selectable<MassSendEventTable> & { account_phone: string | null }

/**
 * Mass-send tasks and their log. Every method takes the tenant; `system*` methods serve the
 * engine, which works across tenants by row and takes tasks under a lease.
 */
export class MassSendRepository {
  private readonly postgres: boolean

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
  }

  async insert(q: Q, values: Insertable<MassSendTaskTable>): Promise<number> {
    const row = await q.insertInto('mass_send_tasks').values(values).returning('id').executeTakeFirstOrThrow()
    return row.id
  }

  private withCreator(tenantId: number) {
    return this.db
      .selectFrom('mass_send_tasks as t')
      .leftJoin('users as u', 'u.id', 't.created_by')
      .selectAll('t')
      .select(['u.nickname as creator_nickname', 'u.username as creator_username'])
      .where('t.tenant_id', '=', tenantId)
  }

  /** A task of the tenant; with `ownerId`, only that owner's (an agent's own tasks). */
  async get(
    tenantId: number,
    id: number,
    ownerId: number | null = null,
  ): Promise<TaskWithCreator | undefined> {
    let q = this.withCreator(tenantId).where('t.id', '=', id)
    if (ownerId !== null) q = q.where('t.owner_user_id', '=', ownerId)
    return q.executeTakeFirst()
  }

  async page(
    tenantId: number,
    ownerId: number | null,
    f: MassSendPageBody,
  ): Promise<{ rows: TaskWithCreator[]; total: number }> {
    let list = this.withCreator(tenantId)
    let count = this.db
      .selectFrom('mass_send_tasks as t')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('t.tenant_id', '=', tenantId)
    if (ownerId !== null) {
      list = list.where('t.owner_user_id', '=', ownerId)
      count = count.where('t.owner_user_id', '=', ownerId)
    }
    if (f.name) {
      list = list.where(containsText('t.name', f.name))
      count = count.where(containsText('t.name', f.name))
    }
    for (const [col, v] of [
      ['t.status', f.status],
      ['t.kind', f.kind],
      ['t.audience', f.audience],
    ] as const) {
      if (v === undefined) continue
      list = list.where(col, '=', v)
      count = count.where(col, '=', v)
    }
    if (f.from !== undefined) {
      list = list.where('t.created_at', '>=', f.from)
      count = count.where('t.created_at', '>=', f.from)
    }
    if (f.to !== undefined) {
      list = list.where('t.created_at', '<', f.to)
      count = count.where('t.created_at', '<', f.to)
    }
    const [rows, total] = await Promise.all([
      list
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .offset((f.pageNo - 1) * f.pageSize)
        .limit(f.pageSize)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(total.n) }
  }

  /** Change a task that is in one of `from`; false when it is not (any more). */
  async transition(
    q: Q,
    tenantId: number,
    id: number,
    from: readonly string[],
    patch: Updateable<MassSendTaskTable>,
  ): Promise<boolean> {
    const res = await q
      .updateTable('mass_send_tasks')
      .set({ ...patch, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  async setCounters(tenantId: number, id: number, counters: string, at: number): Promise<void> {
    await this.db
      .updateTable('mass_send_tasks')
      .set({ counters, counters_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  /** Delete a task with its recipients, lanes, sends and log (their rows cascade). */
  async remove(tenantId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('mass_send_tasks')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  async addEvent(q: Q, values: Insertable<MassSendEventTable>): Promise<void> {
    await q.insertInto('mass_send_events').values(values).execute()
  }

  /** The task log, oldest first (the newest `limit`). */
  async events(tenantId: number, taskId: number, limit: number): Promise<EventRow[]> {
    const rows = await this.db
      .selectFrom('mass_send_events as e')
      .leftJoin('ws_accounts as a', 'a.id', 'e.account_id')
      .selectAll('e')
      .select('a.phone as account_phone')
      .where('e.tenant_id', '=', tenantId)
      .where('e.task_id', '=', taskId)
      .orderBy('e.id', 'desc')
      .limit(limit)
      .execute()
    return rows.reverse()
  }

  // ---- the engine's side ----------------------------------------------------------------------

  /** Take one task that is preparing and free (or whose preparer died) for a batch of preparation. */
  async systemClaimPreparing(
    system: SystemScope,
    owner: string,
    now: number,
    leaseMs: number,
  ): Promise<TaskRow | undefined> {
    // on SQLite every UPDATE takes the write lock, even one that changes nothing: look first
    if (!this.postgres) {
      const any = await this.db
        .selectFrom('mass_send_tasks')
        .select('id')
        .where('status', '=', MassSendStatus.preparing)
        .where('lease_until', '<', now)
        .limit(1)
        .executeTakeFirst()
      if (!any) return undefined
    }
    let free = this.db
      .selectFrom('mass_send_tasks')
      .select('id')
      .where('status', '=', MassSendStatus.preparing)
      .where('lease_until', '<', now)
      .orderBy('id')
      .limit(1)
    if (this.postgres) free = free.forUpdate().skipLocked()
    // `=`, not `in`: PostgreSQL runs an `in` subquery again for each row it scans, and a LIMIT 1
    // then takes a row each time; a scalar subquery runs once
    return this.db
      .updateTable('mass_send_tasks')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where('id', '=', free)
      .where('status', '=', MassSendStatus.preparing)
      .where('lease_until', '<', now)
      .returningAll()
      .executeTakeFirst()
  }

  /** Move the preparation cursor and give the task back for its next batch; false when the caller's lease was lost. */
  async systemAdvancePreparation(
    system: SystemScope,
    q: Q,
    task: TaskRow,
    owner: string,
    cursor: number,
  ): Promise<boolean> {
    const res = await q
      .updateTable('mass_send_tasks')
      .set({ prepare_cursor: cursor, lease_owner: null, lease_until: 0 })
      .where('id', '=', task.id)
      .where('lease_owner', '=', owner)
      .where('status', '=', MassSendStatus.preparing)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  /** Pending tasks whose appointment has come. */
  systemDueAppointments(system: SystemScope, now: number) {
    return this.db
      .selectFrom('mass_send_tasks')
      .select(['id', 'tenant_id'])
      .where('status', '=', MassSendStatus.pending)
      .where((eb) => eb.or([eb('appointment_at', 'is', null), eb('appointment_at', '<=', now)]))
      .limit(50)
      .execute()
  }

  /** The soonest appointment of a pending task; null: none. */
  async systemNextAppointment(system: SystemScope): Promise<number | null> {
    const row = await this.db
      .selectFrom('mass_send_tasks')
      .select((eb) => eb.fn.min('appointment_at').as('at'))
      .where('status', '=', MassSendStatus.pending)
      .executeTakeFirst()
    return row?.at == null ? null : Number(row.at)
  }

  /** Tasks whose counters are due for a refresh: running ones often, those finished within a day now and then. */
  systemCountersDue(system: SystemScope, now: number, runningEveryMs: number, finishedEveryMs: number) {
    return this.db
      .selectFrom('mass_send_tasks')
      .select(['id', 'tenant_id'])
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', 'in', [MassSendStatus.executing, MassSendStatus.paused]),
            eb('counters_at', '<=', now - runningEveryMs),
          ]),
          eb.and([eb('finished_at', '>', now - 86_400_000), eb('counters_at', '<=', now - finishedEveryMs)]),
        ]),
      )
      .limit(20)
      .execute()
  }

  /** The task as the engine reads it (status and settings). */
  systemGet(system: SystemScope, id: number, q: Q = this.db): Promise<TaskRow | undefined> {
    return q.selectFrom('mass_send_tasks').selectAll().where('id', '=', id).executeTakeFirst()
  }
}

import { RecipientState } from '@app/core'
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { MassSendItemTable, MassSendRecipientTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

type Q = Kysely<Database>
export type RecipientRow = Selectable<MassSendRecipientTable>

/** Rows per insert: a dozen parameters each keeps a batch far below either dialect's limit. */
const INSERT_CHUNK = 200
const OPEN: string[] = [RecipientState.pending, RecipientState.active]

/**
 * A task's recipients, one row each, in the order they are sent, and their sentence sends (the
 * lanes that step them are in lanes.repository.ts). The engine's methods are `system*`: it works
 * by row across tenants, each lane's recipients only by the process holding that lane's lease.
 */
export class RecipientsRepository {
  constructor(private readonly db: Db) {}

  async insertMany(q: Q, rows: Insertable<MassSendRecipientTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await q
        .insertInto('mass_send_recipients')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute()
  }

  /** Recipients per account of a task (its lanes are made from this). */
  systemPerAccount(system: SystemScope, q: Q, taskId: number) {
    return q
      .selectFrom('mass_send_recipients')
      .select(['account_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('task_id', '=', taskId)
      .groupBy('account_id')
      .execute()
  }

  /** Recipients not reached yet end cancelled (the task was terminated). */
  async cancelOpen(q: Q, tenantId: number, taskId: number, now: number): Promise<number> {
    const res = await q
      .updateTable('mass_send_recipients')
      .set({ state: RecipientState.cancelled, due_at: null, finished_at: now, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('task_id', '=', taskId)
      .where('state', 'in', OPEN)
      .executeTakeFirst()
    return Number(res.numUpdatedRows)
  }

  systemRecipient(system: SystemScope, id: number, q: Q = this.db): Promise<RecipientRow | undefined> {
    return q.selectFrom('mass_send_recipients').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** The lane's active recipient due soonest, with how far its last message got. */
  systemDueActive(system: SystemScope, taskId: number, accountId: number, now: number) {
    return this.db
      .selectFrom('mass_send_recipients as r')
      .leftJoin('messages as m', 'm.id', 'r.last_message_id')
      .selectAll('r')
      .select(['m.status as message_status', 'm.delivery as message_delivery'])
      .where('r.task_id', '=', taskId)
      .where('r.account_id', '=', accountId)
      .where('r.state', '=', RecipientState.active)
      .where('r.due_at', '<=', now)
      .orderBy('r.due_at')
      .orderBy('r.id')
      .limit(1)
      .executeTakeFirst()
  }

  /** The lane's next recipient in order. */
  systemNextPending(
    system: SystemScope,
    taskId: number,
    accountId: number,
  ): Promise<RecipientRow | undefined> {
    return this.db
      .selectFrom('mass_send_recipients')
      .selectAll()
      .where('task_id', '=', taskId)
      .where('account_id', '=', accountId)
      .where('state', '=', RecipientState.pending)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
  }

  /** The lane's next pending strangers not checked on WhatsApp yet, in order. */
  systemUnchecked(system: SystemScope, taskId: number, accountId: number, limit: number) {
    return this.db
      .selectFrom('mass_send_recipients')
      .select(['id', 'phone'])
      .where('task_id', '=', taskId)
      .where('account_id', '=', accountId)
      .where('state', '=', RecipientState.pending)
      .where('on_whatsapp', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute()
  }

  /** Record a WhatsApp check: a number that is not on WhatsApp ends as an invalid customer. */
  async systemSetChecked(
    system: SystemScope,
    ids: number[],
    onWhatsApp: boolean,
    reason: string,
    now: number,
  ): Promise<void> {
    if (!ids.length) return
    await this.db
      .updateTable('mass_send_recipients')
      .set(
        onWhatsApp
          ? { on_whatsapp: 1, updated_at: now }
          : {
              on_whatsapp: 0,
              state: RecipientState.failed,
              failure_reason: reason,
              finished_at: now,
              updated_at: now,
            },
      )
      .where('id', 'in', ids)
      .where('state', '=', RecipientState.pending)
      .execute()
  }

  /** Change a recipient that is still in one of `from`; false when it is not (cancelled meanwhile). */
  async systemUpdate(
    system: SystemScope,
    q: Q,
    id: number,
    from: readonly string[],
    patch: Updateable<MassSendRecipientTable>,
  ): Promise<boolean> {
    const res = await q
      .updateTable('mass_send_recipients')
      .set(patch)
      .where('id', '=', id)
      .where('state', 'in', [...from])
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  /** When the lane next has something due among its active recipients (null: none is waiting on time). */
  async systemNextDue(system: SystemScope, taskId: number, accountId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('mass_send_recipients')
      .select((eb) => eb.fn.min('due_at').as('at'))
      .where('task_id', '=', taskId)
      .where('account_id', '=', accountId)
      .where('state', '=', RecipientState.active)
      .executeTakeFirst()
    return row?.at == null ? null : Number(row.at)
  }

  /** How many of the lane's recipients are in each open state. */
  async systemOpenCounts(
    system: SystemScope,
    taskId: number,
    accountId: number,
  ): Promise<{ pending: number; active: number }> {
    const rows = await this.db
      .selectFrom('mass_send_recipients')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('task_id', '=', taskId)
      .where('account_id', '=', accountId)
      .where('state', 'in', OPEN)
      .groupBy('state')
      .execute()
    const of = (s: string) => Number(rows.find((r) => r.state === s)?.n ?? 0)
    return { pending: of(RecipientState.pending), active: of(RecipientState.active) }
  }

  /** End the lane's recipients in `states` with a failure reason; answers how many. */
  async systemFailOpen(
    system: SystemScope,
    taskId: number,
    accountId: number,
    states: string[],
    reason: string,
    now: number,
  ): Promise<number> {
    const res = await this.db
      .updateTable('mass_send_recipients')
      .set({
        state: RecipientState.failed,
        failure_reason: reason,
        due_at: null,
        finished_at: now,
        updated_at: now,
      })
      .where('task_id', '=', taskId)
      .where('account_id', '=', accountId)
      .where('state', 'in', states)
      .executeTakeFirst()
    return Number(res.numUpdatedRows)
  }

  /** The lane's next pending recipients in order (a batch to move). */
  async systemPendingIds(
    system: SystemScope,
    taskId: number,
    accountId: number,
    limit: number,
  ): Promise<number[]> {
    const rows = await this.db
      .selectFrom('mass_send_recipients')
      .select('id')
      .where('task_id', '=', taskId)
      .where('account_id', '=', accountId)
      .where('state', '=', RecipientState.pending)
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map((r) => r.id)
  }

  /** Hand pending recipients to another account of the task. */
  async systemMove(system: SystemScope, ids: number[], from: number, to: number, now: number): Promise<void> {
    if (!ids.length) return
    await this.db
      .updateTable('mass_send_recipients')
      .set({ account_id: to, moved_from: from, updated_at: now })
      .where('id', 'in', ids)
      .where('account_id', '=', from)
      .where('state', '=', RecipientState.pending)
      .execute()
  }

  async insertItem(q: Q, values: Insertable<MassSendItemTable>): Promise<void> {
    await q.insertInto('mass_send_items').values(values).execute()
  }
}

import { MessageStatus, OutboxState } from '@app/core'
import type { Insertable, Kysely } from 'kysely'
import { dialectOf } from '../../db/dialect.js'
import type { Database, Db } from '../../db/index.js'
import type { Message, OutboxRow, OutboxTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'
import { OwnMessages } from '../messages/index.js'

type Q = Kysely<Database>
const OPEN: string[] = [OutboxState.requested, OutboxState.sending]

/**
 * The outbox: rows due for sending, claimed under a lease so two dispatchers never take the same
 * one. `system*` methods serve the dispatcher, which works across tenants by row.
 *
 * Lock order: a transaction that writes a message and its outbox row writes the message first
 * (enqueue, the records of a send's end, our echo settling its row, a session's deletion), so two
 * of them on the same message wait for each other instead of deadlocking; whatever else such a
 * transaction writes (risk's daily counters) comes after both.
 */
export class OutboxRepository {
  private readonly postgres: boolean
  private readonly messages = new OwnMessages()

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
  }

  /**
   * Claim up to `limit` due rows whose lease is free or expired, in due order. A row left
   * 'sending' by a process that died comes back here once its lease runs out (the claimer renews
   * it while it works on the row: `systemRenewLeases`).
   */
  async systemClaim(
    system: SystemScope,
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
    /** this process, when several share the accounts: rows of accounts another process holds are left to it */
    self?: string,
  ): Promise<OutboxRow[]> {
    let due = this.db
      .selectFrom('outbox')
      .select('id')
      .where('state', 'in', OPEN)
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('due_at')
      .orderBy('id')
      .limit(limit)
    if (self)
      due = due.where('account_id', 'not in', (eb) =>
        eb
          .selectFrom('account_leases')
          .select('account_leases.account_id')
          .where('account_leases.holder', '<>', self)
          .where('account_leases.expires_at', '>=', now),
      )
    if (this.postgres) due = due.forUpdate().skipLocked()
    const rows = await this.db
      .updateTable('outbox')
      .set({ state: OutboxState.sending, lease_owner: owner, lease_until: now + leaseMs, updated_at: now })
      .where('id', 'in', due)
      .where('state', 'in', OPEN)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .execute()
    return rows.sort((a, b) => a.id - b.id)
  }

  /**
   * The row's message, and what the checks need: session flags, fan flags, account and tenant
   * state, and whether we sent in the session before (a first message is a new chat for risk).
   * `leasedAt` (several processes share the accounts): whether some process holds the account's
   * connection at that time.
   */
  context(row: OutboxRow, leasedAt?: number) {
    return this.db
      .selectFrom('outbox as o')
      .innerJoin('messages as m', 'm.id', 'o.message_id')
      .innerJoin('sessions as s', 's.id', 'm.session_id')
      .innerJoin('ws_accounts as a', 'a.id', 'm.account_id')
      .innerJoin('tenants as t', 't.id', 'm.tenant_id')
      .leftJoin('fans as f', 'f.id', 's.fan_id')
      .selectAll('m')
      .select([
        's.blocked',
        's.dnd',
        's.type as session_type',
        's.invalid as session_invalid',
        'f.invalid as fan_invalid',
        'f.mass_send_enabled',
      ])
      .select([
        'a.status as account_status',
        'a.deleted_at as account_deleted_at',
        'a.created_at as account_created_at',
        't.risk_status',
        't.special_channel',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('messages as prior')
              .select('prior.id')
              .where('prior.tenant_id', '=', row.tenant_id)
              .whereRef('prior.session_id', '=', 'm.session_id')
              .where('prior.from_me', '=', 1)
              .where('prior.status', 'in', [MessageStatus.sent, MessageStatus.withdrawn])
              .whereRef('prior.id', '!=', 'm.id'),
          )
          .as('has_sent'),
      )
      .select((eb) =>
        (leasedAt === undefined
          ? eb.lit(true)
          : eb.exists(
              eb
                .selectFrom('account_leases as l')
                .select('l.account_id')
                .whereRef('l.account_id', '=', 'm.account_id')
                .where('l.expires_at', '>=', leasedAt),
            )
        ).as('account_held'),
      )
      .where('o.id', '=', row.id)
      .where('m.tenant_id', '=', row.tenant_id)
      .executeTakeFirst()
  }

  /**
   * Extend the leases of rows `owner` still holds. A row another transaction is writing right now
   * (its send being recorded, our echo settling it) is skipped rather than waited for: a renewal
   * never waits on a lock, so it takes part in no deadlock, and the next renewal comes long before
   * the lease runs out.
   */
  async systemRenewLeases(system: SystemScope, owner: string, ids: number[], until: number): Promise<void> {
    if (ids.length === 0) return
    let held = this.db
      .selectFrom('outbox')
      .select('id')
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
    if (this.postgres) held = held.forUpdate().skipLocked()
    await this.db
      .updateTable('outbox')
      .set({ lease_until: until })
      .where('id', 'in', held)
      .where('lease_owner', '=', owner)
      .execute()
  }

  /** Hand the row back for later, keeping the same message id. */
  async systemDefer(
    system: SystemScope,
    row: OutboxRow,
    owner: string,
    dueAt: number,
    error: string | null,
    q: Q = this.db,
  ): Promise<void> {
    await q
      .updateTable('outbox')
      .set({ due_at: dueAt, lease_owner: null, lease_until: null, last_error: error, updated_at: Date.now() })
      .where('id', '=', row.id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  async systemCountAttempt(system: SystemScope, row: OutboxRow): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute()
  }

  /**
   * The message is on WhatsApp: the row is done and the message sent (unless an echo got there
   * first). `within` writes what else records the outcome (risk's counters) in the same transaction.
   */
  async systemRecordSent(
    system: SystemScope,
    row: OutboxRow,
    timestamp: number,
    within?: (tx: Q) => Promise<unknown>,
  ): Promise<Message | undefined> {
    return this.db.transaction().execute(async (tx) => {
      // the message first (the lock order above)
      const sent = await this.messages.markSent(tx, row.tenant_id, row.message_id, timestamp)
      await tx
        .updateTable('outbox')
        .set({
          state: OutboxState.sent,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          updated_at: Date.now(),
        })
        .where('id', '=', row.id)
        .execute()
      await within?.(tx)
      return sent
    })
  }

  /** The message will not be sent: the row is done and the message failed with the reason. */
  async systemRecordFailed(
    system: SystemScope,
    row: OutboxRow,
    reason: string,
    error: string | null,
    meta?: string,
    within?: (tx: Q) => Promise<unknown>,
  ): Promise<Message | undefined> {
    return this.db.transaction().execute(async (tx) => {
      // the message first (the lock order above)
      const failed = await this.messages.markFailed(tx, row.tenant_id, row.message_id, reason, meta)
      await tx
        .updateTable('outbox')
        .set({
          state: OutboxState.failed,
          lease_owner: null,
          lease_until: null,
          last_error: error ?? reason,
          updated_at: Date.now(),
        })
        .where('id', '=', row.id)
        // our echo may have shown it was sent after all
        .where('state', '!=', OutboxState.sent)
        .execute()
      // an echo may have shown it was sent: then it is no failure to count
      if (failed) await within?.(tx)
      return failed
    })
  }

  /** The message is settled elsewhere (echo, withdrawn): close the row without sending. */
  async systemClose(system: SystemScope, row: OutboxRow, state: 'sent' | 'failed'): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({ state, lease_owner: null, lease_until: null, updated_at: Date.now() })
      .where('id', '=', row.id)
      .execute()
  }

  systemMarkSending(system: SystemScope, row: OutboxRow): Promise<Message | undefined> {
    return this.messages.markSending(this.db, row.tenant_id, row.message_id)
  }

  /**
   * Our message came back from WhatsApp: its row is done, whatever it last wrote (a crash between
   * the send and its record leaves it 'sending'; the echo settles it). Inside the inbound's
   * transaction.
   */
  async systemSettleEchoed(system: SystemScope, q: Q, messageId: number): Promise<void> {
    await q
      .updateTable('outbox')
      .set({ state: OutboxState.sent, lease_owner: null, lease_until: null, updated_at: Date.now() })
      .where('message_id', '=', messageId)
      .where('state', 'in', OPEN)
      .execute()
  }

  /** The stored content of a message's send (a resend sends it again). */
  async contentOf(tenantId: number, messageId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('outbox')
      .select('content')
      .where('tenant_id', '=', tenantId)
      .where('message_id', '=', messageId)
      .executeTakeFirst()
    return row?.content
  }

  /** Sends of a session still waiting or going out. */
  async openCount(tenantId: number, sessionId: number): Promise<number> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('state', 'in', OPEN)
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** Delete a session's sends (an invalid customer deleted with a reason). */
  async deleteOfSession(q: Kysely<Database>, tenantId: number, sessionId: number): Promise<void> {
    await q
      .deleteFrom('outbox')
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .execute()
  }

  async insert(q: Kysely<Database>, values: Insertable<OutboxTable>): Promise<void> {
    await q.insertInto('outbox').values(values).execute()
  }
}

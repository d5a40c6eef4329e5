import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import type { CursorStore } from '../../engines/inbound-cursor.js'

/** Durable subscribers walk every tenant’s messages. */
const system = openSystemScope('modules/messages/message-cursor')

/** A stored customer message past a consumer's watermark, with its chat's fan. */
export interface PendingMessage {
  id: number
  tenant_id: number
  account_id: number
  session_id: number
  body: string
  /** the message's kind (text, image, …) and WhatsApp's id of it */
  type: string
  wa_message_id: string
  timestamp: number
  created_at: number
  fan_id: number | null
  fan_created_at: number | null
  /** the customer's phone (null in a group, or when WhatsApp shows only a hidden id) */
  fan_phone: string | null
}

/** A consumer of stored messages that keeps a watermark: its name (a row in `message_cursors`, made by a migration). */
export type MessageConsumer = string

/**
 * A consumer's watermark over stored customer messages (one row, shared by every process): the
 * durable path of the work that follows a message (auto-reply, attribution), leased to one process.
 */
export class MessageCursor implements CursorStore<PendingMessage> {
  constructor(
    private readonly db: Db,
    private readonly consumer: MessageConsumer,
  ) {}

  async claim(owner: string, now: number, until: number): Promise<number | null> {
    const held = await this.db
      .updateTable('message_cursors')
      .set({ lease_owner: owner, lease_until: until })
      .where('consumer', '=', this.consumer)
      .where((eb) =>
        eb.or([eb('lease_owner', '=', owner), eb('lease_until', '<', now), eb('lease_owner', 'is', null)]),
      )
      .executeTakeFirst()
    if (Number(held.numUpdatedRows) !== 1) return null
    const row = await this.db
      .selectFrom('message_cursors')
      .select('last_id')
      .where('consumer', '=', this.consumer)
      .executeTakeFirstOrThrow()
    return row.last_id
  }

  async release(owner: string): Promise<void> {
    await this.db
      .updateTable('message_cursors')
      .set({ lease_owner: null, lease_until: 0 })
      .where('consumer', '=', this.consumer)
      .where('lease_owner', '=', owner)
      .execute()
  }

  /** Customers' messages of every tenant past the watermark (the consumers cross tenants on purpose). */
  pending(after: number, limit: number, storedBy: number): Promise<PendingMessage[]> {
    return this.systemPending(system, after, limit, storedBy)
  }

  private systemPending(
    _system: SystemScope,
    after: number,
    limit: number,
    storedBy: number,
  ): Promise<PendingMessage[]> {
    return this.db
      .selectFrom('message_cursors as c')
      .innerJoin('messages as m', (j) => j.onRef('m.id', '>', 'c.last_id'))
      .innerJoin('sessions as s', 's.id', 'm.session_id')
      .leftJoin('fans as f', 'f.id', 's.fan_id')
      .select([
        'm.id',
        'm.tenant_id',
        'm.account_id',
        'm.session_id',
        'm.body',
        'm.type',
        'm.wa_message_id',
        'm.timestamp',
        'm.created_at',
        's.fan_id',
        'f.created_at as fan_created_at',
        'f.phone as fan_phone',
      ])
      .where('c.consumer', '=', this.consumer)
      .where('m.id', '>', after)
      .where('m.from_me', '=', 0)
      .where('m.created_at', '<=', storedBy)
      .orderBy('m.id')
      .limit(limit)
      .execute()
  }

  async advance(q: Kysely<Database>, owner: string, from: number, to: number): Promise<boolean> {
    const moved = await q
      .updateTable('message_cursors')
      .set({ last_id: to, updated_at: Date.now() })
      .where('consumer', '=', this.consumer)
      .where('last_id', '=', from)
      .where('lease_owner', '=', owner)
      .executeTakeFirst()
    return Number(moved.numUpdatedRows) === 1
  }
}

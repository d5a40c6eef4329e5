import type { MassSendRecipientsBody } from '@app/core'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { Database, Db } from '../../db/index.js'

type Q = Kysely<Database>
type RecipientFilter = Omit<MassSendRecipientsBody, 'afterId' | 'pageSize'>

/** How far a message got, as a number: none 0, delivered 1, read 2, replied 3. */
const deliveryRank = sql<number>`case ${sql.ref('m.delivery')} when 'replied' then 3 when 'read' then 2 when 'delivered' then 1 else 0 end`
const RANK_OF = { delivered: 1, read: 2, replied: 3 } as const

/**
 * The task's log as users read it: recipients page by id (the order they are sent in), each
 * with its sentence sends and their messages; the counters and the chart are aggregates of the
 * same rows, so they always agree with the log. Every method takes the tenant.
 */
export class RecipientLogQuery {
  constructor(private readonly db: Db) {}

  private filtered(tenantId: number, f: RecipientFilter) {
    let q = this.db
      .selectFrom('mass_send_recipients as r')
      .leftJoin('ws_accounts as a', 'a.id', 'r.account_id')
      .where('r.tenant_id', '=', tenantId)
      .where('r.task_id', '=', f.taskId)
    if (f.state) q = q.where('r.state', '=', f.state)
    if (f.failureReason) q = q.where('r.failure_reason', '=', f.failureReason)
    if (f.accountId) q = q.where('r.account_id', '=', f.accountId)
    const delivery = f.delivery
    if (delivery) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('mass_send_items as i')
            .innerJoin('messages as m', 'm.id', 'i.message_id')
            .select('i.id')
            .whereRef('i.recipient_id', '=', 'r.id')
            .where(deliveryRank, '>=', RANK_OF[delivery]),
        ),
      )
    }
    return q
  }

  /** Recipients after `afterId` in order, with their account's phone. */
  page(tenantId: number, f: RecipientFilter, afterId: number, limit: number) {
    return this.filtered(tenantId, f)
      .selectAll('r')
      .select('a.phone as account_phone')
      .where('r.id', '>', afterId)
      .orderBy('r.id')
      .limit(limit)
      .execute()
  }

  /** The sentence sends of some recipients with their messages' status and delivery, in order. */
  sends(tenantId: number, recipientIds: number[]) {
    if (!recipientIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('mass_send_items as i')
      .leftJoin('messages as m', 'm.id', 'i.message_id')
      .select([
        'i.recipient_id',
        'i.sentence_index',
        'i.message_id',
        'i.created_at',
        'm.status',
        'm.delivery',
        'm.failure_reason',
        'm.timestamp',
      ])
      .where('i.tenant_id', '=', tenantId)
      .where('i.recipient_id', 'in', recipientIds)
      .orderBy('i.recipient_id')
      .orderBy('i.sentence_index')
      .execute()
  }

  /** Recipients per state (and failure reason). */
  stateCounts(tenantId: number, taskId: number, q: Q = this.db) {
    return q
      .selectFrom('mass_send_recipients')
      .select(['state', 'failure_reason', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('task_id', '=', taskId)
      .groupBy(['state', 'failure_reason'])
      .execute()
  }

  /** Recipients by the furthest delivery of any of their messages, and the messages sent. */
  async deliveryCounts(tenantId: number, taskId: number) {
    const perRecipient = this.db
      .selectFrom('mass_send_items as i')
      .leftJoin('messages as m', 'm.id', 'i.message_id')
      .select([
        'i.recipient_id',
        sql<number>`max(${deliveryRank})`.as('d'),
        sql<number>`sum(case when ${sql.ref('m.status')} = 'sent' then 1 else 0 end)`.as('s'),
      ])
      .where('i.tenant_id', '=', tenantId)
      .where('i.task_id', '=', taskId)
      .groupBy('i.recipient_id')
    const rows = await this.db
      .selectFrom(perRecipient.as('x'))
      .select(['x.d', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('x.s').as('s')])
      .groupBy('x.d')
      .execute()
    return rows.map((r) => ({ rank: Number(r.d), recipients: Number(r.n), sent: Number(r.s ?? 0) }))
  }

  /** Sends and failures per account per time bucket since `from` (literals: the same expression in SELECT and GROUP BY). */
  chart(tenantId: number, taskId: number, from: number, bucketMs: number) {
    const bucket = sql<number>`(${sql.ref('i.created_at')} - ${sql.lit(from)}) / ${sql.lit(bucketMs)}`
    return this.db
      .selectFrom('mass_send_items as i')
      .leftJoin('messages as m', 'm.id', 'i.message_id')
      .select([
        'i.account_id',
        bucket.as('b'),
        sql<number>`sum(case when ${sql.ref('m.status')} = 'sent' then 1 else 0 end)`.as('sent'),
        sql<number>`sum(case when ${sql.ref('m.status')} = 'failed' then 1 else 0 end)`.as('failed'),
      ])
      .where('i.tenant_id', '=', tenantId)
      .where('i.task_id', '=', taskId)
      .where('i.created_at', '>=', from)
      .groupBy(['i.account_id', bucket])
      .orderBy('i.account_id')
      .execute()
  }

  /** The task's sending accounts with their recipients: all, and those not finished. */
  accounts(tenantId: number, taskId: number) {
    return this.db
      .selectFrom('mass_send_lanes as l')
      .leftJoin('ws_accounts as a', 'a.id', 'l.account_id')
      .select((eb) => [
        'l.account_id',
        'a.phone',
        'a.status',
        eb
          .selectFrom('mass_send_recipients as r')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('r.task_id', '=', 'l.task_id')
          .whereRef('r.account_id', '=', 'l.account_id')
          .as('total'),
        eb
          .selectFrom('mass_send_recipients as r')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('r.task_id', '=', 'l.task_id')
          .whereRef('r.account_id', '=', 'l.account_id')
          .where('r.state', 'in', ['pending', 'active'])
          .as('remaining'),
      ])
      .where('l.tenant_id', '=', tenantId)
      .where('l.task_id', '=', taskId)
      .orderBy('l.account_id')
      .execute()
  }
}

export type RecipientLogRow = Awaited<ReturnType<RecipientLogQuery['page']>>[number]
export type SendRow = Awaited<ReturnType<RecipientLogQuery['sends']>>[number]

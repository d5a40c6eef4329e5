import type { FanInheritanceView, InheritModeValue, InheritStatusValue } from '@app/core'
import type { Db } from '../../db/index.js'
import { containsText } from '../../db/search.js'

/** What the inheritance page reads: the records, the accounts that have fans, a source's fans. Every method takes the tenant. */
export class InheritanceReads {
  constructor(private readonly db: Db) {}

  /** A page of hand-overs, newest first (a short list: offset paging on (tenant, created_at, id)). */
  async page(
    tenantId: number,
    f: { id?: number; accountId?: number; from?: number; to?: number },
    offset: number,
    limit: number,
  ): Promise<{ list: FanInheritanceView[]; total: number }> {
    let base = this.db.selectFrom('fan_inheritances as i').where('i.tenant_id', '=', tenantId)
    if (f.id !== undefined) base = base.where('i.id', '=', f.id)
    if (f.accountId !== undefined) {
      const accountId = f.accountId
      base = base.where((eb) =>
        eb.or([eb('i.from_account_id', '=', accountId), eb('i.to_account_id', '=', accountId)]),
      )
    }
    if (f.from !== undefined) base = base.where('i.created_at', '>=', f.from)
    if (f.to !== undefined) base = base.where('i.created_at', '<', f.to)
    const [rows, total] = await Promise.all([
      base
        .innerJoin('ws_accounts as fa', 'fa.id', 'i.from_account_id')
        .innerJoin('ws_accounts as ta', 'ta.id', 'i.to_account_id')
        .leftJoin('users as u', 'u.id', 'i.created_by')
        .selectAll('i')
        .select(['fa.phone as from_phone', 'ta.phone as to_phone', 'u.nickname', 'u.username'])
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return {
      total: Number(total.n),
      list: rows.map((r) => ({
        id: r.id,
        fromAccountId: r.from_account_id,
        fromPhone: r.from_phone,
        toAccountId: r.to_account_id,
        toPhone: r.to_phone,
        mode: r.mode as InheritModeValue,
        labelNames: JSON.parse(r.label_names) as string[],
        moved: r.moved,
        repeat: r.repeated,
        status: r.status as InheritStatusValue,
        createdBy: r.created_by,
        createdByName: r.nickname || r.username || '',
        createdAt: r.created_at,
        finishedAt: r.finished_at,
      })),
    }
  }

  /** The accounts of the tenant that have valid fans, with how many (deleted accounts too). */
  accountsWithFans(tenantId: number) {
    return this.db
      .selectFrom('fans as f')
      .innerJoin('ws_accounts as a', 'a.id', 'f.account_id')
      .select([
        'a.id',
        'a.phone',
        'a.push_name',
        'a.remark',
        'a.status',
        'a.linked',
        'a.deleted_at',
        (eb) => eb.fn.countAll<number>().as('fan_count'),
      ])
      .where('f.tenant_id', '=', tenantId)
      .where('f.invalid', '=', 0)
      .groupBy(['a.id', 'a.phone', 'a.push_name', 'a.remark', 'a.status', 'a.linked', 'a.deleted_at'])
      .orderBy('a.id')
      .execute()
  }

  /** A page of an account's valid fans with their labels, by id; `keyword` searches names, remark, phone. */
  async fanPage(
    tenantId: number,
    accountId: number,
    keyword: string | undefined,
    afterId: number,
    limit: number,
  ) {
    let q = this.db
      .selectFrom('fans')
      .select(['id', 'jid', 'phone', 'nickname', 'push_name', 'remark'])
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where('invalid', '=', 0)
      .where('id', '>', afterId)
    if (keyword) {
      const digits = keyword.replace(/[\s+\-()]/g, '')
      q = q.where((eb) =>
        eb.or([
          containsText('nickname', keyword),
          containsText('push_name', keyword),
          containsText('remark', keyword),
          ...(/^\d+$/.test(digits) ? [containsText('phone', digits)] : []),
        ]),
      )
    }
    const rows = await q.orderBy('id').limit(limit).execute()
    const labels = rows.length
      ? await this.db
          .selectFrom('fan_labels as fl')
          .innerJoin('labels as l', 'l.id', 'fl.label_id')
          .select(['fl.fan_id', 'l.name'])
          .where('fl.tenant_id', '=', tenantId)
          .where(
            'fl.fan_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('l.name')
          .execute()
      : []
    return rows.map((r) => ({
      ...r,
      labels: labels.filter((l) => l.fan_id === r.id).map((l) => l.name),
    }))
  }
}

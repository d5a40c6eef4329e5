import { randomBytes } from 'node:crypto'
import { type CounterTally, type CounterView, ErrorCode, type Page } from '@app/core'
import type { Db } from '../../db/index.js'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import { AppError, notFound } from '../../http/errors.js'
import type { AccountDirectory } from '../accounts/index.js'
import { FanDirectory } from '../fans/index.js'

/** Public share page by code. */
const system = openSystemScope('modules/diversion/counter.service')

const DAY = 86_400_000

interface CounterInput {
  name: string
  accountIds: number[]
  startAt: number
  endAt: number
}

type CounterRow = {
  id: number
  name: string
  account_ids: string
  start_at: number
  end_at: number
  share_code: string | null
  share_expires_at: number | null
  created_at: number
}

function present(r: CounterRow): CounterView {
  return {
    id: r.id,
    name: r.name,
    accountIds: JSON.parse(r.account_ids) as number[],
    startAt: r.start_at,
    endAt: r.end_at,
    shareCode: r.share_code,
    shareExpiresAt: r.share_expires_at,
    createdAt: r.created_at,
  }
}

/**
 * The counter (/counter/index): a tally of new fans of chosen accounts created within
 * [start, end], for settling with ad suppliers, shareable read-only behind a code that can
 * expire and be revoked.
 */
export class CounterService {
  private readonly fans = new FanDirectory()

  constructor(
    private readonly db: Db,
    private readonly accounts: AccountDirectory,
  ) {}

  private async checkAccounts(tenantId: number, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)]
    const found = await this.accounts.byIds(tenantId, unique)
    if (found.length !== unique.length) throw new AppError(ErrorCode.diversionAccountUnusable)
    return unique
  }

  async create(tenantId: number, userId: number, v: CounterInput): Promise<CounterView> {
    const ids = await this.checkAccounts(tenantId, v.accountIds)
    const row = await this.db
      .insertInto('counters')
      .values({
        tenant_id: tenantId,
        name: v.name,
        account_ids: JSON.stringify(ids),
        start_at: v.startAt,
        end_at: v.endAt,
        share_code: null,
        share_expires_at: null,
        created_by: userId,
        created_at: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return present(row)
  }

  async update(tenantId: number, id: number, v: CounterInput): Promise<CounterView> {
    const ids = await this.checkAccounts(tenantId, v.accountIds)
    const row = await this.db
      .updateTable('counters')
      .set({ name: v.name, account_ids: JSON.stringify(ids), start_at: v.startAt, end_at: v.endAt })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    if (!row) throw notFound()
    return present(row)
  }

  async remove(tenantId: number, id: number): Promise<void> {
    const res = await this.db
      .deleteFrom('counters')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(res.numDeletedRows) !== 1) throw notFound()
  }

  async page(tenantId: number, p: { pageNo: number; pageSize: number }): Promise<Page<CounterView>> {
    const base = this.db.selectFrom('counters').where('tenant_id', '=', tenantId)
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(p.pageSize)
        .offset((p.pageNo - 1) * p.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { list: rows.map(present), total: Number(total.n) }
  }

  private find(tenantId: number, id: number) {
    return this.db
      .selectFrom('counters')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  async tally(tenantId: number, id: number): Promise<CounterTally> {
    const row = await this.find(tenantId, id)
    if (!row) throw notFound()
    return this.count(tenantId, row)
  }

  /** Share read-only: a fresh code (any earlier one stops working), valid until `expiresAt`. */
  async share(tenantId: number, id: number, expiresAt: number | null): Promise<CounterView> {
    const row = await this.db
      .updateTable('counters')
      .set({ share_code: randomBytes(12).toString('base64url'), share_expires_at: expiresAt })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    if (!row) throw notFound()
    return present(row)
  }

  async revoke(tenantId: number, id: number): Promise<void> {
    const res = await this.db
      .updateTable('counters')
      .set({ share_code: null, share_expires_at: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw notFound()
  }

  /** A share page knows only its code: the one lookup here that crosses tenants. */
  private systemByShareCode(system: SystemScope, code: string) {
    return this.db.selectFrom('counters').selectAll().where('share_code', '=', code).executeTakeFirst()
  }

  async publicTally(code: string): Promise<CounterTally> {
    const row = await this.systemByShareCode(system, code)
    if (!row || (row.share_expires_at !== null && row.share_expires_at <= Date.now()))
      throw new AppError(ErrorCode.counterShareInvalid)
    return this.count(row.tenant_id, row)
  }

  /** New fans per account created within [start, end]; accounts deleted since drop out. */
  private async count(tenantId: number, row: CounterRow): Promise<CounterTally> {
    const ids = JSON.parse(row.account_ids) as number[]
    const accounts = ids.length ? await this.accounts.byIds(tenantId, ids) : []
    const live = accounts.map((a) => a.id)
    const counts = new Map<number, number>(live.map((a) => [a, 0]))
    if (live.length) {
      const rows = await this.fans.newPerDay(this.db, tenantId, live, row.start_at, row.end_at + 1, 0, DAY)
      for (const r of rows) counts.set(r.account_id, (counts.get(r.account_id) ?? 0) + Number(r.n))
    }
    const list = accounts
      .sort((a, b) => a.id - b.id)
      .map((a) => ({ accountId: a.id, phone: a.phone, count: counts.get(a.id) ?? 0 }))
    return {
      name: row.name,
      startAt: row.start_at,
      endAt: row.end_at,
      total: list.reduce((s, r) => s + r.count, 0),
      rows: list,
      at: Date.now(),
    }
  }
}

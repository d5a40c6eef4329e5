import { randomBytes } from 'node:crypto'
import {
  ACQUISITION_MAX_DAYS,
  type AcquisitionAgentRow,
  type AcquisitionLinkRow,
  type AcquisitionShareView,
  type AcquisitionStats,
  ErrorCode,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import { AppError, notFound } from '../../http/errors.js'
import { FanDirectory } from '../fans/index.js'

/** Public share page by code. */
const system = openSystemScope('modules/accounts/acquisition.service')

const DAY = 86_400_000

export interface StatsQuery {
  from: number
  to: number
  accountIds?: number[]
  utcOffsetMinutes: number
}

/** The per-link and per-agent breakdowns, read by the module that owns the diversion links. */
export interface AcquisitionSources {
  perLink(tenantId: number, accountIds: number[], from: number, to: number): Promise<AcquisitionLinkRow[]>
  perAgent(tenantId: number, accountIds: number[], from: number, to: number): Promise<AcquisitionAgentRow[]>
}

/**
 * Customer acquisition statistics: new fans per account per day, per diversion link and per agent,
 * and read-only share codes.
 */
export class AcquisitionService {
  private readonly fans = new FanDirectory()

  constructor(
    private readonly db: Db,
    /** the per-link and per-agent breakdowns; without them both lists are empty */
    private readonly sources: AcquisitionSources | null = null,
  ) {}

  /** New fans of the tenant's accounts per day in [from, to), days cut at the viewer's midnight. */
  async stats(tenantId: number, q: StatsQuery): Promise<AcquisitionStats> {
    if (q.to <= q.from || q.to - q.from > ACQUISITION_MAX_DAYS * DAY)
      throw new AppError(ErrorCode.dateRangeInvalid)
    let accounts = this.db
      .selectFrom('ws_accounts')
      .select(['id', 'phone'])
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
    if (q.accountIds) accounts = accounts.where('id', 'in', q.accountIds.length ? q.accountIds : [0])
    const list = await accounts.orderBy('id').execute()
    if (q.accountIds && list.length !== new Set(q.accountIds).size) throw notFound()

    const offset = q.utcOffsetMinutes * 60_000
    const first = Math.floor((q.from + offset) / DAY)
    const last = Math.floor((q.to - 1 + offset) / DAY)
    const days = Array.from({ length: last - first + 1 }, (_, i) => (first + i) * DAY - offset)
    const counts = new Map(list.map((a) => [a.id, new Array<number>(days.length).fill(0)]))
    if (list.length > 0) {
      const rows = await this.fans.newPerDay(
        this.db,
        tenantId,
        list.map((a) => a.id),
        q.from,
        q.to,
        offset,
        DAY,
      )
      for (const r of rows) {
        const slot = counts.get(r.account_id)
        const i = Math.floor(Number(r.day)) - first
        if (slot && i >= 0 && i < days.length) slot[i] += Number(r.n)
      }
    }
    // the breakdowns count the same accounts over the same range as the per-account rows
    const ids = list.map((a) => a.id)
    const [links, agents] = this.sources
      ? await Promise.all([
          this.sources.perLink(tenantId, ids, q.from, q.to),
          this.sources.perAgent(tenantId, ids, q.from, q.to),
        ])
      : [[], []]
    return {
      days,
      rows: list.map((a) => {
        const c = counts.get(a.id) ?? []
        return { accountId: a.id, phone: a.phone, counts: c, total: c.reduce((s, n) => s + n, 0) }
      }),
      links,
      agents,
    }
  }

  async createShare(
    tenantId: number,
    userId: number,
    accountIds: number[] | undefined,
    expiresAt: number | null,
  ): Promise<AcquisitionShareView> {
    if (accountIds?.length) {
      const found = await this.db
        .selectFrom('ws_accounts')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', accountIds)
        .where('deleted_at', 'is', null)
        .execute()
      if (found.length !== new Set(accountIds).size) throw notFound()
    }
    const now = Date.now()
    const code = randomBytes(12).toString('base64url')
    const ids = accountIds?.length ? [...new Set(accountIds)] : null
    const row = await this.db
      .insertInto('acquisition_shares')
      .values({
        tenant_id: tenantId,
        code,
        account_ids: ids ? JSON.stringify(ids) : null,
        expires_at: expiresAt,
        revoked_at: null,
        created_by: userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: row.id, code, accountIds: ids, expiresAt, revokedAt: null, createdAt: now }
  }

  async listShares(tenantId: number): Promise<AcquisitionShareView[]> {
    const rows = await this.db
      .selectFrom('acquisition_shares')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id', 'desc')
      .execute()
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      accountIds: r.account_ids ? (JSON.parse(r.account_ids) as number[]) : null,
      expiresAt: r.expires_at,
      revokedAt: r.revoked_at,
      createdAt: r.created_at,
    }))
  }

  async revokeShare(tenantId: number, id: number): Promise<void> {
    const res = await this.db
      .updateTable('acquisition_shares')
      .set({ revoked_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw notFound()
  }

  /** A public share page knows only its code: the one lookup here that crosses tenants. */
  private systemShareByCode(_system: SystemScope, code: string) {
    return this.db.selectFrom('acquisition_shares').selectAll().where('code', '=', code).executeTakeFirst()
  }

  /** The statistics behind a live share code; the default window is the last 7 days. */
  async publicStats(
    code: string,
    q: Partial<StatsQuery> & { utcOffsetMinutes: number },
  ): Promise<AcquisitionStats> {
    const share = await this.systemShareByCode(system, code)
    const now = Date.now()
    if (!share || share.revoked_at !== null || (share.expires_at !== null && share.expires_at <= now)) {
      throw new AppError(ErrorCode.shareCodeInvalid)
    }
    const ids = share.account_ids ? (JSON.parse(share.account_ids) as number[]) : undefined
    const to = q.to ?? now
    const from = q.from ?? to - 7 * DAY
    // accounts deleted since the share was made simply drop out
    const live = ids
      ? (
          await this.db
            .selectFrom('ws_accounts')
            .select('id')
            .where('tenant_id', '=', share.tenant_id)
            .where('id', 'in', ids)
            .where('deleted_at', 'is', null)
            .execute()
        ).map((r) => r.id)
      : undefined
    return this.stats(share.tenant_id, { from, to, accountIds: live, utcOffsetMinutes: q.utcOffsetMinutes })
  }
}

import { randomBytes } from 'node:crypto'
import {
  type DiversionLinkBody,
  type DiversionLinkStats,
  type DiversionLinkView,
  type DiversionPageBody,
  ErrorCode,
  type Page,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { qrDataUrl } from '../../gateway/qr.js'
import { AppError, notFound } from '../../http/errors.js'
import type { AccountDirectory } from '../accounts/index.js'
import type { LinkAccountInput, LinksRepository } from './links.repository.js'

const DAY = 86_400_000

/** Diversion links of the supervisor's /marketing/diversionLink: create, edit, enable, stats, QR. */
export class LinksService {
  constructor(
    private readonly db: Db,
    private readonly links: LinksRepository,
    private readonly accounts: AccountDirectory,
    private readonly publicUrl: (code: string) => string = (code) => `/s?c=${code}`,
  ) {}

  /**
   * The link's accounts: the chosen ones (with their caps) in order, then the accounts assigned
   * now to each chosen agent (no cap). Every account must be a live one of the tenant.
   */
  private async resolveAccounts(tenantId: number, body: DiversionLinkBody): Promise<LinkAccountInput[]> {
    const out = new Map<number, LinkAccountInput>()
    for (const a of body.accounts) if (!out.has(a.accountId)) out.set(a.accountId, a)
    const chosen = [...out.keys()]
    if (chosen.length) {
      const found = await this.accounts.byIds(tenantId, chosen)
      if (found.length !== chosen.length) throw new AppError(ErrorCode.diversionAccountUnusable)
    }
    for (const agentId of new Set(body.agentIds)) {
      const theirs = await this.accounts.usableBy(tenantId, agentId)
      if (!theirs.length) throw new AppError(ErrorCode.diversionAgentNoAccounts)
      for (const a of theirs) if (!out.has(a.id)) out.set(a.id, { accountId: a.id, dailyCap: 0 })
    }
    return [...out.values()]
  }

  /** Create a link with a fresh public code. */
  async create(tenantId: number, userId: number, body: DiversionLinkBody): Promise<DiversionLinkView> {
    const accounts = await this.resolveAccounts(tenantId, body)
    const code = randomBytes(6).toString('base64url')
    const id = await this.db.transaction().execute(async (tx) => {
      const row = await this.links.insert(tx, tenantId, {
        code,
        name: body.name,
        greeting: body.greeting,
        utcOffset: body.utcOffsetMinutes,
        by: userId,
        now: Date.now(),
      })
      await this.links.setAccounts(tx, tenantId, row.id, accounts)
      return row.id
    })
    return this.view(tenantId, id)
  }

  /** Change a link's name, greeting and accounts; its code, visits and today's cap use stay. */
  async update(tenantId: number, id: number, body: DiversionLinkBody): Promise<DiversionLinkView> {
    if (!(await this.links.find(tenantId, id))) throw notFound()
    const accounts = await this.resolveAccounts(tenantId, body)
    await this.db.transaction().execute(async (tx) => {
      await this.links.update(tx, tenantId, id, {
        name: body.name,
        greeting: body.greeting,
        utcOffset: body.utcOffsetMinutes,
      })
      await this.links.setAccounts(tx, tenantId, id, accounts)
    })
    return this.view(tenantId, id)
  }

  async setEnabled(tenantId: number, id: number, enabled: boolean): Promise<void> {
    const res = await this.links.setEnabled(tenantId, id, enabled)
    if (Number(res.numUpdatedRows) !== 1) throw notFound()
  }

  async remove(tenantId: number, id: number): Promise<void> {
    const res = await this.links.remove(tenantId, id)
    if (Number(res.numDeletedRows) !== 1) throw notFound()
  }

  async page(tenantId: number, body: DiversionPageBody): Promise<Page<DiversionLinkView>> {
    const [rows, total] = await this.links.page(tenantId, body)
    const ids = rows.map((r) => r.id)
    const [accounts, fans] = await Promise.all([
      this.links.accountsOf(tenantId, ids),
      this.links.fansPerAccount(tenantId, ids),
    ])
    return {
      total: Number(total.n),
      list: rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        greeting: r.greeting,
        enabled: r.enabled === 1,
        accounts: accounts
          .filter((a) => a.link_id === r.id)
          .map((a) => ({ accountId: a.account_id, phone: a.phone, dailyCap: a.daily_cap })),
        visits: Number(r.visits),
        newFans: fans.filter((f) => f.link_id === r.id).reduce((s, f) => s + Number(f.n), 0),
        createdAt: r.created_at,
      })),
    }
  }

  private async view(tenantId: number, id: number): Promise<DiversionLinkView> {
    const row = await this.links.find(tenantId, id)
    if (!row) throw notFound()
    const accounts = await this.links.accountsOf(tenantId, [id])
    const fans = await this.links.fansPerAccount(tenantId, [id])
    return {
      id,
      code: row.code,
      name: row.name,
      greeting: row.greeting,
      enabled: row.enabled === 1,
      accounts: accounts.map((a) => ({ accountId: a.account_id, phone: a.phone, dailyCap: a.daily_cap })),
      visits: Number(row.visits),
      newFans: fans.reduce((s, f) => s + Number(f.n), 0),
      createdAt: row.created_at,
    }
  }

  /** Visits and attributed new fans of a link, per account and per agent. */
  async stats(tenantId: number, id: number): Promise<DiversionLinkStats> {
    const link = await this.links.find(tenantId, id)
    if (!link) throw notFound()
    const [accounts, fans, agents, redirected] = await Promise.all([
      this.links.accountsOf(tenantId, [id]),
      this.links.fansPerAccount(tenantId, [id]),
      this.links.fansPerAgent(tenantId, id),
      this.links.redirectedVisits(tenantId, id),
    ])
    const today = Math.floor((Date.now() + link.utc_offset * 60_000) / DAY)
    const fansOf = (accountId: number) => Number(fans.find((f) => f.account_id === accountId)?.n ?? 0)
    return {
      id,
      visits: Number(link.visits),
      redirected: Number(redirected.n),
      newFans: fans.reduce((s, f) => s + Number(f.n), 0),
      accounts: accounts.map((a) => ({
        accountId: a.account_id,
        phone: a.phone,
        status: a.status,
        dailyCap: a.daily_cap,
        today: a.cap_day === today ? a.cap_used : 0,
        visits: Number(a.visits),
        newFans: fansOf(a.account_id),
      })),
      agents: agents.map((g) => ({
        agentId: g.agent_user_id,
        name: g.nickname || g.username || '',
        newFans: Number(g.n),
      })),
    }
  }

  /** A PNG QR code of the link's public address. */
  async qr(tenantId: number, id: number, origin: string): Promise<{ dataUrl: string }> {
    const link = await this.links.find(tenantId, id)
    if (!link) throw notFound()
    return { dataUrl: await qrDataUrl(`${origin}${this.publicUrl(link.code)}`) }
  }
}

import { randomBytes } from 'node:crypto'
import {
  type AccountStateValue,
  ErrorCode,
  type HistorySearchPage,
  type MerchantAccountView,
  type MerchantCodeCreateBody,
  type MerchantCodePageBody,
  MerchantCodeState,
  type MerchantCodeUpdateBody,
  type MerchantCodeView,
  type MerchantHistoryBody,
  type MerchantLinkResult,
  type MerchantLinkStatus,
  type MerchantPublicInfo,
  merchantCodeState,
  type Page,
} from '@app/core'
import type { Selectable } from 'kysely'
import type { MerchantCodeTable } from '../../db/schema.js'
import { openSystemScope } from '../../db/system-scope.js'
import { AppError, notFound } from '../../http/errors.js'
import type { MerchantsRepository } from './merchants.repository.js'

/** Public merchant link by code. */
const system = openSystemScope('modules/merchants/merchants.service')

type CodeRow = Selectable<MerchantCodeTable>

/** The accounts module's pairing-code linking, as this module uses it. */
export interface MerchantLinking {
  /** throws the catalogue's errors (invalid phone, no free port, already linked…) */
  loginCode(
    tenantId: number,
    userId: number,
    phone: string,
  ): Promise<{ accountId: number; code: string | null }>
  loginStatus(
    tenantId: number,
    accountId: number,
  ): Promise<{ state: string; accountStatus: AccountStateValue; code?: string; error?: string }>
  /** a phone as typed, normalised; throws invalid phone */
  checkPhone(input: string): string
  /** the gateway's live login state of an account (held in memory, no query) */
  gatewayStatus(accountId: number): { state: string; code?: string } | undefined
}

/** how long a linking under way holds its slot of the quota before it is given back */
const MERCHANT_LINK_HOLD_MS = 3 * 60_000

/** The chat history's search, narrowed to accounts. */
export interface MerchantHistory {
  page(
    tenantId: number,
    f: { accountIds: number[]; keyword?: string },
    cursor: string | undefined,
    limit: number,
  ): Promise<HistorySearchPage>
}

const emptyPage: HistorySearchPage = { list: [], nextCursor: null, scanLimited: false, scannedUntil: null }

/**
 * Number-merchant codes: the supervisor issues them (name, quota of numbers, expiry) and may
 * revoke them; a supplier with a live code links numbers into the tenant by pairing code, and
 * reads the chat history of the numbers it linked.
 */
export class MerchantsService {
  constructor(
    private readonly repo: MerchantsRepository,
    private readonly linking: MerchantLinking,
    private readonly search: MerchantHistory,
  ) {}

  async page(tenantId: number, body: MerchantCodePageBody): Promise<Page<MerchantCodeView>> {
    const now = Date.now()
    const { list, total } = await this.repo.page(
      tenantId,
      body.name || undefined,
      (body.pageNo - 1) * body.pageSize,
      body.pageSize,
    )
    return { list: list.map((r) => present(r, Number(r.linked ?? 0), now)), total }
  }

  async create(tenantId: number, userId: number, body: MerchantCodeCreateBody): Promise<MerchantCodeView> {
    const now = Date.now()
    const row = {
      tenant_id: tenantId,
      code: randomBytes(12).toString('base64url'),
      name: body.name,
      quota: body.quota,
      expires_at: body.expiresAt,
      revoked_at: null,
      created_by: userId,
      created_at: now,
    }
    const id = await this.repo.insert(row)
    return present({ ...row, id, taken: 0 }, 0, now)
  }

  /** Rename, change the quota (never below the numbers already linked) or the expiry. */
  async update(tenantId: number, body: MerchantCodeUpdateBody): Promise<void> {
    const row = await this.repo.find(tenantId, body.id)
    if (!row) throw notFound()
    const linked = await this.repo.linkedCount(tenantId, body.id)
    if (body.quota < linked) throw new AppError(ErrorCode.merchantQuotaBelowLinked, { params: { linked } })
    await this.repo.update(tenantId, body.id, {
      name: body.name,
      quota: body.quota,
      expires_at: body.expiresAt,
    })
  }

  /** A revoked code links nothing more and shows no history; the accounts it linked stay. */
  async revoke(tenantId: number, id: number): Promise<void> {
    const row = await this.repo.find(tenantId, id)
    if (!row) throw notFound()
    if (row.revoked_at === null) await this.repo.update(tenantId, id, { revoked_at: Date.now() })
  }

  async accounts(tenantId: number, id: number): Promise<MerchantAccountView[]> {
    if (!(await this.repo.find(tenantId, id))) throw notFound()
    return (await this.repo.links(tenantId, id)).map((l) => ({
      accountId: Number(l.account_id),
      phone: l.phone,
      status: (l.status ?? 'offline') as AccountStateValue,
      deleted: l.status === null || l.deleted_at !== null,
      linkedAt: Number(l.created_at),
    }))
  }

  /** The supervisor's read of the history of a code's numbers (also of a revoked or expired code). */
  async history(tenantId: number, body: MerchantHistoryBody): Promise<HistorySearchPage> {
    if (!(await this.repo.find(tenantId, body.id))) throw notFound()
    return this.historyOf(tenantId, body.id, body.accountId, body.keyword, body.cursor, body.pageSize)
  }

  // ---- the public pages: the code is the only key ----

  async publicInfo(code: string): Promise<MerchantPublicInfo> {
    const row = await this.live(code)
    const links = await this.settle(row.tenant_id, row.id, await this.repo.links(row.tenant_id, row.id))
    return {
      name: row.name,
      quota: row.quota,
      linked: links.length,
      expiresAt: row.expires_at,
      accounts: links
        .filter((l) => l.status !== null && l.deleted_at === null)
        .map((l) => ({
          accountId: Number(l.account_id),
          phone: l.phone,
          status: l.status as AccountStateValue,
        })),
    }
  }

  /**
   * Link a number through a live code: the same pairing-code login as the accounts page, taking a
   * free port of the tenant. A number already linked (or being linked) through this code may be
   * linked again without counting twice; a new one takes a slot of the quota before the login
   * starts, given back when the login cannot start, fails or runs out of time.
   */
  async publicLink(code: string, phoneInput: string): Promise<MerchantLinkResult> {
    const row = await this.live(code)
    const tenantId = row.tenant_id
    const phone = this.linking.checkPhone(phoneInput)
    const links = await this.settle(tenantId, row.id, await this.repo.links(tenantId, row.id))
    const prior = links.find((l) => l.phone === phone)
    const held = prior === undefined && (await this.repo.reserve(tenantId, row.id))
    if (prior === undefined && !held) throw new AppError(ErrorCode.merchantQuotaFull)
    let r: { accountId: number; code: string | null }
    try {
      r = await this.linking.loginCode(tenantId, Number(row.created_by), phone)
    } catch (err) {
      if (held) await this.repo.release(tenantId, row.id)
      throw err
    }
    const now = Date.now()
    if (held) {
      const added = await this.repo.addLink(
        tenantId,
        row.id,
        r.accountId,
        phone,
        now,
        now + MERCHANT_LINK_HOLD_MS,
      )
      if (!added) await this.repo.release(tenantId, row.id)
    } else if (prior && prior.pending_until !== null) {
      await this.repo.holdUntil(tenantId, Number(prior.id), now + MERCHANT_LINK_HOLD_MS)
    }
    return { accountId: r.accountId, code: r.code }
  }

  /** One poll of a linking number: one query, plus the gateway's state held in memory. */
  async publicStatus(code: string, accountId: number): Promise<MerchantLinkStatus> {
    const row = await this.repo.systemLinkStatus(system, code, accountId)
    if (!row) throw new AppError(ErrorCode.merchantCodeInvalid)
    refuseUnusable(row)
    if (row.link_id === null || row.status === null || row.deleted_at !== null) throw notFound()
    const s = this.linking.gatewayStatus(accountId)
    const state = s?.state ?? 'none'
    if (row.pending_until !== null) {
      const linkId = Number(row.link_id)
      if (row.linked === 1) await this.repo.confirm(row.tenant_id, linkId)
      else if (state === 'closed' || Number(row.pending_until) <= Date.now())
        await this.repo.dropPending(row.tenant_id, Number(row.id), linkId)
    }
    return {
      accountId,
      state,
      accountStatus: row.status as AccountStateValue,
      ...(s?.state === 'awaiting_pairing_code' && s.code ? { code: s.code } : {}),
      ...(row.last_error ? { error: row.last_error } : {}),
    }
  }

  /** The history of the code's numbers, without the names of the tenant's people. */
  async publicHistory(
    code: string,
    accountId: number | undefined,
    cursor: string | undefined,
    pageSize: number,
  ): Promise<HistorySearchPage> {
    const row = await this.live(code)
    const page = await this.historyOf(row.tenant_id, row.id, accountId, undefined, cursor, pageSize)
    return { ...page, list: page.list.map((h) => ({ ...h, agent: null, sentBy: null })) }
  }

  private async historyOf(
    tenantId: number,
    codeId: number,
    accountId: number | undefined,
    keyword: string | undefined,
    cursor: string | undefined,
    pageSize: number,
  ): Promise<HistorySearchPage> {
    const ids = (await this.repo.links(tenantId, codeId)).map((l) => Number(l.account_id))
    if (accountId !== undefined && !ids.includes(accountId)) throw notFound()
    const accountIds = accountId !== undefined ? [accountId] : ids
    if (accountIds.length === 0) return emptyPage
    return this.search.page(tenantId, { accountIds, ...(keyword ? { keyword } : {}) }, cursor, pageSize)
  }

  /** The code behind a public link, refused with the reason when it cannot be used. */
  private async live(code: string): Promise<CodeRow> {
    const row = await this.repo.systemFindByCode(system, code)
    if (!row) throw new AppError(ErrorCode.merchantCodeInvalid)
    refuseUnusable(row)
    return row
  }

  /**
   * Settle the linkings under way of a code: one whose number came online keeps its slot; one
   * whose time ran out, or whose account is gone, gives its slot back. Answers the links left.
   */
  private async settle<L extends LinkRow>(tenantId: number, codeId: number, links: L[]): Promise<L[]> {
    const now = Date.now()
    const kept: L[] = []
    for (const l of links) {
      if (l.pending_until === null) kept.push(l)
      else if (l.linked === 1 && l.deleted_at === null) {
        await this.repo.confirm(tenantId, Number(l.id))
        kept.push({ ...l, pending_until: null })
      } else if (Number(l.pending_until) <= now || l.status === null || l.deleted_at !== null)
        await this.repo.dropPending(tenantId, codeId, Number(l.id))
      else kept.push(l)
    }
    return kept
  }
}

interface LinkRow {
  id: number
  pending_until: number | null
  linked: number | null
  status: string | null
  deleted_at: number | null
}

/** A revoked or expired code is refused with its reason. */
function refuseUnusable(row: { expires_at: number | null; revoked_at: number | null }): void {
  const state = merchantCodeState({ expiresAt: row.expires_at, revokedAt: row.revoked_at }, Date.now())
  if (state === MerchantCodeState.revoked) throw new AppError(ErrorCode.merchantCodeRevoked)
  if (state === MerchantCodeState.expired) throw new AppError(ErrorCode.merchantCodeExpired)
}

function present(r: CodeRow, linked: number, now: number): MerchantCodeView {
  return {
    id: Number(r.id),
    code: r.code,
    name: r.name,
    quota: r.quota,
    linked,
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
    state: merchantCodeState({ expiresAt: r.expires_at, revokedAt: r.revoked_at }, now),
    createdAt: Number(r.created_at),
  }
}

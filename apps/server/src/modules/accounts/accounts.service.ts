import {
  ErrorCode,
  type ErrorCodeValue,
  errorMessage,
  type ImportResult,
  type LanguageCode,
  type Page,
  type WsAccountView,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError } from '../../http/errors.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import type { AccountGroupsService } from './account-groups.service.js'
import { type AccountLoginService, checkPhone, checkProxy, readProxy } from './accounts.login.js'
import { presentAccount } from './accounts.presenter.js'
import type { AccountFilter, AccountsRepository } from './accounts.repository.js'
import { isUniqueViolation } from './db-errors.js'

/**
 * One import line, `phone[,proxy]` (the proxy may hold commas), as written: the account to create
 * and its proxy's host, or why not.
 */
function parseImportLine(
  line: string,
): { phone: string; proxy: string | null; host?: string } | { code: ErrorCodeValue } {
  const comma = line.indexOf(',')
  try {
    const phone = checkPhone(comma < 0 ? line : line.slice(0, comma))
    const { stored, proxy } = readProxy(comma < 0 ? '' : line.slice(comma + 1))
    return { phone, proxy: stored, host: proxy?.host }
  } catch (err) {
    if (err instanceof AppError) return { code: err.code }
    throw err
  }
}

/** The proxy hosts of an import the guard refuses, with why; each host is checked once, all at once. */
async function refusedHosts(
  outbound: Pick<OutboundGuard, 'checkHostForSave'>,
  hosts: Iterable<string>,
): Promise<Map<string, ErrorCodeValue>> {
  const refused = new Map<string, ErrorCodeValue>()
  await Promise.all(
    [...new Set(hosts)].map((host) =>
      outbound.checkHostForSave(host).catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err
        refused.set(host, err.code)
      }),
    ),
  )
  return refused
}

/** The tenant's WS accounts: list, edits in batch, import. Linking lives in AccountLoginService. */
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsRepository,
    private readonly groups: AccountGroupsService,
    private readonly login: AccountLoginService,
    /** the guard of addresses tenants set: a proxy's host is one */
    private readonly outbound: Pick<OutboundGuard, 'checkHostForSave'>,
  ) {}

  async page(
    tenantId: number,
    filter: AccountFilter,
    pageNo: number,
    pageSize: number,
  ): Promise<Page<WsAccountView>> {
    const { list, total } = await this.accounts.page(tenantId, filter, pageNo, pageSize)
    return { list: list.map(presentAccount), total }
  }

  async setRemark(tenantId: number, ids: number[], remark: string): Promise<void> {
    await this.login.requireAll(tenantId, ids)
    await this.accounts.update(tenantId, ids, { remark })
  }

  async setGroup(tenantId: number, ids: number[], groupId: number | null): Promise<void> {
    await this.login.requireAll(tenantId, ids)
    if (groupId !== null) await this.groups.require(tenantId, groupId)
    await this.accounts.update(tenantId, ids, { group_id: groupId })
  }

  /** Checked with the gateway's parser and the guard of tenant-set addresses; empty clears. Used from the next connection on. */
  async setProxy(tenantId: number, ids: number[], proxy: string): Promise<void> {
    readProxy(proxy)
    await this.login.requireAll(tenantId, ids)
    const { stored } = await checkProxy(proxy, this.outbound)
    await this.accounts.update(tenantId, ids, { proxy: stored })
  }

  /**
   * Import `phone[,proxy]` lines. Every line is checked; the good ones become accounts awaiting a
   * pairing code, all in one transaction (a database failure imports none); the bad ones come
   * back with their reasons.
   */
  async import(tenantId: number, text: string, lang: LanguageCode): Promise<ImportResult> {
    const rejected: ImportResult['rejected'] = []
    const reject = (line: number, text: string, code: ErrorCodeValue) => {
      rejected.push({ line, text, code, reason: errorMessage(code, lang) })
    }
    const candidates = await this.importCandidates(text, reject)
    const now = Date.now()
    try {
      const { accepted, linked } = await this.db.transaction().execute(async (tx) => {
        const accepted: ImportResult['accepted'] = []
        const linked: typeof candidates = []
        for (const c of candidates) {
          // a number belongs to one live account across all tenants: the database refuses a
          // number some tenant holds, without this tenant reading the others' accounts
          const accountId = await this.accounts.insertUnlessLinked(
            tenantId,
            { phone: c.phone, proxy: c.proxy },
            now,
            tx,
          )
          if (accountId === undefined) linked.push(c)
          else accepted.push({ line: c.line, phone: c.phone, accountId })
        }
        return { accepted, linked }
      })
      for (const c of linked) reject(c.line, c.phone, ErrorCode.phoneAlreadyLinked)
      return { accepted, rejected: rejected.sort((a, b) => a.line - b.line) }
    } catch (err) {
      // another unique index refused a row: nothing of this import was kept
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.phoneAlreadyLinked)
      throw err
    }
  }

  /** The lines of an import to create accounts from, their proxies' hosts checked by the guard; the others go to `reject`. */
  private async importCandidates(
    text: string,
    reject: (line: number, text: string, code: ErrorCodeValue) => void,
  ): Promise<{ line: number; phone: string; proxy: string | null }[]> {
    const lines = text
      .split(/\r?\n/)
      .map((raw, i) => ({ no: i + 1, line: raw.trim() }))
      .filter((l) => l.line)
      .map((l) => ({ ...l, parsed: parseImportLine(l.line) }))
    const refused = await refusedHosts(
      this.outbound,
      lines.flatMap(({ parsed }) => ('host' in parsed && parsed.host !== undefined ? [parsed.host] : [])),
    )
    const candidates: { line: number; phone: string; proxy: string | null }[] = []
    const seen = new Set<string>()
    for (const { no, line, parsed } of lines) {
      if ('code' in parsed) {
        reject(no, line, parsed.code)
        continue
      }
      const refusal = parsed.host === undefined ? undefined : refused.get(parsed.host)
      if (refusal !== undefined) reject(no, line, refusal)
      else if (seen.has(parsed.phone)) reject(no, line, ErrorCode.duplicateInImport)
      else {
        seen.add(parsed.phone)
        candidates.push({ line: no, phone: parsed.phone, proxy: parsed.proxy })
      }
    }
    return candidates
  }
}

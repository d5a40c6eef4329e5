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
import type { AccountGroupsService } from './account-groups.service.js'
import { type AccountLoginService, checkPhone, checkProxy } from './accounts.login.js'
import { presentAccount } from './accounts.presenter.js'
import type { AccountFilter, AccountsRepository } from './accounts.repository.js'
import { isUniqueViolation } from './db-errors.js'

/** One import line, `phone[,proxy]` (the proxy may hold commas): the account to create, or why not. */
function parseImportLine(line: string): { phone: string; proxy: string | null } | { code: ErrorCodeValue } {
  const comma = line.indexOf(',')
  try {
    const phone = checkPhone(comma < 0 ? line : line.slice(0, comma))
    return { phone, proxy: checkProxy(comma < 0 ? '' : line.slice(comma + 1)).stored }
  } catch (err) {
    if (err instanceof AppError) return { code: err.code }
    throw err
  }
}

/** The tenant's WS accounts: list, edits in batch, import. Linking lives in AccountLoginService. */
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsRepository,
    private readonly groups: AccountGroupsService,
    private readonly login: AccountLoginService,
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

  /** Checked with the gateway's parser; empty clears. Used from the next connection on. */
  async setProxy(tenantId: number, ids: number[], proxy: string): Promise<void> {
    const { stored } = checkProxy(proxy)
    await this.login.requireAll(tenantId, ids)
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
    const candidates: { line: number; phone: string; proxy: string | null }[] = []
    const seen = new Set<string>()
    for (const [i, raw] of text.split(/\r?\n/).entries()) {
      const line = raw.trim()
      if (!line) continue
      const parsed = parseImportLine(line)
      if ('code' in parsed) reject(i + 1, line, parsed.code)
      else if (seen.has(parsed.phone)) reject(i + 1, line, ErrorCode.duplicateInImport)
      else {
        seen.add(parsed.phone)
        candidates.push({ line: i + 1, ...parsed })
      }
    }
    const taken = new Set(
      (await this.accounts.systemFindByPhones(candidates.map((c) => c.phone))).map((r) => r.phone),
    )
    const fresh = candidates.filter((c) => {
      if (!taken.has(c.phone)) return true
      rejected.push({
        line: c.line,
        text: c.phone,
        code: ErrorCode.phoneAlreadyLinked,
        reason: errorMessage(ErrorCode.phoneAlreadyLinked, lang),
      })
      return false
    })
    const now = Date.now()
    try {
      const accepted = await this.db.transaction().execute(async (tx) => {
        const out: ImportResult['accepted'] = []
        for (const c of fresh)
          out.push({
            line: c.line,
            phone: c.phone,
            accountId: await this.accounts.insert(tenantId, { phone: c.phone, proxy: c.proxy }, now, tx),
          })
        return out
      })
      return { accepted, rejected: rejected.sort((a, b) => a.line - b.line) }
    } catch (err) {
      // another import took one of the numbers meanwhile: nothing of this one was kept
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.phoneAlreadyLinked)
      throw err
    }
  }
}

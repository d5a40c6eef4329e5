import {
  AccountState,
  checkSessionPhone,
  ErrorCode,
  type FanImportBody,
  type FanImportLine,
  FanImportOutcome,
  type FanImportResult,
  normalizePhone,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { isGatewayError, type MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { SessionStarter, UsableAccounts } from './fans.collaborators.js'
import { FansRepository } from './fans.repository.js'

/** What the desk's "new session" answers for a line, read as the line's outcome. */
const OUTCOME_OF_ERROR = new Map<number, FanImportLine['outcome']>([
  [ErrorCode.sessionExists, FanImportOutcome.exists],
  [ErrorCode.phoneNotOnWhatsApp, FanImportOutcome.notOnWhatsApp],
  [ErrorCode.invalidPhone, FanImportOutcome.invalid],
])

/**
 * Import by phone list ("active add") into one WS account of the caller: each line becomes a fan
 * with its session exactly as the desk's "new session" makes one, so a number is asked of
 * WhatsApp through the same paced, cached check and a fan or session is never made twice. The
 * client sends a long list in small batches; each answers per line.
 */
export class FanImporter {
  private readonly fans = new FansRepository()

  constructor(
    private readonly db: Db,
    private readonly gateway: MessagingGateway,
    private readonly accounts: UsableAccounts,
    private readonly starter: SessionStarter,
  ) {}

  async importPhones(caller: Caller, body: FanImportBody): Promise<FanImportResult> {
    const [account] = await this.accounts.usable(caller.tenantId, caller.agentId, body.accountId)
    if (!account) throw notFound()
    if (account.status !== AccountState.online) throw new AppError(ErrorCode.accountNotOnline)
    const lines = body.phones.map((line) => {
      const digits = normalizePhone(line.trim())
      return { line, phone: /^\d+$/.test(digits) ? digits : '', valid: checkSessionPhone(digits) === null }
    })
    const phones = [...new Set(lines.filter((l) => l.valid).map((l) => l.phone))]
    const known = await this.fans.phonesOnAccount(this.db, caller.tenantId, account.id, phones)
    const onWhatsApp = await this.lookUp(
      account.id,
      phones.filter((p) => !known.has(p)),
    )

    const items: FanImportLine[] = []
    for (const { line, phone, valid } of lines) {
      const item = (outcome: FanImportLine['outcome'], fanId: number | null = null) =>
        items.push({ line, phone, outcome, fanId })
      if (!valid) item(FanImportOutcome.invalid)
      else if (known.has(phone)) item(FanImportOutcome.exists, known.get(phone))
      else if (!onWhatsApp.has(phone)) item(FanImportOutcome.notOnWhatsApp)
      else {
        const outcome = await this.add(caller, account.id, phone)
        if (outcome.fanId !== null) known.set(phone, outcome.fanId)
        item(outcome.outcome, outcome.fanId)
      }
    }
    return { items }
  }

  /** A new fan and session through the desk's "new session"; its refusals are the line's outcome. */
  private async add(caller: Caller, accountId: number, phone: string) {
    try {
      const session = await this.starter.create(caller, { phone, accountId })
      return { outcome: FanImportOutcome.added, fanId: session.fanId }
    } catch (err) {
      const outcome = err instanceof AppError ? OUTCOME_OF_ERROR.get(err.code) : undefined
      if (!outcome) throw err
      return { outcome, fanId: null }
    }
  }

  /**
   * The phones that are on WhatsApp, in one paced look-up for the batch (the gateway asks in
   * groups and caches each answer): each line's own check then comes from the cache.
   */
  private async lookUp(accountId: number, phones: string[]): Promise<Set<string>> {
    if (phones.length === 0) return new Set()
    try {
      const checks = await this.gateway.checkNumbers(String(accountId), phones)
      return new Set(checks.filter((c) => c.exists).map((c) => c.phone))
    } catch (err) {
      if (isGatewayError(err) && err.code === 'not_connected') throw new AppError(ErrorCode.accountNotOnline)
      throw err
    }
  }
}

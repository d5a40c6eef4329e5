import {
  AccountState,
  checkSessionPhone,
  type DeskSessionView,
  ErrorCode,
  FanSource,
  normalizePhone,
  type SessionCreateBody,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { isGatewayError, type MessagingGateway, phoneToJid } from '../../gateway/messaging-gateway.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { AccountDirectory } from '../accounts/index.js'
import { FanDirectory } from '../fans/index.js'
import type { SessionDirectory, SessionListQuery } from '../sessions/index.js'

/**
 * A new personal session with a phone number (spec §5: 9–20 digits), from the chosen WS account
 * or the viewer's first online one. An existing session of that number on the account is
 * answered with its id; otherwise WhatsApp is asked whether the number exists (one lookup, the
 * gateway paces and caches them) before the customer and the session are created.
 */
export class SessionCreator {
  private readonly fans = new FanDirectory()

  constructor(
    private readonly db: Db,
    private readonly gateway: MessagingGateway,
    private readonly sessions: SessionDirectory,
    private readonly list: SessionListQuery,
    private readonly accounts: AccountDirectory,
  ) {}

  async create(viewer: Caller, body: SessionCreateBody): Promise<DeskSessionView> {
    const phone = normalizePhone(body.phone)
    if (checkSessionPhone(phone)) throw new AppError(ErrorCode.invalidPhone)
    const account = await this.pickAccount(viewer, body.accountId)
    const existing = await this.sessions.personalOfNumber(
      viewer.tenantId,
      account.id,
      phoneToJid(phone),
      phone,
    )
    if (existing !== undefined) throw new AppError(ErrorCode.sessionExists, { data: { sessionId: existing } })

    let jid: string
    try {
      const [check] = await this.gateway.checkNumbers(String(account.id), [phone])
      if (!check?.exists) throw new AppError(ErrorCode.phoneNotOnWhatsApp)
      jid = check.jid ?? phoneToJid(phone)
    } catch (err) {
      if (isGatewayError(err) && err.code === 'not_connected') throw new AppError(ErrorCode.accountNotOnline)
      throw err
    }

    const now = Date.now()
    const sessionId = await this.db.transaction().execute(async (tx) => {
      const { fan, created } = await this.fans.findOrCreate(
        tx,
        viewer.tenantId,
        account.id,
        { jid, phone, lid: null, pushName: '' },
        FanSource.activeAdd,
        now,
      )
      const { session } = await this.sessions.openPersonal(
        tx,
        viewer.tenantId,
        account.id,
        fan.id,
        now,
        created,
      )
      return session.id
    })
    this.list.countsCache.forget(viewer.tenantId)
    return this.list.one(viewer, sessionId)
  }

  /** The chosen account (in the viewer's scope, online), or the viewer's first online account. */
  private async pickAccount(viewer: Caller, accountId?: number): Promise<{ id: number }> {
    const accounts = await this.accounts.usableBy(viewer.tenantId, viewer.agentId, accountId)
    if (accountId !== undefined) {
      const chosen = accounts[0]
      if (!chosen) throw notFound()
      if (chosen.status !== AccountState.online) throw new AppError(ErrorCode.accountNotOnline)
      return chosen
    }
    const online = accounts.find((a) => a.status === AccountState.online)
    if (!online) throw new AppError(ErrorCode.noOnlineAccount)
    return online
  }
}

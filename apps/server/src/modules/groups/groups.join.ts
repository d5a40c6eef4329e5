import {
  ErrorCode,
  type GroupAccountView,
  type GroupJoinBody,
  type GroupJoinLineResult,
  type GroupJoinResult,
  inviteCodeOf,
  JOIN_GROUP_LINKS_MAX,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { normalizeJid } from '../../gateway/jid.js'
import { isGatewayError, type MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import { AccountDirectory } from '../accounts/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import { GroupChatSync } from '../sessions/index.js'
import type { GroupEvents } from './groups.events.js'
import { assertWritable } from './groups.service.js'

/**
 * Joining group chats by invite links (spec §5: one per line, at most 20 at a time) with one WS
 * account the caller may use: a supervisor any live account of the tenant, an agent (or a
 * supervisor acting as one) the accounts assigned to them. Each joined group gets its desk
 * session at once, so it shows in the session list before anyone writes.
 */
export class GroupJoinService {
  private readonly store: GroupChatSync
  private readonly wsAccounts: AccountDirectory

  constructor(
    private readonly db: Db,
    private readonly gateway: MessagingGateway,
    private readonly sessions: SessionDirectory,
    private readonly events: GroupEvents,
  ) {
    this.store = new GroupChatSync(db)
    this.wsAccounts = new AccountDirectory(db)
  }

  /** The WS accounts the viewer may join groups with. */
  async accounts(viewer: Caller): Promise<GroupAccountView[]> {
    const rows = await this.wsAccounts.usableBy(viewer.tenantId, viewer.agentId)
    return rows
      .filter((r) => r.linked === 1)
      .map((r) => ({ id: r.id, phone: r.phone, online: r.status === 'online' }))
  }

  /** Join every link in order; a bad line or a failed join does not stop the others. */
  async join(viewer: Caller, body: GroupJoinBody): Promise<GroupJoinResult> {
    assertWritable(viewer)
    const lines = body.links.map((l) => l.trim()).filter((l) => l !== '')
    if (lines.length === 0) throw new AppError(ErrorCode.groupJoinEmpty)
    if (lines.length > JOIN_GROUP_LINKS_MAX) throw new AppError(ErrorCode.groupJoinTooMany)
    const account = (await this.accounts(viewer)).find((a) => a.id === body.accountId)
    if (!account) throw new AppError(ErrorCode.groupAccountUnavailable)
    if (!account.online) throw new AppError(ErrorCode.accountNotOnline)

    const seenCodes = new Set<string>()
    const seenGroups = new Set<string>()
    const results: GroupJoinLineResult[] = []
    let offline = false
    for (const [i, link] of lines.entries()) {
      const r: GroupJoinLineResult = {
        line: i + 1,
        link,
        status: 'failed',
        groupJid: null,
        subject: null,
        sessionId: null,
      }
      results.push(r)
      const code = inviteCodeOf(link)
      if (!code) {
        r.status = 'invalid'
        continue
      }
      if (seenCodes.has(code)) {
        r.status = 'duplicate'
        continue
      }
      seenCodes.add(code)
      // once the account dropped, the remaining lines are not tried
      if (offline) continue
      try {
        const jid = normalizeJid(await this.gateway.groupJoin(String(account.id), code))
        r.groupJid = jid
        if (seenGroups.has(jid)) {
          r.status = 'duplicate'
          continue
        }
        seenGroups.add(jid)
        const opened = await this.open(viewer.tenantId, account.id, jid)
        Object.assign(r, { status: 'joined', ...opened })
      } catch (err) {
        if (!isGatewayError(err)) throw err
        if (err.code === 'not_connected') offline = true
        r.status =
          err.code === 'not_found' ? 'notFound' : err.code === 'invalid_argument' ? 'invalid' : 'failed'
      }
    }
    return { joined: results.filter((r) => r.status === 'joined').length, results }
  }

  /** Store the joined group (its info when WhatsApp gives it) and its desk session. */
  private async open(
    tenantId: number,
    accountId: number,
    jid: string,
  ): Promise<{ subject: string; sessionId: number }> {
    const info = await this.gateway.groupInfo(String(accountId), jid).catch(() => undefined)
    const now = Date.now()
    const { group, session } = await this.db.transaction().execute(async (tx) => {
      if (info) await this.store.applyInfo(tx, tenantId, accountId, { ...info, id: jid }, now)
      const { group } = await this.store.open(tx, tenantId, accountId, jid, now)
      const { session } = await this.sessions.openGroup(tx, tenantId, accountId, group.id, now)
      return { group, session }
    })
    await this.events.notify(tenantId, group.id, jid)
    return { subject: group.subject || info?.subject || '', sessionId: session.id }
  }
}

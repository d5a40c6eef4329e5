import { customerTitle } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Fan } from '../../db/schema.js'
import { phoneToJid } from '../../gateway/jid.js'
import type { GatewayEvents, InboundMessage } from '../../gateway/messaging-gateway.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { sessionRooms } from '../../realtime/rooms.js'
import type { FanIdentities, FanMergeDone, LinkOutcome } from '../fans/index.js'
import { fanIdentity } from './inbound.content.js'

/** phone ↔ lid pairs remembered as applied, per process (the oldest are forgotten first) */
const PAIRS_MAX = 50_000

type Mapping = GatewayEvents['identity.mapping']

export interface IdentityDeps {
  identities: FanIdentities
  hub: RealtimeHub
  /** the account's tenant and agent (the inbound service's cache) */
  account(accountId: number): Promise<{ tenantId: number; agentUserId: number | null } | undefined>
  /** run a job in the account's commit lane, in order with its messages */
  write<R>(accountId: number, job: (tx: Kysely<Database>) => Promise<R>): Promise<R>
  /** the remembered chats of these addresses are stale */
  forget(accountId: number, jids: string[]): void
}

/**
 * The consumer of every phone ↔ hidden id pair WhatsApp reveals (`identity.mapping` events, and
 * the pair a direct message carries): the account's fans of that person become one, in the
 * account's commit lane so a message of the pair written next finds the one fan. The desks hear
 * of a session merged into another, and of a hidden number that became known.
 */
export class InboundIdentity {
  private readonly pairs = new Map<string, string>()

  constructor(private readonly deps: IdentityDeps) {}

  /** Apply a pair (once per process and pair: WhatsApp repeats them). */
  async onMapping(e: Mapping): Promise<void> {
    const accountId = Number(e.accountId)
    const key = `${accountId}|${e.lid}`
    if (this.pairs.get(key) === e.pn) return
    const account = await this.deps.account(accountId)
    if (!account) return
    const outcome = await this.deps.write(accountId, (tx) =>
      this.deps.identities.link(tx, account.tenantId, accountId, e.pn, e.lid, e.via ?? 'mapping', Date.now()),
    )
    this.pairs.delete(key)
    this.pairs.set(key, e.pn)
    if (this.pairs.size > PAIRS_MAX) this.pairs.delete(this.pairs.keys().next().value as string)
    this.announce(account, accountId, e, outcome)
  }

  /** The pair a direct message carries (both addresses of its customer), applied before the message is stored. */
  async beforeMessage(m: InboundMessage): Promise<void> {
    if (m.chatType !== 'direct') return
    const who = fanIdentity(m)
    if (!who.phone || !who.lid) return
    await this.onMapping({ accountId: m.accountId, pn: phoneToJid(who.phone), lid: who.lid, via: 'message' })
  }

  private announce(
    account: { tenantId: number; agentUserId: number | null },
    accountId: number,
    e: Mapping,
    outcome: LinkOutcome,
  ): void {
    if (outcome.kind === 'none') return
    this.deps.forget(accountId, [e.pn, e.lid])
    if (outcome.kind === 'merged') {
      this.announceMerge(account, outcome.merge)
      return
    }
    const session = outcome.session
    if (!outcome.phoneLearned || !outcome.fan.phone || !session) return
    this.deps.hub.emit(
      sessionRooms(account.tenantId, session.id, session.agent_user_id ?? account.agentUserId),
      'session.updated',
      { sessionId: session.id, changes: { title: titleOf(outcome.fan), fanPhone: outcome.fan.phone } },
    )
  }

  private announceMerge(account: { tenantId: number; agentUserId: number | null }, m: FanMergeDone): void {
    const session = m.session
    if (m.removedSessionId !== null && session) {
      this.deps.hub.emit(
        sessionRooms(account.tenantId, m.removedSessionId, session.agent_user_id ?? account.agentUserId),
        'session.removed',
        { sessionId: m.removedSessionId, reason: 'merged', intoSessionId: session.id },
      )
    }
    if (!session) return
    this.deps.hub.emit(
      sessionRooms(account.tenantId, session.id, session.agent_user_id ?? account.agentUserId),
      'session.updated',
      {
        sessionId: session.id,
        changes: {
          title: titleOf(m.fan),
          ...(m.fan.phone ? { fanPhone: m.fan.phone } : {}),
          fanRemark: m.fan.remark,
        },
      },
    )
  }
}

const titleOf = (f: Fan) =>
  customerTitle({ nickname: f.nickname, pushName: f.push_name, phone: f.phone, jid: f.jid })

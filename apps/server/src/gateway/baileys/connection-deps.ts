import {
  type AuthenticationCreds,
  type BaileysEventMap,
  type CacheStore,
  type GroupMetadata,
  makeCacheableSignalKeyStore,
  type proto,
  type UserFacingSocketConfig,
  type WABrowserDescription,
  type WAMessageKey,
  type WASocket,
  type WAVersion,
} from 'baileys'
import type { Logger } from 'pino'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import type { BackoffOptions } from '../backoff.js'
import type { Clock } from '../clock.js'
import { normalizeJid } from '../jid.js'
import type { AccountId, AccountStatus, Me } from '../messaging-gateway.js'
import type { DatabaseAuthState } from './auth-state.js'
import type { AuthStateStore } from './auth-store.js'
import type { ProxyAgents } from './proxy-agents.js'
import type { AccountMessages } from './stored-messages.js'

// What a connection (connection.ts) is made of: its dependencies, its sockets' options, and the
// readings of a socket's state it acts on.

export type SocketFactory = (config: UserFacingSocketConfig) => WASocket

/** The WhatsApp Web version the sockets announce, as a connection sees it. */
export interface ConnectionVersions {
  /** the version to announce; undefined: Baileys' bundled one */
  current(): Promise<WAVersion | undefined>
  /** WhatsApp refused `version` (405): learn a newer one before the retry */
  rejected(version: WAVersion | undefined): Promise<void>
  /** `fn` runs whenever the version in use changes */
  onChange(fn: () => void): () => void
  /** how long a connection refused with the newest version it could learn waits before trying it again */
  recheckMs: number
}

/** `C`: the connection itself (connection.ts), handed to the event handler. */
export interface ConnectionDeps<C> {
  store: AuthStateStore
  /** what `getMessage` answers retry requests with; sends are kept there too */
  messages: AccountMessages
  logger: Logger
  clock: Clock
  random: () => number
  makeSocket: SocketFactory
  browser: WABrowserDescription
  versions: ConnectionVersions
  backoff: BackoffOptions
  /** where the account's proxy, a host its tenant chose, may be connected to */
  outbound: Pick<OutboundGuard, 'connectAddress'>
  onStatus(accountId: AccountId, status: AccountStatus): Promise<void>
  /** every other event batch of the live socket */
  onEvents(conn: C, events: Partial<BaileysEventMap>): Promise<void>
}

/** A pairing succeeded: WhatsApp signed the device into the account (pair-success). */
export const isPaired = (creds: AuthenticationCreds | undefined) => Boolean(creds?.account && creds.me?.id)

export interface SocketSetup {
  auth: DatabaseAuthState
  logger: Logger
  browser: WABrowserDescription
  version: WAVersion | undefined
  agents: ProxyAgents | undefined
  retryCounters: CacheStore
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>
  cachedGroupMetadata(jid: string): Promise<GroupMetadata | undefined>
}

/** The options every socket of the product gets (docs/whatsapp-gateway.md, "Socket"). */
export function socketConfig(s: SocketSetup): UserFacingSocketConfig {
  const config: UserFacingSocketConfig = {
    auth: { creds: s.auth.state.creds, keys: makeCacheableSignalKeyStore(s.auth.state.keys, s.logger) },
    logger: s.logger,
    browser: s.browser,
    markOnlineOnConnect: false,
    syncFullHistory: false,
    emitOwnEvents: true,
    msgRetryCounterCache: s.retryCounters,
    getMessage: s.getMessage,
    cachedGroupMetadata: s.cachedGroupMetadata,
  }
  if (s.version) config.version = s.version
  if (s.agents) {
    config.agent = s.agents.agent
    config.fetchAgent = s.agents.agent
    if (s.agents.dispatcher) config.options = { dispatcher: s.agents.dispatcher } as RequestInit
  }
  return config
}

/** Who the open socket is linked as. */
export function meOf(sock: WASocket): Me | undefined {
  const user = sock.user
  if (!user) return undefined
  return {
    pn: normalizeJid(user.id),
    lid: user.lid ? normalizeJid(user.lid) : undefined,
    pushName: user.name ?? user.notify,
    // the Business app links as platform smba (Android) or smbi (iOS)
    business: /^smb/.test(sock.authState?.creds?.platform ?? ''),
  }
}

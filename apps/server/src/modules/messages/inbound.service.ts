import { MessageType } from '@app/core'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { dialectOf } from '../../db/dialect.js'
import type { Database, Db } from '../../db/index.js'
import { retryableCode } from '../../db/retryable.js'
import type { Message, Session } from '../../db/schema.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { EventBus } from '../../events/bus.js'
import { normalizeJid } from '../../gateway/jid.js'
import {
  type GatewayEvents,
  type InboundMessage,
  type MessagingGateway,
  type StatusUpdate,
  toFailureReason,
} from '../../gateway/messaging-gateway.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { sessionRooms } from '../../realtime/rooms.js'
import type { FanIdentities } from '../fans/index.js'
import { type SessionDirectory, SessionStatusUpdates } from '../sessions/index.js'
import type { BulkItem, CommitBatcher, Job } from './commit-batcher.js'
import { type AccountInfo, InboundAccounts } from './inbound.accounts.js'
import { type BulkInbound, storeMany } from './inbound.bulk.js'
import { storedContent } from './inbound.content.js'
import { InboundIdentity } from './inbound.identity.js'
import type { InboundSpool, SpooledEvent } from './inbound.spool.js'
import {
  type Contact,
  contactKey,
  type EchoSettler,
  InboundStore,
  type OptOutRule,
  type StoreOutcome,
} from './inbound.store.js'
import { withoutNul } from './inbound.text.js'
import type { MediaStore, StoredFile } from './media.store.js'
import { MessageUpdates } from './message-updates.js'
import { presentMessage, presentSession } from './messages.presenter.js'

/** Gateway inbound: receipts and edits by account. */
const system = openSystemScope('modules/messages/inbound.service')

const RETRIES = [50, 250, 1_000]
/** Stored messages the automatic front line (auto-reply, AI, nurturing, attribution) hears of. */
const TURNS = new Set<string>(
  Object.values(MessageType).filter((t) => t !== MessageType.album && t !== MessageType.system),
)
/** chats remembered after commit (fan/group and session ids), so the next message skips two lookups */
const CONTACTS_MAX = 50_000

/** A message of a chat, as committed: what the automatic front line (auto-reply, AI, attribution) listens to. */
export interface StoredInbound {
  tenantId: number
  accountId: number
  message: Message
  session: Session
  /** the personal chat's fan (null in a group) */
  fanId: number | null
  /** the fan was created by this very message: a new customer */
  newFan: boolean
  /** a message as it happens, not one of the history WhatsApp syncs on linking */
  live: boolean
  /** the customer's message answered ours (something of ours awaited a reply) */
  answered?: boolean
  /** the customer opted out of mass sends with this message (the tenant's opt-out words) */
  optedOut?: boolean
}

/**
 * Everything WhatsApp tells us about messages: new messages (stored once, whatever the number
 * of deliveries), revokes, edits, receipts and group changes. A handler resolves only after its
 * rows are committed, and events go out after that.
 */
export class InboundService {
  private readonly store: InboundStore
  private readonly bulk: boolean
  private readonly accounts: InboundAccounts
  private readonly contacts = new Map<string, Contact>()
  private readonly identity: InboundIdentity
  private readonly updates: MessageUpdates
  private readonly statuses: SessionStatusUpdates

  constructor(
    private readonly db: Db,
    private readonly batcher: CommitBatcher,
    sessions: SessionDirectory,
    outbox: EchoSettler,
    private readonly gateway: MessagingGateway,
    private readonly media: MediaStore,
    private readonly hub: RealtimeHub,
    private readonly log: Logger,
    identities: FanIdentities,
    /** where a stored message and a message's new status are announced, after their commit */
    private readonly events: Pick<EventBus, 'publish'>,
    optOut?: OptOutRule,
    private readonly spool?: InboundSpool,
  ) {
    this.store = new InboundStore(db, sessions, outbox, optOut)
    this.updates = new MessageUpdates(hub, events)
    this.statuses = new SessionStatusUpdates(hub, events)
    this.identity = new InboundIdentity({
      identities,
      hub,
      account: (id) => this.accounts.of(id),
      write: (id, job) => this.write(id, job),
      forget: (id, jids) => {
        for (const jid of jids) this.contacts.delete(`${id}|${jid}`)
      },
    })
    // multi-row statements save PostgreSQL round trips; SQLite runs in process, one statement at a time
    this.bulk = dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
    this.accounts = new InboundAccounts(db)
  }

  /**
   * Subscribe to the gateway (or another source of its events: tests drive the Baileys dispatch
   * through it); returns the unsubscribe. An event the database still refuses after the retries
   * goes to the spool, to be stored on the next start.
   */
  attach(source: Pick<MessagingGateway, 'on'> = this.gateway): () => void {
    const events: SpooledEvent[] = [
      'message',
      'message.status',
      'group.updated',
      'group.participants',
      'identity.mapping',
    ]
    const offs = events.map((event) =>
      source.on(event, async (payload) => {
        try {
          await this.apply(event, payload)
        } catch (err) {
          if (!this.spool) throw err
          this.spool.put(event, payload, err)
        }
      }),
    )
    return () => {
      for (const off of offs) off()
    }
  }

  /** Store the events a previous run could not; called on start, before accounts reconnect. */
  replaySpool(): Promise<number> {
    return this.spool ? this.spool.replay((event, payload) => this.apply(event, payload)) : Promise.resolve(0)
  }

  private apply(event: SpooledEvent, raw: unknown): Promise<void> {
    const payload = withoutNul(raw)
    switch (event) {
      case 'message':
        return this.onMessage(payload as InboundMessage)
      case 'message.status':
        return this.onStatus(payload as StatusUpdate)
      case 'group.updated': {
        const e = payload as GatewayEvents['group.updated']
        return this.onGroupUpdated(Number(e.accountId), e.group)
      }
      case 'group.participants': {
        const e = payload as GatewayEvents['group.participants']
        return this.onParticipants(Number(e.accountId), e)
      }
      case 'identity.mapping':
        return this.identity.onMapping(payload as GatewayEvents['identity.mapping'])
    }
  }

  /** A group's subject, description, settings or member list changed. */
  private async onGroupUpdated(
    accountId: number,
    group: GatewayEvents['group.updated']['group'],
  ): Promise<void> {
    const tenantId = (await this.accounts.of(accountId))?.tenantId
    if (!tenantId) return
    await this.write(accountId, (tx) =>
      this.store.groups.applyInfo(tx, tenantId, accountId, group, Date.now()),
    )
    // the remembered title of the group's chat may be stale now
    this.contacts.delete(`${accountId}|${group.id}`)
  }

  private async onParticipants(accountId: number, e: GatewayEvents['group.participants']): Promise<void> {
    const tenantId = (await this.accounts.of(accountId))?.tenantId
    if (!tenantId) return
    const jids = e.participants.map(normalizeJid)
    await this.write(accountId, (tx) =>
      this.store.groups.applyParticipants(tx, tenantId, accountId, e.groupId, e.action, jids, Date.now()),
    )
  }

  /** Store one inbound message (or apply a revoke/edit) and tell the rooms once committed. */
  async onMessage(m: InboundMessage): Promise<void> {
    if (m.chatType !== 'direct' && m.chatType !== 'group') return
    const accountId = Number(m.accountId)
    const account = await this.accounts.of(accountId)
    if (!account) return
    // one customer per person: the pair this message reveals joins the customer's fans first
    await this.identity.beforeMessage(m)
    const { tenantId } = account
    const c = m.content
    if (c.kind === 'revoke' || c.kind === 'edit') {
      const row = await this.write(accountId, (tx) =>
        c.kind === 'revoke'
          ? this.store.messages.systemWithdraw(system, tx, accountId, c.target.id, c.target.fromMe)
          : this.store.messages.systemEdit(system, tx, accountId, c.target.id, {
              fromMe: c.target.fromMe,
              text: c.text,
              at: m.timestamp,
            }),
      )
      if (row) this.emitUpdates([row], c.kind === 'edit')
      return
    }
    let file: StoredFile | undefined
    let mediaError: string | undefined
    if (c.kind === 'media') {
      // a repeat delivery is known before downloading anything: it is stored already, and only
      // announced again on the way below
      const repeat = await this.store.messages.systemExists(system, this.db, accountId, m.ref.id)
      if (!repeat)
        try {
          file = await this.media.save(tenantId, await this.gateway.downloadMedia(m.accountId, c.handle))
        } catch (err) {
          mediaError = err instanceof Error ? err.message.slice(0, 200) : 'download failed'
          this.log.warn({ err, accountId, id: m.ref.id }, 'inbound media not downloaded')
        }
    }
    const content = storedContent(c, file, mediaError, m.albumId)
    const outcome =
      this.bulk && !file
        ? await this.write(accountId, { run: this.storeMany, item: { tenantId, accountId, m, content } })
        : await this.write(accountId, async (tx) => {
            const mediaId = file ? await this.media.record(tx, tenantId, file, Date.now()) : null
            return this.store.store(tx, tenantId, accountId, m, content, mediaId, this.known(accountId, m))
          })
    this.remember(outcome.contact)
    this.emitOutcome(account, outcome, m.live)
    if (outcome.newGroup) void this.refreshGroup(tenantId, accountId, outcome.newGroup)
  }

  /** The messages of one commit stored together (multi-row statements). */
  private readonly storeMany = (tx: Kysely<Database>, items: BulkInbound[]): Promise<StoreOutcome[]> =>
    storeMany(
      this.store,
      tx,
      items.map((it) => ({ ...it, known: this.known(it.accountId, it.m) })),
    )

  /** The chat as a previous commit left it, unless the full path must run (a fan's new push name is written by it). */
  private known(accountId: number, m: InboundMessage): Contact | undefined {
    const known = this.contacts.get(contactKey(accountId, m))
    const renamed =
      m.chatType === 'direct' && !m.ref.fromMe && !!m.sender.pushName && m.sender.pushName !== known?.pushName
    return renamed ? undefined : known
  }

  /** A receipt for one of our messages: sent, delivered, read (forward only), or an error ack. */
  async onStatus(s: StatusUpdate): Promise<void> {
    if (!s.ref.fromMe || s.status === 'pending') return
    const accountId = Number(s.accountId)
    const tenantId = (await this.accounts.of(accountId))?.tenantId
    if (!tenantId) return
    const rows = await this.write(accountId, async (tx) => {
      const m = this.store.messages
      if (s.status === 'error') {
        const failed = await m.systemFailAfterSend(
          system,
          tx,
          accountId,
          s.ref.id,
          toFailureReason(s.errorCode ?? 'failed'),
        )
        return failed ? [failed] : []
      }
      const out: Message[] = await this.store.echo(tx, accountId, s.ref.id)
      if (s.status !== 'server_ack') {
        const moved = await m.systemDeliver(
          system,
          tx,
          accountId,
          s.ref.id,
          s.status === 'delivered' ? 'delivered' : 'read',
        )
        if (moved) out.push(moved)
      }
      return out
    })
    this.emitUpdates(rows, false)
  }

  /** A new message goes to the tenant (supervisors), the session, and the agent the session belongs to. */
  private emitOutcome(account: AccountInfo, o: StoreOutcome, live: boolean): void {
    if (o.again) {
      // the desks keep one copy of a message by its id: telling them twice shows it once
      const { message, session, peer } = o.again
      this.hub.emit(
        sessionRooms(account.tenantId, session.id, session.agent_user_id ?? account.agentUserId),
        'message.new',
        {
          message: presentMessage(message),
          session: presentSession(session, peer),
        },
      )
    }
    if (o.created) {
      const { message, session, peer } = o.created
      const agent = session.agent_user_id ?? account.agentUserId
      this.hub.emit(sessionRooms(account.tenantId, session.id, agent), 'message.new', {
        message: presentMessage(message),
        session: presentSession(session, peer),
      })
      if (o.created.reopened) this.statuses.announce(session, account.agentUserId, 'customer')
      // an album's header and a line about the chat (a pin) are not turns anyone answers
      if (!TURNS.has(message.type)) {
        this.emitUpdates(o.updated, false)
        return
      }
      const stored: StoredInbound = {
        tenantId: account.tenantId,
        accountId: message.account_id,
        message,
        session,
        fanId: o.created.fanId,
        newFan: o.created.newFan,
        live,
        answered: o.created.answered === true,
        optedOut: o.created.optedOut === true,
      }
      // subscribers queue their own work: the inbound path never waits for them
      void this.events.publish('message.stored', stored)
    }
    this.emitUpdates(o.updated, false)
  }

  private emitUpdates(rows: Message[], withBody: boolean): void {
    for (const row of rows) this.updates.announce(row, { withBody })
  }

  private async refreshGroup(tenantId: number, accountId: number, jid: string): Promise<void> {
    try {
      const info = await this.gateway.groupInfo(String(accountId), jid)
      await this.write(accountId, (tx) =>
        this.store.groups.applyInfo(tx, tenantId, accountId, info, Date.now()),
      )
    } catch (err) {
      this.log.debug({ err, accountId, jid }, 'group info not fetched')
    }
  }

  /** Only committed chats are remembered; the oldest are forgotten first. */
  private remember(c: Contact): void {
    this.contacts.delete(c.key)
    this.contacts.set(c.key, c)
    if (this.contacts.size > CONTACTS_MAX) this.contacts.delete(this.contacts.keys().next().value as string)
  }

  /**
   * Run a job in the shared commit of the account's lane, retrying transient database failures.
   * A failure also forgets the remembered chats: a fan or session removed elsewhere must be
   * looked up again rather than written to.
   */
  private async write<R, T = never>(accountId: number, job: Job<R> | BulkItem<T, R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.batcher.run(job, accountId)
      } catch (err) {
        this.contacts.clear()
        if (attempt >= RETRIES.length) throw err
        const code = retryableCode(err)
        if (code)
          this.log.warn(
            { err, code, accountId, attempt: attempt + 1 },
            'an inbound write met a deadlock or a busy database; trying again',
          )
        await new Promise((r) => setTimeout(r, RETRIES[attempt]))
      }
    }
  }

  /** An account's agent changed: its next message goes to the new agent's room at once (this process's cache). */
  forgetAccount(accountId: number): void {
    this.accounts.forget(accountId)
  }
}

import type {
  AccountStatusEvent,
  MassSendStatusValue,
  MessageUpdatedEvent,
  RiskWarningView,
  SessionStatusEvent,
} from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../db/index.js'
import type { Engine } from '../engines/engines.js'
import { type BatchWork, type Commit, type CursorStore, InboundCursor } from '../engines/inbound-cursor.js'
import type { AccountAgentChange } from '../modules/accounts/index.js'
import type { PendingMessage, StoredInbound } from '../modules/messages/index.js'

/** Every domain event by name, with what its subscribers receive. To learn who reacts to one, search its name. */
export interface DomainEvents {
  /** a chat message committed by the inbound path (a customer's, or ours written on the phone) */
  'message.stored': StoredInbound
  /** a message's status or content changed (sending, sent, delivered, read, failed, revoked, edited) */
  'message.updated': MessageUpdatedEvent & { tenantId: number; fromMe: boolean }
  /** a WhatsApp account's link status changed */
  'account.status': { tenantId: number; status: AccountStatusEvent }
  /** a session's status changed: by a user, a live customer message (reopened) or a snooze that ended */
  'session.status': SessionStatusEvent & { tenantId: number }
  /** a risk warning raised for the tenant (an account's, or the tenant's as a whole) */
  'risk.warning': { tenantId: number; warning: RiskWarningView }
  /** a mass-send task ended: completed, terminated, or failed before it sent */
  'massSend.finished': { tenantId: number; taskId: number; status: MassSendStatusValue; at: number }
  /** a session handed to another agent */
  'session.assigned': {
    tenantId: number
    sessionId: number
    agentUserId: number
    previousAgentUserId: number | null
    byUserId: number
  }
  /** a webhook endpoint turned off after its deliveries failed for a day */
  'webhook.disabled': { tenantId: number; endpointId: number; url: string }
  /** accounts handed to other agents (the agents page); publishers wait for the subscribers */
  'accounts.assigned': { tenantId: number; changes: AccountAgentChange[] }
}

/**
 * The events each occurrence of which is a stored row: a durable subscriber reads the rows past
 * its cursor, so what was stored while it was down reaches it after a restart.
 */
interface DurableEvents {
  'message.stored': PendingMessage
}

export type DomainEventName = keyof DomainEvents
export type DurableEventName = keyof DurableEvents
export type Handler<E extends DomainEventName> = (payload: DomainEvents[E]) => void | Promise<void>

/** A subscriber that resumes from its stored position: its work commits with the cursor's move past the row. */
export interface DurableSubscriber<E extends DurableEventName> {
  /** the cursor's name (its row is made by a migration) */
  durable: string
  /** one row past the cursor; `commit` runs effects in the transaction that moves the cursor past it */
  handle?(row: DurableEvents[E], commit: Commit): Promise<void>
  /** instead of `handle`: the rows of a read at once; `commit` moves the cursor past the last of them */
  handleBatch?(rows: DurableEvents[E][], commit: Commit): Promise<void>
  /** the in-process event, before it wakes the subscriber (facts the row does not keep); false: no wake. Never blocks */
  live?(payload: DomainEvents[E]): boolean | undefined
  /** before the work of a batch: what its rows need, read once */
  prepare?(batch: DurableEvents[E][]): Promise<void>
  /** how old a row must be before it is handled (default: by dialect) */
  settleMs?: number
}

/** A durable subscription: an engine that catches up on start and follows the in-process event. */
export interface DurableSubscription extends Engine {
  /** resolves once every row stored so far is handled */
  settled(): Promise<void>
}

/** Where a durable event's rows are read past a named cursor (the owning module provides it). */
export type DurableSource<E extends DurableEventName> = (cursor: string) => CursorStore<DurableEvents[E]>

type AnyHandler = (payload: unknown) => void | Promise<void>

/** The cursor's work: the subscriber's batch handler, else its handler of one row. */
function workOf<E extends DurableEventName>(
  sub: DurableSubscriber<E>,
): ((row: DurableEvents[E], commit: Commit) => Promise<void>) | BatchWork<DurableEvents[E]> {
  const { handle, handleBatch } = sub
  if (handleBatch) return { batch: (rows, commit) => handleBatch.call(sub, rows, commit) }
  if (!handle) throw new Error(`durable subscriber ${sub.durable} handles nothing`)
  return (row, commit) => handle.call(sub, row, commit)
}

/**
 * The one way a module reacts to another: typed domain events, found by name. An in-process
 * subscriber hears an event after the publisher's commit; a durable subscriber reads the rows of
 * the event past its cursor, so a restart neither loses nor repeats one.
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Set<AnyHandler>>()
  private readonly sources = new Map<DurableEventName, DurableSource<DurableEventName>>()

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** The owner of a durable event's table tells where its rows are read past a cursor. */
  provide<E extends DurableEventName>(name: E, source: DurableSource<E>): void {
    if (this.sources.has(name)) throw new Error(`durable event ${name} already has a source`)
    this.sources.set(name, source)
  }

  /** Hear an event in this process from now on; returns the unsubscribe. */
  subscribe<E extends DomainEventName>(name: E, handler: Handler<E>): () => void
  /** Handle every stored occurrence past a named cursor (start the returned engine to follow). */
  subscribe<E extends DurableEventName>(name: E, subscriber: DurableSubscriber<E>): DurableSubscription
  subscribe<E extends DomainEventName>(
    name: E,
    target: Handler<E> | DurableSubscriber<E & DurableEventName>,
  ): (() => void) | DurableSubscription {
    if (typeof target === 'function') return this.on(name, target as AnyHandler)
    return this.durable(name as E & DurableEventName, target)
  }

  /**
   * Tell the subscribers of `name`; resolves when every in-process handler has finished (a
   * publisher that must not wait ignores the promise). A failing handler is logged, never thrown.
   */
  async publish<E extends DomainEventName>(name: E, payload: DomainEvents[E]): Promise<void> {
    const set = this.handlers.get(name)
    if (!set) return
    const waits: Promise<void>[] = []
    for (const handler of [...set]) {
      try {
        const r = handler(payload)
        if (r) waits.push(r.catch((err: unknown) => this.failed(name, err)))
      } catch (err) {
        this.failed(name, err)
      }
    }
    await Promise.all(waits)
  }

  private on(name: DomainEventName, handler: AnyHandler): () => void {
    let set = this.handlers.get(name)
    if (!set) {
      set = new Set()
      this.handlers.set(name, set)
    }
    set.add(handler)
    return () => set.delete(handler)
  }

  private durable<E extends DurableEventName>(name: E, sub: DurableSubscriber<E>): DurableSubscription {
    const source = this.sources.get(name) as DurableSource<E> | undefined
    if (!source) throw new Error(`durable event ${name} has no source: install its owner first`)
    const cursor = new InboundCursor(
      this.db,
      source(sub.durable),
      workOf(sub),
      this.log.child({ subscriber: sub.durable }),
      sub.settleMs,
      sub.prepare ? (batch) => sub.prepare?.(batch) ?? Promise.resolve() : undefined,
    )
    // the in-process event only wakes the cursor; the rows are the record
    this.on(name, (payload) => {
      if (sub.live?.(payload as DomainEvents[E]) !== false) cursor.wake()
    })
    return {
      name: sub.durable,
      start: () => cursor.start(),
      stop: () => cursor.stop(),
      settled: () => cursor.settled(),
    }
  }

  private failed(name: string, err: unknown): void {
    this.log.error({ err, event: name }, 'an event subscriber failed')
  }
}

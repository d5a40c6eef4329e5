import { WebhookEvent, type WebhookEventValue } from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { Commit } from '../../engines/inbound-cursor.js'
import type { DomainEvents, EventBus } from '../../events/bus.js'
import type { PendingMessage } from '../messages/index.js'
import type { NewEvent, WebhooksRepository } from './webhooks.repository.js'

/** How long a tenant's endpoints are remembered: another process's change reaches this one this late. */
const ENDPOINTS_TTL_MS = 2_000
/** Occurrences heard in process are stored together when they come this close. */
const FLUSH_MS = 10

type Occurrence = Omit<NewEvent, 'endpointIds'> & { type: WebhookEventValue }

/**
 * Turns the tenant's domain events into webhook events with one delivery per endpoint that wants
 * each. A customer's message is read past a durable cursor, so one stored while the server was
 * down is still announced, and its deliveries commit with the cursor's move; the other events are
 * heard in process after their change committed and stored within a few milliseconds.
 */
export class WebhookPublisher {
  private readonly endpoints = new Map<number, { at: number; list: { id: number; events: Set<string> }[] }>()
  private buffer: Occurrence[] = []
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    private readonly repo: WebhooksRepository,
    /** told which endpoints have new deliveries */
    private readonly wake: (endpointIds: number[]) => void,
    private readonly log: Logger,
  ) {}

  /** Subscribe to the events a webhook may want; returns the durable consumer of customer messages. */
  subscribe(events: EventBus) {
    events.subscribe('message.updated', (e) => this.onMessageUpdated(e))
    events.subscribe('session.status', (e) =>
      this.push({
        tenantId: e.tenantId,
        type: WebhookEvent.sessionStatus,
        orderKey: `session:${e.sessionId}`,
        createdAt: Date.now(),
        data: {
          sessionId: e.sessionId,
          status: e.status,
          snoozedUntil: e.snoozedUntil,
          waitingSince: e.waitingSince,
          changedBy: e.statusChangedBy,
          cause: e.cause,
        },
      }),
    )
    events.subscribe('account.status', (e) =>
      this.push({
        tenantId: e.tenantId,
        type: WebhookEvent.accountStatus,
        orderKey: `account:${e.status.accountId}`,
        createdAt: Date.now(),
        data: {
          accountId: e.status.accountId,
          phone: e.status.phone,
          status: e.status.status,
          abnormalReason: e.status.abnormalReason,
        },
      }),
    )
    events.subscribe('session.assigned', (e) =>
      this.push({
        tenantId: e.tenantId,
        type: WebhookEvent.sessionAssigned,
        orderKey: `session:${e.sessionId}`,
        createdAt: Date.now(),
        data: {
          sessionId: e.sessionId,
          agentUserId: e.agentUserId,
          previousAgentUserId: e.previousAgentUserId,
          byUserId: e.byUserId,
        },
      }),
    )
    events.subscribe('massSend.finished', (e) =>
      this.push({
        tenantId: e.tenantId,
        type: WebhookEvent.massSendFinished,
        orderKey: `massSend:${e.taskId}`,
        createdAt: e.at,
        data: { taskId: e.taskId, status: e.status, finishedAt: e.at },
      }),
    )
    events.subscribe('risk.warning', (e) =>
      this.push({
        tenantId: e.tenantId,
        type: WebhookEvent.riskWarning,
        orderKey: `risk:${e.warning.accountId ?? 0}`,
        createdAt: Date.now(),
        data: { ...e.warning },
      }),
    )
    return events.subscribe('message.stored', {
      durable: 'webhooks',
      handleBatch: (rows, commit) => this.onMessages(rows, commit),
    })
  }

  /** Forget a tenant's endpoints (they changed in this process). */
  forget(tenantId: number): void {
    this.endpoints.delete(tenantId)
  }

  /** Resolves once what was heard so far is stored. */
  async flushed(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
      this.flushing = this.flushing.then(() => this.flush())
    }
    await this.flushing
  }

  private onMessageUpdated(e: DomainEvents['message.updated']): void {
    // only the statuses of our own messages: sending, sent, delivered, read, failed, withdrawn
    if (!e.fromMe || e.body !== undefined) return
    this.push({
      tenantId: e.tenantId,
      type: WebhookEvent.messageStatus,
      orderKey: `session:${e.sessionId}`,
      createdAt: Date.now(),
      data: {
        messageId: e.id,
        sessionId: e.sessionId,
        status: e.status,
        delivery: e.delivery,
        failureReason: e.failureReason,
      },
    })
  }

  private async onMessages(rows: PendingMessage[], commit: Commit): Promise<void> {
    const occurrences: Occurrence[] = []
    for (const m of rows) {
      // the customer's first message made the customer (the fan's row is as new as the message)
      if (m.fan_id !== null && m.fan_created_at !== null && m.fan_created_at >= m.created_at)
        occurrences.push({
          tenantId: m.tenant_id,
          type: WebhookEvent.customerCreated,
          orderKey: `session:${m.session_id}`,
          createdAt: m.fan_created_at,
          data: {
            customerId: m.fan_id,
            phone: m.fan_phone,
            accountId: m.account_id,
            sessionId: m.session_id,
          },
        })
      occurrences.push(this.received(m))
    }
    const events = await this.withEndpoints(occurrences)
    await commit((tx) => this.repo.enqueue(tx, events))
    this.wakeFor(events)
  }

  private received(m: PendingMessage): Occurrence {
    return {
      tenantId: m.tenant_id,
      type: WebhookEvent.messageReceived,
      orderKey: `session:${m.session_id}`,
      createdAt: m.created_at,
      data: {
        messageId: m.id,
        waMessageId: m.wa_message_id,
        sessionId: m.session_id,
        accountId: m.account_id,
        customerId: m.fan_id,
        phone: m.fan_phone,
        type: m.type,
        text: m.body,
        timestamp: m.timestamp,
      },
    }
  }

  private push(o: Occurrence): void {
    this.buffer.push(o)
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.flushing = this.flushing.then(() => this.flush())
    }, FLUSH_MS)
    this.timer.unref()
  }

  private async flush(): Promise<void> {
    const batch = this.buffer
    this.buffer = []
    if (batch.length === 0) return
    try {
      const events = await this.withEndpoints(batch)
      await this.db.transaction().execute((tx) => this.repo.enqueue(tx, events))
      this.wakeFor(events)
    } catch (err) {
      this.log.error({ err, events: batch.length }, 'webhook events could not be stored')
    }
  }

  private async withEndpoints(occurrences: Occurrence[]): Promise<NewEvent[]> {
    const out: NewEvent[] = []
    for (const o of occurrences) {
      const list = await this.endpointsOf(o.tenantId)
      const endpointIds = list.filter((p) => p.events.has(o.type)).map((p) => p.id)
      if (endpointIds.length > 0) out.push({ ...o, endpointIds })
    }
    return out
  }

  private async endpointsOf(tenantId: number) {
    const now = Date.now()
    const known = this.endpoints.get(tenantId)
    if (known && now - known.at < ENDPOINTS_TTL_MS) return known.list
    const rows = await this.repo.enabled(tenantId)
    const list = rows.map((r) => ({ id: Number(r.id), events: new Set(JSON.parse(r.events) as string[]) }))
    this.endpoints.set(tenantId, { at: now, list })
    return list
  }

  private wakeFor(events: NewEvent[]): void {
    if (events.length === 0) return
    this.wake([...new Set(events.flatMap((e) => e.endpointIds))])
  }
}

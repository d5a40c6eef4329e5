import { randomUUID } from 'node:crypto'
import { DeliveryState } from '@app/core'
import type { Logger } from 'pino'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import type { DeliveryQueue, DueDelivery, Outcome } from './delivery-queue.repository.js'
import { signedHeaders } from './signature.js'
import { eventBody, eventIdText } from './webhooks.repository.js'

const system = openSystemScope('webhook-delivery')

/** How long one attempt may take before it counts as failed. */
const ATTEMPT_TIMEOUT_MS = 10_000
/** Deliveries of one endpoint attempted at the same time (each of another order key). */
const PER_ENDPOINT = 100
/** How often the queue is looked at without being woken (retries, other processes' events). */
const IDLE_MS = 1_000
/** Retries stop, and the delivery fails, once its event is this old. */
const RETRY_FOR_MS = 24 * 3_600_000
/** An endpoint whose deliveries all failed for this long is turned off. */
const FAILING_OFF_MS = 24 * 3_600_000
/** The waits before each retry; the last repeats. */
const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000]

export const backoffAfter = (attempts: number) => BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1]

export interface DeliveryDeps {
  repo: DeliveryQueue
  outbound: OutboundGuard
  events: Pick<EventBus, 'publish'>
  log: Logger
  /** a claimed delivery's lease: longer than an attempt, so only a dead process's claims lapse */
  leaseMs: number
  /** the clock (tests move it) */
  now?: () => number
}

/**
 * Posts the queued deliveries, at least once each: every endpoint has a worker of its own, so a
 * slow or failing receiver holds back only itself; within an endpoint the deliveries of one order
 * key (a session, an account) go one after another, in order. A delivery is claimed under a lease
 * before its attempt and its outcome recorded after, so a process that dies mid-attempt leaves it
 * to be claimed again once the lease lapses (the receiver may see it twice, with the same id).
 */
export class WebhookDelivery implements Engine {
  readonly name = 'webhook-delivery'
  private readonly owner = randomUUID()
  private readonly loop: EngineLoop
  private readonly workers = new Map<number, Promise<void>>()
  /** endpoints woken while their worker ran: it looks again before it ends */
  private readonly again = new Set<number>()
  private stopped = true
  private readonly now: () => number

  /** a claim outlasts the longest attempt, so an attempt still under way is never claimed again */
  private readonly leaseMs: number

  constructor(private readonly d: DeliveryDeps) {
    this.now = d.now ?? Date.now
    this.leaseMs = Math.max(d.leaseMs, ATTEMPT_TIMEOUT_MS * 1.5)
    this.loop = new EngineLoop(this.name, IDLE_MS, () => this.tick(), d.log)
  }

  start(): void {
    this.stopped = false
    this.loop.start()
  }

  async stop(): Promise<void> {
    this.stopped = true
    await this.loop.stop()
    await Promise.all(this.workers.values())
  }

  /** New deliveries for these endpoints were stored in this process. */
  wake(endpointIds: number[]): void {
    if (this.stopped) return
    for (const id of endpointIds) this.run(id)
  }

  /** Resolves once no worker runs (tests). */
  async idle(): Promise<void> {
    while (this.workers.size > 0) await Promise.all(this.workers.values())
  }

  /** Look at the queue now (tests, after moving the clock). */
  async poke(): Promise<void> {
    await this.tick()
    await this.idle()
  }

  private async tick(): Promise<boolean> {
    for (const id of await this.d.repo.systemEndpointsWithWork(system)) this.run(id)
    return false
  }

  private run(endpointId: number): void {
    if (this.workers.has(endpointId)) {
      this.again.add(endpointId)
      return
    }
    const worker = this.work(endpointId)
      .catch((err: unknown) => this.d.log.error({ err, endpointId }, 'webhook worker failed'))
      .finally(() => this.workers.delete(endpointId))
    this.workers.set(endpointId, worker)
  }

  /**
   * An endpoint's worker: keeps up to PER_ENDPOINT attempts in flight, records what finished and
   * claims what became due (a key's next delivery once the one before it is recorded), until
   * nothing is due and nothing is in flight.
   */
  private async work(endpointId: number): Promise<void> {
    const inFlight = new Set<Promise<void>>()
    const finished: Outcome[] = []
    while (!this.stopped) {
      this.again.delete(endpointId)
      if (finished.length > 0) await this.record(endpointId, finished.splice(0))
      const room = PER_ENDPOINT - inFlight.size
      const due =
        room > 0
          ? await this.d.repo.systemClaim(system, endpointId, this.owner, this.now(), this.leaseMs, room)
          : []
      for (const delivery of due) {
        const attempt: Promise<void> = this.attempt(delivery)
          .then((o) => {
            finished.push(o)
          })
          .finally(() => inFlight.delete(attempt))
        inFlight.add(attempt)
      }
      if (inFlight.size > 0) {
        await Promise.race(inFlight)
        continue
      }
      if (finished.length > 0 || this.again.has(endpointId)) continue
      return
    }
    await Promise.all(inFlight)
    if (finished.length > 0) await this.record(endpointId, finished.splice(0))
  }

  private async record(endpointId: number, outcomes: Outcome[]): Promise<void> {
    await this.d.repo.systemRecord(system, this.owner, outcomes)
    await this.judgeEndpoint(endpointId, outcomes)
  }

  private async attempt(d: DueDelivery): Promise<Outcome> {
    const started = this.now()
    const id = eventIdText(Number(d.event_id))
    const body = eventBody(Number(d.event_id), d.type, d.event_at, d.body)
    const attempts = d.attempts + 1
    let status: number | null = null
    let error: string | null = null
    const clock = performance.now()
    try {
      const res = await this.d.outbound.fetch(d.url, {
        method: 'POST',
        headers: signedHeaders(d.secret, id, body, started),
        body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      })
      status = res.status
      await res.body?.cancel()
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`
    } catch (err) {
      error = describe(err)
    }
    const ms = Math.round(performance.now() - clock)
    const at = this.now()
    if (error === null)
      return { id: Number(d.id), state: DeliveryState.delivered, attempts, nextAt: at, status, error, ms, at }
    const next = at + backoffAfter(attempts)
    const gaveUp = next - d.created_at >= RETRY_FOR_MS
    const state = gaveUp ? DeliveryState.failed : DeliveryState.pending
    return { id: Number(d.id), state, attempts, nextAt: gaveUp ? at : next, status, error, ms, at }
  }

  /** A success clears the endpoint's failing clock; failures start it, and after a day turn it off. */
  private async judgeEndpoint(endpointId: number, outcomes: Outcome[]): Promise<void> {
    if (outcomes.some((o) => o.state === DeliveryState.delivered)) {
      await this.d.repo.systemMarkFailing(system, endpointId, null)
      return
    }
    const now = this.now()
    await this.d.repo.systemMarkFailing(system, endpointId, now)
    const endpoint = await this.d.repo.systemEndpoint(system, endpointId)
    if (!endpoint?.failing_since || now - endpoint.failing_since < FAILING_OFF_MS) return
    if (!(await this.d.repo.systemDisable(system, endpointId, now))) return
    this.d.log.warn(
      { endpointId, tenantId: endpoint.tenant_id },
      'webhook endpoint turned off after failing for a day',
    )
    await this.d.events.publish('webhook.disabled', {
      tenantId: Number(endpoint.tenant_id),
      endpointId,
      url: endpoint.url,
    })
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError')
      return `no answer within ${ATTEMPT_TIMEOUT_MS} ms`
    const cause = (err as { cause?: unknown }).cause
    const detail = cause instanceof Error ? `: ${cause.message}` : ''
    return `${err.message}${detail}`.slice(0, 300)
  }
  return String(err).slice(0, 300)
}

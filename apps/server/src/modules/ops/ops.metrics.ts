import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { AccountStatus } from '../../gateway/messaging-gateway.js'

/** What the metrics read from the database and the process at scrape time. */
export interface MetricSources {
  /** WS accounts (numbers) of every tenant by status */
  accountsByStatus(): Promise<Record<string, number>>
  /** outbox rows waiting or being sent, and the age of the oldest */
  outboxDepth(): Promise<{ pending: number; oldestAgeMs: number | null }>
  /** accounts whose WhatsApp socket this process holds */
  heldAccounts(): number
  /** the WhatsApp Web version this process announces (the real network only) */
  waVersion?(): { text: string; source: string } | undefined
}

/**
 * The server's Prometheus metrics, one registry per app instance (several apps in one process,
 * as in tests, never share counters). Gauges are read from the database on scrape; counters are
 * incremented where sends, failures, requests and inbound messages happen.
 */
export class OpsMetrics {
  readonly registry = new Registry()
  private readonly http: Counter<'status'>
  private readonly sends: Counter<'result'>
  private readonly failures: Counter<'reason'>
  private readonly inboundLag: Histogram
  private readonly versionRejections: Counter

  constructor(sources: MetricSources) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.http = new Counter({
      name: 'wsdesk_http_requests_total',
      help: 'HTTP responses by status code',
      labelNames: ['status'],
      registers,
    })
    this.sends = new Counter({
      name: 'wsdesk_sends_total',
      help: 'Sends handed to WhatsApp by the outbox, by result (sent, or the gateway error code)',
      labelNames: ['result'],
      registers,
    })
    this.failures = new Counter({
      name: 'wsdesk_send_failures_total',
      help: 'Outbound messages that ended failed, by failure reason',
      labelNames: ['reason'],
      registers,
    })
    this.inboundLag = new Histogram({
      name: 'wsdesk_inbound_lag_seconds',
      help: 'Live inbound messages: WhatsApp timestamp to stored',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    })
    new Gauge({
      name: 'wsdesk_accounts',
      help: 'WS accounts (numbers) of all tenants by status',
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset()
        for (const [status, n] of Object.entries(await sources.accountsByStatus())) this.set({ status }, n)
      },
    })
    // one query answers both outbox gauges: the first collected in a scrape asks, the other reuses it
    let pendingDepth: Promise<{ pending: number; oldestAgeMs: number | null }> | null = null
    const outbox = () => {
      pendingDepth ??= sources.outboxDepth().finally(() => {
        pendingDepth = null
      })
      return pendingDepth
    }
    new Gauge({
      name: 'wsdesk_outbox_depth',
      help: 'Outbox messages waiting or being sent',
      registers,
      async collect() {
        this.set((await outbox()).pending)
      },
    })
    new Gauge({
      name: 'wsdesk_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox message waiting or being sent (0 when none)',
      registers,
      async collect() {
        this.set(((await outbox()).oldestAgeMs ?? 0) / 1000)
      },
    })
    this.versionRejections = new Counter({
      name: 'wsdesk_wa_version_rejections_total',
      help: 'Connections WhatsApp refused for an outdated client version (405)',
      registers,
    })
    new Gauge({
      name: 'wsdesk_wa_version_info',
      help: 'The WhatsApp Web version this process announces (1), with where it came from',
      labelNames: ['version', 'source'],
      registers,
      collect() {
        this.reset()
        const v = sources.waVersion?.()
        if (v) this.set({ version: v.text, source: v.source }, 1)
      },
    })
    new Gauge({
      name: 'wsdesk_process_accounts',
      help: 'WS accounts whose WhatsApp socket this process holds',
      registers,
      collect() {
        this.set(sources.heldAccounts())
      },
    })
  }

  response(status: number): void {
    this.http.inc({ status: String(status) })
  }

  sent(result: string): void {
    this.sends.inc({ result })
  }

  failed(reason: string): void {
    this.failures.inc({ reason })
  }

  /** A status of an account's link: each refusal of the client version shows as one (a retry or the wait after it). */
  linkStatus(status: AccountStatus): void {
    const reason =
      status.state === 'connecting' || status.state === 'reconnecting' ? status.reason : undefined
    if (reason === 'client_outdated') this.versionRejections.inc()
  }

  inbound(lagMs: number): void {
    this.inboundLag.observe(Math.max(0, lagMs) / 1000)
  }

  text(): Promise<string> {
    return this.registry.metrics()
  }
}

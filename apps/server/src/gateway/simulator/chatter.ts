import type { Cancel } from '../clock.js'
import { revealPhone, type SimAddressing } from './addressing.js'
import { COUNTRIES, FIRST_NAMES, LINES, PLACES, REPLIES } from './phrases.js'
import type { CustomerContent, SimMessage } from './types.js'
import type { SimWorld } from './world.js'

export interface ChatterOptions {
  /** messages per minute over all linked accounts (Poisson arrivals); 0 sends none */
  ratePerMinute: number
  /** size of the simulated customer pool */
  customers?: number
  /** chance that a message comes from a customer new to that account */
  newCustomerShare?: number
  /** chance that a customer answers a message an account sent them */
  replyProbability?: number
  replyDelayMs?: [number, number]
  /** share of messages that are not text */
  mediaShare?: number
  /**
   * some customers addressed by WhatsApp's hidden id, as the real network does: one in five with
   * the phone alongside, one in five with the phone left out until it is revealed to the accounts
   * after the customer's third message (off by default: benchmarks keep the plain phone shape)
   */
  hiddenIds?: boolean
}

type Send = (from: string, to: string, content: CustomerContent) => SimMessage

/** How the pool's customers are addressed, slot by slot, when hidden ids are on. */
const HIDDEN_BY_SLOT: (SimAddressing | undefined)[] = [undefined, 'lid', undefined, 'lid-hidden', undefined]
const REVEAL_AFTER = 3

/**
 * Simulated customers writing in to linked accounts, on the world's clock and its seeded PRNG:
 * the demo turns it on gently, the inbound benchmark floods with it (`burst`). Off by default.
 */
export class SimChatter {
  private opts: Required<ChatterOptions> | undefined
  private cancel: Cancel | undefined
  private pool: string[] = []
  private readonly known = new Map<string, { set: Set<string>; list: string[] }>()
  private readonly hiddenSent = new Map<string, number>()
  private readonly rng
  private readonly onReceived = (m: SimMessage, customer: string) => this.maybeReply(m, customer)

  constructor(
    private readonly world: SimWorld,
    private readonly send: Send,
  ) {
    this.rng = world.rng.fork('chatter')
  }

  get running(): boolean {
    return this.opts !== undefined
  }

  start(opts: ChatterOptions): void {
    this.stop()
    this.opts = {
      customers: 200,
      newCustomerShare: 0.3,
      replyProbability: 0.3,
      replyDelayMs: [5_000, 90_000],
      mediaShare: 0.15,
      hiddenIds: false,
      ...opts,
    }
    this.world.onCustomerReceived.add(this.onReceived)
    this.scheduleNext()
  }

  stop(): void {
    this.cancel?.()
    this.cancel = undefined
    this.opts = undefined
    this.world.onCustomerReceived.delete(this.onReceived)
  }

  /** Send `count` messages at once (benchmarks); returns what was sent. */
  burst(count: number, opts: Partial<ChatterOptions> = {}): SimMessage[] {
    const saved = this.opts
    this.opts = {
      ratePerMinute: 0,
      customers: 200,
      newCustomerShare: 0.3,
      replyProbability: 0,
      replyDelayMs: [0, 0],
      mediaShare: 0.15,
      hiddenIds: false,
      ...saved,
      ...opts,
    }
    const out: SimMessage[] = []
    for (let i = 0; i < count; i++) {
      const m = this.one()
      if (m) out.push(m)
    }
    this.opts = saved
    return out
  }

  /** The customer numbers of the pool (created on first use). */
  customers(): string[] {
    const want = this.opts?.customers ?? 200
    while (this.pool.length < want) {
      const [cc, len] = this.rng.pick(COUNTRIES)
      const number = `${cc}${this.rng.int(1, 9)}${this.rng.digits(len - 1)}`
      if (this.world.phone(number)) continue
      const p = this.world.ensurePhone(number, {
        name: `${this.rng.pick(FIRST_NAMES)} ${this.pool.length + 1}`,
      })
      // by the pool's order, not the PRNG: the same seed sends the same messages either way
      if (this.opts?.hiddenIds) p.addressing = HIDDEN_BY_SLOT[this.pool.length % HIDDEN_BY_SLOT.length]
      this.pool.push(number)
    }
    return this.pool
  }

  private scheduleNext(): void {
    const o = this.opts
    if (!o || o.ratePerMinute <= 0) return
    const meanMs = 60_000 / o.ratePerMinute
    const wait = Math.max(1, Math.round(-Math.log(1 - this.rng.float()) * meanMs))
    this.cancel = this.world.later(wait, () => {
      this.one()
      this.scheduleNext()
    })
  }

  private onlineAccounts(): string[] {
    const out: string[] = []
    for (const n of this.world.accountNumbers) {
      const p = this.world.phone(n)
      if (p && p.bannedAt === undefined && [...p.devices.values()].some((s) => s.device)) out.push(n)
    }
    return out.sort()
  }

  private one(): SimMessage | undefined {
    const o = this.opts
    const accounts = this.onlineAccounts()
    if (!o || accounts.length === 0) return undefined
    const account = this.rng.pick(accounts)
    const pool = this.customers()
    const known = this.known.get(account) ?? { set: new Set<string>(), list: [] }
    this.known.set(account, known)
    const from =
      known.list.length === 0 || this.rng.chance(o.newCustomerShare)
        ? this.freshCustomer(pool, known.set)
        : this.rng.pick(known.list)
    if (!known.set.has(from)) {
      known.set.add(from)
      known.list.push(from)
    }
    const sent = this.send(from, account, this.content(o.mediaShare))
    this.revealLater(from)
    return sent
  }

  /** A customer whose phone WhatsApp left out gets it revealed to the accounts after its third message. */
  private revealLater(customer: string): void {
    if (this.world.phone(customer)?.addressing !== 'lid-hidden') return
    const sent = (this.hiddenSent.get(customer) ?? 0) + 1
    this.hiddenSent.set(customer, sent)
    if (sent >= REVEAL_AFTER) revealPhone(this.world, customer)
  }

  /** A customer who has not written to this account yet (any customer once the pool is used up). */
  private freshCustomer(pool: string[], known: Set<string>): string {
    for (let i = 0; i < 8; i++) {
      const c = this.rng.pick(pool)
      if (!known.has(c)) return c
    }
    return pool.find((c) => !known.has(c)) ?? this.rng.pick(pool)
  }

  private content(mediaShare: number): CustomerContent {
    if (!this.rng.chance(mediaShare)) return { kind: 'text', text: this.rng.pick(LINES) }
    const r = this.rng.float()
    if (r < 0.35) return { kind: 'image', caption: this.rng.chance(0.5) ? this.rng.pick(LINES) : undefined }
    if (r < 0.6) return { kind: 'audio', voiceNote: true, seconds: this.rng.int(1, 30) }
    if (r < 0.7) {
      const [name, lat, lng] = this.rng.pick(PLACES)
      return { kind: 'location', latitude: lat, longitude: lng, name }
    }
    if (r < 0.8)
      return { kind: 'contact', name: this.rng.pick(FIRST_NAMES), phone: `86138${this.rng.digits(8)}` }
    if (r < 0.9) return { kind: 'document', fileName: 'order.txt' }
    if (r < 0.95) return { kind: 'sticker' }
    return { kind: 'video', caption: 'video', seconds: this.rng.int(2, 20) }
  }

  private maybeReply(m: SimMessage, customer: string): void {
    const o = this.opts
    if (!o || m.to !== customer || !m.viaDevice || !this.rng.chance(o.replyProbability)) return
    const delay = this.rng.between(o.replyDelayMs)
    const text = this.rng.pick(REPLIES)
    this.world.later(delay, () => {
      if (this.opts && this.world.phone(m.from)?.bannedAt === undefined)
        this.send(customer, m.from, { kind: 'text', text })
    })
  }
}

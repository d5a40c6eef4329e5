import { type ProductAccountState, toAccountState } from './account-state.js'
import { type Cancel, type Clock, systemClock } from './clock.js'
import type {
  AccountId,
  AccountStatus,
  LoginRequest,
  MessagingGateway,
  ProxyConfig,
} from './messaging-gateway.js'

/**
 * Who may hold an account's socket. Two live sockets with the same creds push each other out
 * (440), so exactly one holder may connect an account. `MemoryLease` serves one process; a
 * database lease (row per account with holder and expiry, renewed on a timer) plugs in here when
 * several gateway workers share the accounts.
 */
export interface AccountLease {
  /** Try to become the holder; false when someone else holds it. */
  acquire(accountId: AccountId): Promise<boolean>
  release(accountId: AccountId): Promise<void>
  /** Extend the leases held; resolves to the accounts that were lost (taken over or expired). */
  renew?(accountIds: AccountId[]): Promise<AccountId[]>
}

export class MemoryLease implements AccountLease {
  private readonly held = new Set<AccountId>()
  async acquire(accountId: AccountId): Promise<boolean> {
    if (this.held.has(accountId)) return false
    this.held.add(accountId)
    return true
  }
  async release(accountId: AccountId): Promise<void> {
    this.held.delete(accountId)
  }
  isHeld(accountId: AccountId): boolean {
    return this.held.has(accountId)
  }
}

/**
 * The other server processes, when several share the accounts: who holds an account, and a way
 * to ask the holder to act on it.
 */
export interface RuntimePeers {
  /** this process's id */
  readonly self: string
  holderOf(accountId: AccountId): Promise<string | undefined>
  call(holder: string, op: PeerOp, accountId: AccountId, proxy?: ProxyConfig): Promise<unknown>
}
export type PeerOp = 'start' | 'stop' | 'logout' | 'handOff'

type StatusListener = (
  accountId: AccountId,
  status: AccountStatus,
  state: ProductAccountState,
) => void | Promise<void>

export interface RuntimeOptions {
  gateway: MessagingGateway
  lease?: AccountLease
  /** the other processes holding accounts (several processes); unset: this process is alone */
  peers?: RuntimePeers
  /** every status change, with the product state it maps to (push it over Socket.IO, store it) */
  onStatus?: StatusListener
  /** accounts resumed at once by `resumeAll` */
  resumeConcurrency?: number
  /** how often to renew leases, when the lease supports it */
  renewIntervalMs?: number
  clock?: Clock
  onError?: (error: unknown, accountId?: AccountId) => void
}

export type StartResult = 'started' | 'already_running' | 'held_elsewhere'

/**
 * Whether an account should be reconnected when the server starts, from the product state it
 * had when the server stopped. A shutdown does not report the closing sockets, so a cleanly
 * stopped server and a crashed one leave the same states behind. An account waiting for a
 * WhatsApp version that is accepted tries once more: the new start may bring a newer one.
 */
export function shouldResumeOnStart(state: ProductAccountState): boolean {
  return (
    state.state === 'online' ||
    (state.state === 'abnormal' &&
      (state.reason === 'network_fault' ||
        state.reason === 'key_error' ||
        state.reason === 'update_required'))
  )
}

/**
 * The accounts this process connects: one live socket per account (behind a lease), resume on
 * start, close everything (without logging out) on shutdown, and status changes forwarded.
 */
export class AccountRuntime {
  private readonly lease: AccountLease
  private readonly held = new Set<AccountId>()
  /** accounts handed to another process: the statuses of their closing connection are not ours to report */
  private readonly quiet = new Set<AccountId>()
  private readonly locks = new Map<AccountId, Promise<unknown>>()
  private readonly unsubscribe: () => void
  private cancelRenew: Cancel | undefined
  private shuttingDown = false
  private renewing = false

  constructor(private readonly opts: RuntimeOptions) {
    this.lease = opts.lease ?? new MemoryLease()
    this.unsubscribe = opts.gateway.on('status', ({ accountId, status }) => this.onStatus(accountId, status))
    if (this.lease.renew && opts.renewIntervalMs) this.scheduleRenew(opts.renewIntervalMs)
  }

  /** Accounts whose socket this process holds. */
  heldAccounts(): AccountId[] {
    return [...this.held].sort()
  }

  isHeld(accountId: AccountId): boolean {
    return this.held.has(accountId)
  }

  /** Connect a linked account (stored auth). */
  start(accountId: AccountId, proxy?: ProxyConfig): Promise<StartResult> {
    return this.exclusive(accountId, async () => {
      const live = this.held.has(accountId) && isLive(this.opts.gateway.getStatus(accountId))
      if (live) return 'already_running'
      const holder = await this.holderElsewhere(accountId)
      if (holder) return (await this.peers(holder, 'start', accountId, proxy)) as StartResult
      if (!(await this.hold(accountId))) return 'held_elsewhere'
      try {
        await this.opts.gateway.resume(accountId, proxy)
      } catch (e) {
        await this.drop(accountId)
        throw e
      }
      return 'started'
    })
  }

  /** Begin a new link (QR or pairing code); progress arrives through `onStatus`. */
  login(accountId: AccountId, req: LoginRequest): Promise<StartResult> {
    return this.exclusive(accountId, async () => {
      // close a live socket first: its closing status would otherwise release the new login's lease
      if (this.held.has(accountId)) await this.opts.gateway.disconnect(accountId)
      // a connection held by another process is closed there first, quietly: the login is here
      const holder = await this.holderElsewhere(accountId)
      if (holder) await this.peers(holder, 'handOff', accountId)
      if (!(await this.hold(accountId))) return 'held_elsewhere'
      try {
        await this.opts.gateway.login(accountId, req)
      } catch (e) {
        await this.drop(accountId)
        throw e
      }
      return 'started'
    })
  }

  /** Close the socket and keep auth. */
  stop(accountId: AccountId): Promise<void> {
    return this.exclusive(accountId, async () => {
      const holder = await this.holderElsewhere(accountId)
      if (holder) return void (await this.peers(holder, 'stop', accountId))
      await this.opts.gateway.disconnect(accountId)
      await this.drop(accountId)
    })
  }

  /** Unlink the device and wipe auth. */
  logout(accountId: AccountId): Promise<void> {
    return this.exclusive(accountId, async () => {
      const holder = await this.holderElsewhere(accountId)
      if (holder) return void (await this.peers(holder, 'logout', accountId))
      await this.opts.gateway.logout(accountId)
      await this.drop(accountId)
    })
  }

  /**
   * Close the connection without reporting it and give the lease back, so another process takes
   * the account over from its stored auth (scaling out, or a login started elsewhere).
   */
  handOff(accountId: AccountId): Promise<void> {
    return this.exclusive(accountId, async () => {
      if (!this.held.has(accountId)) return
      this.quiet.add(accountId)
      try {
        await this.opts.gateway.disconnect(accountId)
      } finally {
        await this.drop(accountId)
      }
    })
  }

  /** Reconnect the given linked accounts, a few at a time; failures do not stop the others. */
  async resumeAll(accounts: { accountId: AccountId; proxy?: ProxyConfig }[]) {
    const result = {
      started: [] as AccountId[],
      skipped: [] as AccountId[],
      failed: [] as { accountId: AccountId; error: unknown }[],
    }
    const queue = [...accounts]
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          const r = await this.start(next.accountId, next.proxy)
          if (r === 'started') result.started.push(next.accountId)
          else result.skipped.push(next.accountId)
        } catch (error) {
          result.failed.push({ accountId: next.accountId, error })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, this.opts.resumeConcurrency ?? 4) }, worker))
    return result
  }

  /** Close every socket without logging out and give the leases back. Statuses of the closing sockets are not forwarded. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true
    this.cancelRenew?.()
    await Promise.all(
      [...this.held].map((id) =>
        this.exclusive(id, async () => {
          try {
            await this.opts.gateway.disconnect(id)
          } catch (e) {
            this.opts.onError?.(e, id)
          }
          await this.drop(id)
        }),
      ),
    )
    this.unsubscribe()
  }

  private async onStatus(accountId: AccountId, status: AccountStatus): Promise<void> {
    if (this.shuttingDown || this.quiet.has(accountId)) return
    // a closed socket holds nothing: let another worker (or a later start) have the account
    if (status.state === 'closed' && this.held.has(accountId)) await this.drop(accountId)
    try {
      await this.opts.onStatus?.(accountId, status, toAccountState(status))
    } catch (e) {
      this.opts.onError?.(e, accountId)
    }
  }

  private async hold(accountId: AccountId): Promise<boolean> {
    if (this.held.has(accountId)) return true
    if (!(await this.lease.acquire(accountId))) return false
    this.quiet.delete(accountId)
    this.held.add(accountId)
    return true
  }

  /** The other process holding the account, when there are peers and it is not this one. */
  private async holderElsewhere(accountId: AccountId): Promise<string | undefined> {
    const peers = this.opts.peers
    if (!peers || this.held.has(accountId)) return undefined
    const holder = await peers.holderOf(accountId)
    return holder && holder !== peers.self ? holder : undefined
  }

  private peers(holder: string, op: PeerOp, accountId: AccountId, proxy?: ProxyConfig): Promise<unknown> {
    return (this.opts.peers as RuntimePeers).call(holder, op, accountId, proxy)
  }

  private async drop(accountId: AccountId): Promise<void> {
    if (!this.held.delete(accountId)) return
    await this.lease.release(accountId)
  }

  /** Fixed-rate renewal; a renewal still running when the next is due is not doubled. */
  private scheduleRenew(every: number): void {
    const clock = this.opts.clock ?? systemClock
    this.cancelRenew = clock.schedule(every, () => {
      if (this.shuttingDown) return
      this.scheduleRenew(every)
      if (!this.renewing) void this.renew()
    })
  }

  private async renew(): Promise<void> {
    this.renewing = true
    try {
      const lost = (await this.lease.renew?.([...this.held])) ?? []
      for (const id of lost) {
        this.held.delete(id) // no longer ours: close our socket without releasing someone else's lease
        this.quiet.add(id) // and without reporting it: the new holder reports the account
        await this.opts.gateway.disconnect(id)
      }
    } catch (e) {
      this.opts.onError?.(e)
    } finally {
      this.renewing = false
    }
  }

  /** One operation per account at a time. */
  private exclusive<T>(accountId: AccountId, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(accountId) ?? Promise.resolve()
    const run = prev.catch(() => undefined).then(fn)
    const tail = run.catch(() => undefined)
    this.locks.set(accountId, tail)
    void tail.then(() => {
      if (this.locks.get(accountId) === tail) this.locks.delete(accountId)
    })
    return run
  }
}

function isLive(status: AccountStatus | undefined): boolean {
  return status !== undefined && status.state !== 'closed'
}

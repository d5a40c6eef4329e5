import type { Logger } from 'pino'
import type { Engine } from '../engines/engines.js'
import type { AccountId, ProxyConfig } from '../gateway/messaging-gateway.js'
import type { AccountRuntime } from '../gateway/runtime.js'
import type { DbAccountLease } from './account-lease.js'
import type { Members } from './members.js'

export interface TakeoverDeps {
  runtime: AccountRuntime
  lease: DbAccountLease
  members: Members
  /** linked accounts that should be connected (they were up when their holder last reported) */
  wanted: () => Promise<{ accountId: AccountId; proxy?: ProxyConfig }[]>
  /** connect these from their stored auth (failures are handled and logged there) */
  resume: (accounts: { accountId: AccountId; proxy?: ProxyConfig }[]) => Promise<void>
  everyMs: number
  log: Logger
}

/**
 * How several processes share the accounts without hand sharding: every few seconds each process
 * beats its membership, works out its fair share (the accounts to run over the processes alive),
 * takes accounts nobody holds (never linked here, or whose holder died and stopped renewing) up to
 * that share, and hands accounts above it back so a process that joined later gets its part.
 */
export class AccountTakeover implements Engine {
  readonly name = 'account-takeover'
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = true

  constructor(private readonly deps: TakeoverDeps) {}

  async start(): Promise<void> {
    this.stopped = false
    try {
      await this.tick()
    } catch (err) {
      this.deps.log.error({ err }, 'account takeover failed; tried again shortly')
    }
    this.schedule()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running
    await this.deps.members.leave().catch(() => undefined)
  }

  /** One round (tests drive it directly). */
  async tick(): Promise<void> {
    const { runtime, lease, members, log } = this.deps
    await members.beat()
    const alive = new Set(await members.alive())
    alive.add(members.self)
    const wanted = await this.deps.wanted()
    const held = new Set(runtime.heldAccounts())
    const share = Math.ceil(wanted.length / alive.size)
    if (held.size > share && alive.size > 1) {
      const extra = [...held].slice(share)
      for (const id of extra)
        await runtime.handOff(id).catch((err) => log.warn({ err, accountId: id }, 'hand-off failed'))
      log.info(
        { handedOff: extra.length, share, processes: alive.size },
        'accounts handed to other processes',
      )
      return
    }
    const taken = await lease.heldAnywhere()
    const orphans = wanted.filter((a) => !held.has(a.accountId) && !taken.has(Number(a.accountId)))
    const room = share - held.size
    if (orphans.length === 0 || room <= 0) return
    // spread the orphans: processes racing for the same ones mostly pick different ones
    const pick = shuffle(orphans).slice(0, room)
    await this.deps.resume(pick)
    log.info({ taken: pick.length, share, processes: alive.size }, 'accounts taken over')
  }

  private schedule(): void {
    if (this.stopped) return
    // a little jitter, so processes started together do not scan in step
    this.timer = setTimeout(
      () => {
        this.running = this.tick()
          .catch((err: unknown) => this.deps.log.error({ err }, 'account takeover failed'))
          .finally(() => {
            this.running = null
            this.schedule()
          })
      },
      this.deps.everyMs * (0.8 + Math.random() * 0.4),
    )
    this.timer.unref()
  }
}

function shuffle<T>(list: T[]): T[] {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

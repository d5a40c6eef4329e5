import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { createAdapter } from '@socket.io/redis-adapter'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { Server } from 'socket.io'
import type { Db } from '../db/index.js'
import type { Engine } from '../engines/engines.js'
import type { AccountId, MessagingGateway, ProxyConfig } from '../gateway/messaging-gateway.js'
import type { AccountRuntime, PeerOp, RuntimePeers } from '../gateway/runtime.js'
import { DbAccountLease } from './account-lease.js'
import { ProcessBus } from './bus.js'
import { clusterGateway } from './cluster-gateway.js'
import { heardCommands } from './heard-commands.js'
import { Members } from './members.js'
import { LocalSignals, RedisSignals, type Signals } from './signals.js'
import { AccountTakeover } from './takeover.js'

export interface ClusterConfig {
  REDIS_URL?: string
  REDIS_PREFIX: string
  ACCOUNT_LEASE_MS: number
}

type Wanted = () => Promise<{ accountId: AccountId; proxy?: ProxyConfig }[]>
type Resume = (accounts: { accountId: AccountId; proxy?: ProxyConfig }[]) => Promise<void>

/**
 * One process, or several sharing the accounts. Alone (no REDIS_URL) the accounts are this
 * process's and signals stay in it. With REDIS_URL: leases on accounts in the database, a
 * membership and a process bus in Redis, the Socket.IO Redis adapter, and signals over pub/sub.
 */
export interface Cluster {
  readonly self: string
  readonly signals: Signals
  readonly lease?: DbAccountLease
  readonly peers?: RuntimePeers
  /** the gateway every module but the runtime uses: calls on accounts held elsewhere run there */
  route(gateway: MessagingGateway, runtime: AccountRuntime): MessagingGateway
  /** the engine sharing the accounts among the processes alive; null when alone */
  takeover(runtime: AccountRuntime, wanted: Wanted, resume: Resume): Engine | null
  /** Socket.IO rooms across processes */
  adapt(io: Server): void
  close(): Promise<void>
}

export async function startCluster(config: ClusterConfig, db: Db, logger: Logger): Promise<Cluster> {
  const self = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  if (!config.REDIS_URL) {
    return {
      self,
      signals: new LocalSignals(),
      route: (gateway) => gateway,
      takeover: () => null,
      adapt: () => undefined,
      close: async () => undefined,
    }
  }
  const log = logger.child({ module: 'cluster', process: self })
  const prefix = config.REDIS_PREFIX
  // commands wait for Redis while it is away (the adapter's and the subscriptions' would otherwise fail unheard)
  const connect = (waits = false) => {
    const client = new Redis(config.REDIS_URL as string, { maxRetriesPerRequest: waits ? null : 2 })
    client.on('error', (err) => log.warn({ err: err.message }, 'redis error'))
    return client
  }
  const pub = connect()
  const sub = connect()
  const adapterPub = connect(true)
  const adapterSub = connect(true)
  const bus = new ProcessBus(pub, sub, prefix, self)
  // Redis may be away at start: the process comes up (not ready on /readyz) and joins when it is back
  await bus.start((err) => log.warn({ err: (err as Error).message }, 'process bus not listening yet'))
  const signals = new RedisSignals(pub, sub, prefix, self)
  const lease = new DbAccountLease(db, self, config.ACCOUNT_LEASE_MS)
  const members = new Members(pub, prefix, self, config.ACCOUNT_LEASE_MS)
  const peers: RuntimePeers = {
    self,
    holderOf: (id) => lease.holderOf(id),
    call: (holder, op, accountId, proxy) => bus.call(holder, 'runtime', [op, accountId, proxy]),
  }
  log.info('several processes: accounts leased in the database, events and calls through Redis')
  return {
    self,
    signals,
    lease,
    peers,
    route(gateway, runtime) {
      bus.handle('runtime', async (op, accountId, proxy) => {
        const id = accountId as AccountId
        switch (op as PeerOp) {
          case 'start':
            return runtime.start(id, proxy as ProxyConfig | undefined)
          case 'stop':
            return runtime.stop(id)
          case 'logout':
            return runtime.logout(id)
          case 'handOff':
            return runtime.handOff(id)
        }
      })
      return clusterGateway(gateway, {
        isHeld: (id) => runtime.isHeld(id),
        holderOf: (id) => lease.holderOf(id),
        bus,
        signals,
      })
    },
    takeover(runtime, wanted, resume) {
      return new AccountTakeover({
        runtime,
        lease,
        members,
        wanted,
        resume,
        everyMs: Math.max(1_000, Math.floor(config.ACCOUNT_LEASE_MS / 3)),
        log,
      })
    },
    adapt(io) {
      const unheard = (err: Error) => log.warn({ err: err.message }, 'socket.io adapter command failed')
      io.adapter(
        createAdapter(heardCommands(adapterPub, unheard), heardCommands(adapterSub, unheard), {
          key: `${prefix}socket.io`,
        }),
      )
    },
    async close() {
      bus.close()
      await members.leave().catch(() => undefined)
      for (const c of [pub, sub, adapterPub, adapterSub]) c.disconnect()
    },
  }
}

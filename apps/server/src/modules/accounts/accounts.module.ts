import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Cluster } from '../../cluster/cluster.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { Engine } from '../../engines/engines.js'
import { isGatewayError, type MessagingGateway, type ProductAccountState } from '../../gateway/port.js'
import { AccountRuntime, shouldResumeOnStart } from '../../gateway/runtime.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import type { PortsRepository } from '../ports/ports.repository.js'
import { accountGroupsRoutes } from './account-groups.routes.js'
import { AccountGroupsService } from './account-groups.service.js'
import { AccountLoginService, storedProxy } from './accounts.login.js'
import { AccountsRepository } from './accounts.repository.js'
import { accountsRoutes } from './accounts.routes.js'
import { AccountsService } from './accounts.service.js'
import { AccountStatusSync } from './accounts.status.js'
import { acquisitionRoutes } from './acquisition.routes.js'
import { AcquisitionService } from './acquisition.service.js'

export interface AccountsDeps {
  db: Db
  config: Config
  logger: Logger
  gateway: MessagingGateway
  hub: RealtimeHub
  ports: PortsRepository
  /** one process, or several sharing the accounts under leases */
  cluster: Cluster
}

/**
 * WS accounts: linking by QR or pairing code (each holds a port), their live status, groups,
 * import and acquisition statistics. The returned engine resumes, at start, the accounts that
 * were up when the server stopped, and closes every link on stop without logging out; with several
 * processes it takes its share of the accounts nobody holds, now and every few seconds. The returned
 * `gateway` is the one other modules use: a call on an account another process holds runs there.
 */
export function installAccounts(app: FastifyInstance, deps: AccountsDeps) {
  const { db, config, logger, hub, ports, cluster } = deps
  const log = logger.child({ module: 'accounts' })
  const repo = new AccountsRepository(db)
  const sync = new AccountStatusSync(db, repo, ports, hub, log)
  const runtime = new AccountRuntime({
    gateway: deps.gateway,
    lease: cluster.lease,
    peers: cluster.peers,
    renewIntervalMs: cluster.lease ? Math.floor(cluster.lease.ttlMs / 3) : undefined,
    onStatus: (id, status) => sync.onStatus(Number(id), status),
    onError: (err, accountId) => log.error({ err, accountId }, 'account status not applied'),
  })
  sync.unlink = (id) => runtime.logout(String(id))
  const gateway = cluster.route(deps.gateway, runtime)
  const groups = new AccountGroupsService(db)
  const login = new AccountLoginService(gateway, repo, ports, runtime, sync)
  const accounts = new AccountsService(db, repo, groups, login)
  accountsRoutes(app, accounts, login)
  accountGroupsRoutes(app, groups)
  const acquisition = new AcquisitionService(db)
  acquisitionRoutes(app, acquisition, config.LOGIN_RATE_PER_MINUTE)

  /** Linked accounts that were up when their process last reported them. */
  async function wanted() {
    const linked = await repo.systemLinked()
    return linked
      .filter((a) =>
        shouldResumeOnStart({ state: a.status, reason: a.abnormal_reason } as ProductAccountState),
      )
      .map((a) => ({ accountId: String(a.id), proxy: storedProxy(a.proxy) }))
  }
  /** Reconnect, from stored auth, the linked accounts that were up when the server stopped. */
  async function resumeLinked(): Promise<void> {
    await resume(await wanted())
  }
  async function resume(accounts: { accountId: string; proxy?: ReturnType<typeof storedProxy> }[]) {
    const { started, failed } = await runtime.resumeAll(accounts)
    for (const f of failed) {
      if (isGatewayError(f.error) && f.error.code === 'not_linked')
        await sync.systemStore(Number(f.accountId), { linked: 0, status: 'offline' })
      else log.warn({ err: f.error, accountId: f.accountId }, 'resume failed')
    }
    log.info({ resumed: started.length, failed: failed.length }, 'linked accounts resumed')
  }
  const takeover = cluster.takeover(runtime, wanted, resume)
  const links: Engine = {
    name: 'account-links',
    start: () => (takeover ? takeover.start() : resumeLinked()),
    stop: async () => {
      await takeover?.stop()
      await runtime.shutdown()
    },
  }

  /** An account whose port ended (expired, refunded) is logged out and shown offline. */
  async function logOutWithoutPort(accountId: number): Promise<void> {
    await runtime.logout(String(accountId)).catch(() => undefined)
    await sync.systemStore(accountId, {
      linked: 0,
      status: 'offline',
      abnormal_reason: null,
      last_error: 'port_expired',
    })
  }

  return { accounts, login, runtime, gateway, sync, links, takeover, logOutWithoutPort, acquisition }
}

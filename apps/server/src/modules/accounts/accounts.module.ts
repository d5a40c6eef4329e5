import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Cluster } from '../../cluster/cluster.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { type Engine, EngineStage, type Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import {
  isGatewayError,
  type MessagingGateway,
  type ProductAccountState,
} from '../../gateway/messaging-gateway.js'
import { AccountRuntime, shouldResumeOnStart } from '../../gateway/runtime.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import type { PortsLedger } from '../ports/index.js'
import { AccountDirectory } from './account.directory.js'
import { AccountAssignments } from './account-assignments.js'
import { accountGroupsRoutes } from './account-groups.routes.js'
import { AccountGroupsService } from './account-groups.service.js'
import { AccountLoginService, storedProxy } from './accounts.login.js'
import { AccountsRepository } from './accounts.repository.js'
import { accountsRoutes } from './accounts.routes.js'
import { AccountsService } from './accounts.service.js'
import { AccountStatusSync } from './accounts.status.js'
import { acquisitionRoutes } from './acquisition.routes.js'
import { AcquisitionService, type AcquisitionSources } from './acquisition.service.js'

/** Start-up: relinks every linked account. */
const system = openSystemScope('modules/accounts/accounts.module')

export interface AccountsDeps {
  db: Db
  config: Config
  logger: Logger
  gateway: MessagingGateway
  hub: RealtimeHub
  /** where an account's new link status is announced to the modules */
  events: Pick<EventBus, 'publish'>
  ports: PortsLedger
  /** one process, or several sharing the accounts under leases */
  cluster: Cluster
  /** the guard of addresses tenants set: an account's proxy is refused when saved on this machine or a private network */
  outbound: Pick<OutboundGuard, 'checkHostForSave'>
  /** the per-link and per-agent breakdowns of the acquisition statistics (the diversion module's read) */
  diversion?: AcquisitionSources
  engines: Engines
}

/**
 * WS accounts: linking by QR or pairing code (each holds a port), their live status, groups,
 * import and acquisition statistics. Its engine resumes, at start, the accounts that
 * were up when the server stopped, and closes every link on stop without logging out; with several
 * processes it takes its share of the accounts nobody holds, now and every few seconds. The returned
 * `gateway` is the one other modules use: a call on an account another process holds runs there.
 */
export function installAccounts(app: FastifyInstance, deps: AccountsDeps) {
  const { db, config, logger, hub, ports, cluster } = deps
  const log = logger.child({ module: 'accounts' })
  const repo = new AccountsRepository(db, cluster.lease !== undefined)
  const sync = new AccountStatusSync(db, repo, ports, hub, deps.events, log)
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
  const login = new AccountLoginService(gateway, repo, ports, runtime, sync, deps.outbound)
  const accounts = new AccountsService(db, repo, groups, login, deps.outbound)
  accountsRoutes(app, accounts, login)
  accountGroupsRoutes(app, groups)
  const acquisition = new AcquisitionService(db, deps.diversion)
  acquisitionRoutes(app, acquisition, config.LOGIN_RATE_PER_MINUTE)

  /** Linked accounts that were up when their process last reported them. */
  async function wanted() {
    const linked = await repo.systemLinked(system)
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
        await sync.systemStore(system, Number(f.accountId), { linked: 0, status: 'offline' })
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
    await sync.systemStore(system, accountId, {
      linked: 0,
      status: 'offline',
      abnormal_reason: null,
      last_error: 'port_expired',
    })
  }

  // an account whose port ended is logged out
  const portExpiry = ports.expiryEngine(
    logOutWithoutPort,
    config.PORT_EXPIRY_CHECK_MS,
    logger.child({ module: 'ports' }),
  )
  deps.engines.addAt(EngineStage.accounts, links)
  deps.engines.add(portExpiry)
  /** the reads other modules make of the accounts, and who works which account */
  const directory = new AccountDirectory(db, cluster.lease !== undefined)
  const assignments = new AccountAssignments(db)
  /** An account of the tenant, deleted ones included (a lost account's fans are handed over). */
  const findAny = (tenantId: number, id: number) => directory.withDeleted(tenantId, id)
  /** The tenant's accounts an agent may use (one, when `id` is given): the customers list's imports. */
  const usable = (tenantId: number, agentId: number | null, id?: number) =>
    directory.usableBy(tenantId, agentId, id)
  return {
    directory,
    assignments,
    usable,
    accounts,
    login,
    runtime,
    gateway,
    sync,
    links,
    takeover,
    logOutWithoutPort,
    acquisition,
    portExpiry,
    findAny,
  }
}

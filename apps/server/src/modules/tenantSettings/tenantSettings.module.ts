import { type AiUsageView, ChatHistoryPath, ErrorCode, MassSendPath, Role } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Signals } from '../../cluster/signals.js'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { AppError } from '../../http/errors.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import { listAgents, type UsersService } from '../users/index.js'
import { OptOutRules } from './opt-out.rules.js'
import { OptOutWords } from './platform-opt-out.js'
import { TenantSettingsRepository } from './tenantSettings.repository.js'
import { tenantSettingsRoutes } from './tenantSettings.routes.js'
import { TenantSettingsService } from './tenantSettings.service.js'

/** Start-up wiring: every tenant’s opt-out rules. */
const system = openSystemScope('modules/tenantSettings/tenantSettings.module')

/** The exports an agent (customerUser, customerUserLeader) can reach; the supervisor decides whether they may. */
const AGENT_EXPORT_PATHS: readonly string[] = [MassSendPath.export, ChatHistoryPath.export]
const AGENT_ROLES: readonly number[] = [Role.customerUser, Role.customerUserLeader]

export interface TenantSettingsDeps {
  db: Db
  /** refuses an AI provider address the server may not call */
  outbound: Pick<OutboundGuard, 'checkUrlForSave'>
  /** the platform's system settings: their opt-out words are in force for a tenant without its own */
  platform: { settings: { effectiveSystem(): Promise<{ optOutWords: readonly string[] }> } }
  /** today's AI use of a tenant (the AI reply module's read) */
  aiUsage: (tenantId: number) => Promise<AiUsageView>
  /** where a saved opt-out rule is told to the other processes */
  signals?: Signals
  /** the users module: the tenant's desk users are given the tenant's new default target language */
  users: Pick<UsersService, 'setTargetLanguage'>
}

/**
 * Tenant settings: the routes, the gate on agents' exports and the one owner of the opt-out rule
 * the inbound path applies (`optOut`: the tenant's words, else the platform's; installed before
 * the inbound path, which is given it).
 */
export function installTenantSettings(app: FastifyInstance, deps: TenantSettingsDeps) {
  const repo = new TenantSettingsRepository(deps.db)
  const platformOptOut = new OptOutWords(
    async () => (await deps.platform.settings.effectiveSystem()).optOutWords,
  )
  const optOut = new OptOutRules(() => repo.systemOptOutRules(system), platformOptOut.current, deps.signals)
  const service = new TenantSettingsService(
    repo,
    optOut,
    platformOptOut.current,
    // the supervisor and every agent of the tenant (each may choose another afterwards)
    async (caller, code) => {
      const people = [caller.userId, ...(await listAgents(deps.db, caller.tenantId)).map((a) => a.id)]
      for (const id of people) await deps.users.setTargetLanguage(caller.tenantId, id, code)
    },
    deps.outbound,
    deps.aiUsage,
  )
  void platformOptOut.refresh()
  void optOut.refresh()
  tenantSettingsRoutes(app, service)
  // an agent's export is refused while the supervisor keeps exports to themselves
  app.addHook('preHandler', async (req) => {
    const caller = req.caller
    if (!caller || !AGENT_ROLES.includes(caller.roleId)) return
    if (!AGENT_EXPORT_PATHS.includes(req.routeOptions.url ?? '')) return
    if (!(await service.agentExport(caller.tenantId))) throw new AppError(ErrorCode.exportNotAllowed)
  })
  return { service, optOut, platformOptOut }
}

type TenantSettings = ReturnType<typeof installTenantSettings>

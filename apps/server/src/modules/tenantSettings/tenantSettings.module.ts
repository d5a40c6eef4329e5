import { ChatHistoryPath, ErrorCode, MassSendPath, Role, type TranslateLanguageCode } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Signals } from '../../cluster/signals.js'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import { OptOutRules } from './opt-out.rules.js'
import { TenantSettingsRepository } from './tenantSettings.repository.js'
import { tenantSettingsRoutes } from './tenantSettings.routes.js'
import { TenantSettingsService } from './tenantSettings.service.js'

/** The exports an agent (customerUser, customerUserLeader) can reach; the supervisor decides whether they may. */
export const AGENT_EXPORT_PATHS: readonly string[] = [MassSendPath.export, ChatHistoryPath.export]
const AGENT_ROLES: readonly number[] = [Role.customerUser, Role.customerUserLeader]

export interface TenantSettingsDeps {
  db: Db
  /** the platform's opt-out words (the admin's system settings), in force for a tenant without its own */
  platformOptOutWords: () => readonly string[]
  /** where a saved opt-out rule is told to the other processes */
  signals?: Signals
  /** give the tenant's desk users a target language (the users module) */
  applyTargetLanguage: (caller: Caller, code: TranslateLanguageCode) => Promise<void>
  /** the inbound path, told where each tenant's opt-out rule comes from */
  inbound: {
    useOptOutWords(words: (tenantId: number) => readonly string[]): void
    useOptOutInvalid(invalid: (tenantId: number) => boolean): void
  }
}

/** Tenant settings: the routes, the opt-out rules of the inbound path and the gate on agents' exports. */
export function installTenantSettings(app: FastifyInstance, deps: TenantSettingsDeps) {
  const repo = new TenantSettingsRepository(deps.db)
  const optOut = new OptOutRules(() => repo.systemOptOutRules(), deps.platformOptOutWords, deps.signals)
  const service = new TenantSettingsService(repo, optOut, deps.platformOptOutWords, deps.applyTargetLanguage)
  deps.inbound.useOptOutWords(optOut.words)
  deps.inbound.useOptOutInvalid(optOut.marksInvalid)
  void optOut.refresh()
  tenantSettingsRoutes(app, service)
  // an agent's export is refused while the supervisor keeps exports to themselves
  app.addHook('preHandler', async (req) => {
    const caller = req.caller
    if (!caller || !AGENT_ROLES.includes(caller.roleId)) return
    if (!AGENT_EXPORT_PATHS.includes(req.routeOptions.url ?? '')) return
    if (!(await service.agentExport(caller.tenantId))) throw new AppError(ErrorCode.exportNotAllowed)
  })
  return { service, optOut }
}

export type TenantSettings = ReturnType<typeof installTenantSettings>

import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { TokenService } from '../auth/index.js'
import { PlatformStaff, TenantRegistry } from '../users/index.js'
import { platformRoutes } from './platform.routes.js'
import { PlatformScope } from './platform.scope.js'
import { SettingsRepository } from './settings.repository.js'
import { settingsRoutes } from './settings.routes.js'
import { SettingsService } from './settings.service.js'
import { StaffService } from './staff.service.js'
import { type StatusSources, SystemStatus } from './system-status.js'
import { type TenantSlots, TenantsService } from './tenants.service.js'

/** Start-up wiring: the status page counts. */
const system = openSystemScope('modules/platform/platform.module')

export interface PlatformDeps {
  db: Db
  tokens: TokenService
  /** ports, seats and numbers of tenants, and trial grants: billing and the accounts answer them */
  slots: () => TenantSlots
  status: Omit<StatusSources, 'tenantCount' | 'userCount'>
}

/** The scope and settings billing needs, made before billing so both can share them. */
export function platformCore(db: Db) {
  const staff = new PlatformStaff(db)
  const tenants = new TenantRegistry(db)
  const scope = new PlatformScope(staff, tenants)
  const settings = new SettingsService(new SettingsRepository(db), scope)
  /** How many tenants the platform has (the home page's figure). */
  const tenantCount = () => tenants.systemCount(system)
  return { staff, tenants, scope, settings, tenantCount }
}
export type PlatformCore = ReturnType<typeof platformCore>

/** Platform staff, tenants and supervisors, and the operations and system settings. */
export function installPlatform(app: FastifyInstance, core: PlatformCore, deps: PlatformDeps) {
  const { db, tokens } = deps
  // billing is assembled after this module; its answers are asked for only when a request comes
  const slots: TenantSlots = {
    counts: (...a) => deps.slots().counts(...a),
    tenantsEnding: (...a) => deps.slots().tenantsEnding(...a),
    grantTrial: (...a) => deps.slots().grantTrial(...a),
    accounts: (...a) => deps.slots().accounts(...a),
  }
  const tenants = new TenantsService(db, core.staff, core.tenants, core.scope, core.settings, tokens, slots)
  const staff = new StaffService(core.staff, core.tenants, core.scope, tokens, tenants)
  const status = new SystemStatus(db, {
    ...deps.status,
    tenantCount: () => core.tenants.systemCount(system),
    userCount: () => core.tenants.systemPeopleCount(system),
  })
  platformRoutes(app, staff, tenants)
  settingsRoutes(app, core.settings, status)
  return { staff, tenants }
}

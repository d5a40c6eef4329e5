// The users module's face: what the rest of the server may use of it.
export { AgentRoster } from './agent-roster.js'
export { listAgents } from './agents.query.js'
export { PlatformStaff } from './platform-staff.js'
export type { TenantFilter, TenantRow } from './tenant-admin.repository.js'
export { TenantRegistry } from './tenant-registry.js'
export {
  installUsers,
  signInLookups,
  tenantDirectory,
  tenantRiskFlags,
  tenantRiskStatus,
} from './users.module.js'

export { UsersService } from './users.service.js'
export { startUpTenants, startUpUsers } from './users.startup.js'

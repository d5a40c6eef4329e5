// The platform module's face: what the rest of the server may use of it.
export { installPlatform, type PlatformCore, platformCore } from './platform.module.js'
export type { PlatformScope } from './platform.scope.js'
export type { SettingsService } from './settings.service.js'
export type { TenantSlots } from './tenants.service.js'

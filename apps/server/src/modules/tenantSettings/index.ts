// The tenantSettings module's face: what the rest of the server may use of it.
export { installTenantSettings } from './tenantSettings.module.js'
export type { AiProviderConfig, TenantSettingsService } from './tenantSettings.service.js'

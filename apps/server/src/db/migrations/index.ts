import type { Migration, MigrationProvider } from 'kysely'
import * as waAuth from '../../gateway/baileys/auth-store.migration.js'
import * as foundation from './0001_foundation.js'
import * as messaging from './0002_messaging.js'
import * as labelsMaterials from './0004_labels_materials.js'
import * as desk from './0005_desk.js'
import * as groups from './0006_groups.js'
import * as captchaFailures from './0007_captcha_failures.js'
import * as mediaCleanup from './0008_media_cleanup.js'
import * as gatewayRequests from './0009_gateway_requests.js'
import * as platformBilling from './0010_platform_billing.js'
import * as fansList from './0011_fans_list.js'
import * as fanInheritance from './0012_fan_inheritance.js'
import * as messageSearch from './0014_message_search.js'
import * as massSend from './0015_mass_send.js'

/** Every migration, in order. Statically imported so the compiled server needs no file scanning. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_messaging': messaging,
  '0003_wa_auth': waAuth,
  '0004_labels_materials': labelsMaterials,
  '0005_desk': desk,
  '0006_groups': groups,
  '0007_captcha_failures': captchaFailures,
  '0008_media_cleanup': mediaCleanup,
  '0009_gateway_requests': gatewayRequests,
  '0010_platform_billing': platformBilling,
  '0011_fans_list': fansList,
  '0012_fan_inheritance': fanInheritance,
  '0014_message_search': messageSearch,
  '0015_mass_send': massSend,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}

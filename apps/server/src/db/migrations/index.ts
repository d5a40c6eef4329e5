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
import * as autoReply from './0016_auto_reply.js'
import * as diversion from './0017_diversion.js'
import * as tenantSettingsAi from './0018_tenant_settings_ai.js'
import * as risk from './0019_risk.js'
import * as statisticsRollups from './0020_statistics_rollups.js'
import * as merchantsTemplates from './0021_merchants_templates.js'
import * as dynamicsNurturing from './0022_dynamics_nurturing.js'
import * as accountLeases from './0023_account_leases.js'
import * as deskWalk from './0024_desk_walk.js'
import * as waMessagesVersion from './0025_wa_messages_version.js'
import * as fanLidIdentity from './0026_fan_lid_identity.js'
import * as messageEdits from './0027_message_edits.js'
import * as sessionStatusNotes from './0028_session_status_notes.js'
import * as supportHours from './0029_support_hours.js'
import * as publicApi from './0030_public_api.js'
import * as statBreaches from './0031_stat_breaches.js'
import * as deskStatusWalk from './0032_desk_status_walk.js'
import * as groupServiceLevels from './0033_group_service_levels.js'

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
  '0016_auto_reply': autoReply,
  '0017_diversion': diversion,
  '0018_tenant_settings_ai': tenantSettingsAi,
  '0019_risk': risk,
  '0020_statistics_rollups': statisticsRollups,
  '0021_merchants_templates': merchantsTemplates,
  '0022_dynamics_nurturing': dynamicsNurturing,
  '0023_account_leases': accountLeases,
  '0024_desk_walk': deskWalk,
  '0025_wa_messages_version': waMessagesVersion,
  '0026_fan_lid_identity': fanLidIdentity,
  '0027_message_edits': messageEdits,
  '0028_session_status_notes': sessionStatusNotes,
  '0029_support_hours': supportHours,
  '0030_public_api': publicApi,
  '0031_stat_breaches': statBreaches,
  '0032_desk_status_walk': deskStatusWalk,
  '0033_group_service_levels': groupServiceLevels,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}

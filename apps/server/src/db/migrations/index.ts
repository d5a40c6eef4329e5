import type { Migration, MigrationProvider } from 'kysely'
import * as waAuth from '../../gateway/baileys/auth-store.migration.js'
import * as foundation from './0001_foundation.js'
import * as messaging from './0002_messaging.js'

/** Every migration, in order. Statically imported so the compiled server needs no file scanning. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_messaging': messaging,
  '0003_wa_auth': waAuth,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}

import type { Migration, MigrationProvider } from 'kysely'
import * as foundation from './0001_foundation.js'

/** Every migration, in order. Statically imported so the compiled server needs no file scanning. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}

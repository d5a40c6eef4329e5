import { randomBytes } from 'node:crypto'
import { checkPassword, Role } from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { hashPassword } from '../auth/index.js'
import { startUpTenants, startUpUsers } from '../users/index.js'

/** Start-up: the platform tenant. */
const system = openSystemScope('modules/system/bootstrap')

export const PLATFORM_ACCOUNT = 'platform'
const ADMIN_USERNAME = 'admin'

/** A password that passes the shared rules, for the first admin when none is configured. */
function generatePassword(): string {
  for (;;) {
    const p = randomBytes(12)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 14)
    if (p.length >= 10 && /\d/.test(p) && /[A-Za-z]/.test(p) && !checkPassword(p, ADMIN_USERNAME)) return p
  }
}

/**
 * On an empty database: the platform tenant and its admin. The password comes from
 * ADMIN_PASSWORD or is generated and printed once.
 */
export async function ensurePlatformAdmin(db: Db, log: Logger, adminPassword?: string): Promise<void> {
  const tenants = startUpTenants(db)
  if ((await tenants.systemPlatformId(system)) !== undefined) return
  const password = adminPassword ?? generatePassword()
  const weak = checkPassword(password, ADMIN_USERNAME)
  if (weak) throw new Error(`ADMIN_PASSWORD does not meet the password rules (${weak})`)
  const now = Date.now()
  const password_hash = await hashPassword(password)
  await db.transaction().execute(async (tx) => {
    const tenantId = await tenants.insert(
      { name: 'Platform', account: PLATFORM_ACCOUNT, isPlatform: true },
      tx,
    )
    await startUpUsers(db).insert(
      {
        tenant_id: tenantId,
        username: ADMIN_USERNAME,
        password_hash,
        nickname: 'Administrator',
        avatar: '',
        role_id: Role.admin,
        status: 0,
        valid_start_date: null,
        valid_end_date: null,
        target_language: 'zh-CN',
        parent_user_id: null,
        created_at: now,
        updated_at: now,
      },
      tx,
    )
  })
  if (adminPassword)
    log.info({ account: PLATFORM_ACCOUNT, username: ADMIN_USERNAME }, 'platform admin created')
  else {
    // Printed once, on the console only: it is the only way to learn it.
    process.stdout.write(
      `\nPlatform admin created. Sign in at /adminLogin with enterprise account "${PLATFORM_ACCOUNT}", ` +
        `user "${ADMIN_USERNAME}", password "${password}". Change it after signing in.\n\n`,
    )
  }
}

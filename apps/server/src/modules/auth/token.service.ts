import { createHash, randomBytes } from 'node:crypto'
import { PLATFORM_ROLES, type RoleId, UserStatus } from '@app/core'
import type { Db } from '../../db/index.js'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import type { Actor } from '../../http/types.js'

/** Sign-in: a token by its hash. */
const system = openSystemScope('modules/auth/token.service')

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')
/** last_seen_at is written at most this often per token, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000

export interface IssuedToken {
  accessToken: string
  expiresAt: number
}

/** Bearer tokens: random, stored hashed, expiring, revocable. */
export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async issue(
    user: { id: number; tenant_id: number },
    meta: { ip: string; userAgent: string },
  ): Promise<IssuedToken> {
    const accessToken = randomBytes(32).toString('base64url')
    const now = Date.now()
    const expiresAt = now + this.ttlMs
    await this.db
      .insertInto('auth_tokens')
      .values({
        token_hash: sha256(accessToken),
        user_id: user.id,
        tenant_id: user.tenant_id,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
        last_seen_at: now,
        ip: meta.ip.slice(0, 64),
        user_agent: meta.userAgent.slice(0, 255),
      })
      .execute()
    return { accessToken, expiresAt }
  }

  /** The actor behind a live token, or null when it is unknown, expired, revoked or its user disabled. */
  async resolve(accessToken: string): Promise<Actor | null> {
    const now = Date.now()
    const row = await this.systemByHash(system, accessToken)
    if (!row || row.revoked_at != null || row.expires_at <= now) return null
    if (row.status !== UserStatus.enabled || row.tenantStatus !== 0) return null
    if (now - row.last_seen_at > TOUCH_EVERY_MS) {
      await this.db
        .updateTable('auth_tokens')
        .set({ last_seen_at: now })
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.tokenId)
        .execute()
    }
    const roleId = row.role_id as RoleId
    return {
      userId: row.userId,
      tenantId: row.tenant_id,
      roleId,
      username: row.username,
      tokenId: row.tokenId,
      isPlatform: row.is_platform === 1 && PLATFORM_ROLES.includes(roleId),
    }
  }

  /** A token is found by its secret before anyone's tenant is known: the one lookup across tenants. */
  private systemByHash(system: SystemScope, accessToken: string) {
    return this.db
      .selectFrom('auth_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .innerJoin('tenants as n', 'n.id', 'u.tenant_id')
      .select([
        't.id as tokenId',
        't.expires_at',
        't.revoked_at',
        't.last_seen_at',
        'u.id as userId',
        'u.tenant_id',
      ])
      .select(['u.role_id', 'u.username', 'u.status', 'n.is_platform', 'n.status as tenantStatus'])
      .where('t.token_hash', '=', sha256(accessToken))
      .executeTakeFirst()
  }

  async revoke(tenantId: number, tokenId: number): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', tokenId)
      .execute()
  }

  /** Revoke every live token of a user (password change, disable). */
  async revokeAllOf(tenantId: number, userId: number): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute()
  }
}

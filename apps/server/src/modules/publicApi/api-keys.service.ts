import { createHash, randomBytes } from 'node:crypto'
import { BlockList, isIPv4, isIPv6 } from 'node:net'
import {
  API_KEYS_MAX,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyView,
  type ApiScopeValue,
  ErrorCode,
  Role,
  type RoleId,
  UserStatus,
} from '@app/core'
import { openSystemScope } from '../../db/system-scope.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js'

const system = openSystemScope('public-api-keys')

/** Every key starts so, which tells it from a console token at a glance (and to secret scanners). */
const API_KEY_PREFIX = 'wsk_'
/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000

/** Who calls the public API: the key, its tenant, and the supervisor who made it (whose rights it uses). */
export interface ApiPrincipal {
  keyId: number
  tenantId: number
  scopes: ReadonlySet<ApiScopeValue>
  /** the key acts as its maker would at the console */
  caller: Caller
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** API keys: made by the supervisor, shown once, stored hashed, revoked at once. */
export class ApiKeysService {
  constructor(private readonly repo: ApiKeysRepository) {}

  async list(tenantId: number): Promise<ApiKeyView[]> {
    const rows = await this.repo.list(tenantId)
    return rows.map((r) => present(r, r.created_by_name ?? ''))
  }

  async create(caller: Caller, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
    if ((await this.repo.activeCount(caller.tenantId)) >= API_KEYS_MAX)
      throw new AppError(ErrorCode.apiKeysFull, { params: { max: API_KEYS_MAX } })
    const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url')
    const row: Omit<ApiKeyRow, 'id'> = {
      tenant_id: caller.tenantId,
      name: body.name,
      prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
      secret_hash: hashSecret(secret),
      scopes: JSON.stringify([...new Set(body.scopes)]),
      allowed_ips: JSON.stringify(body.allowedIps),
      expires_at: body.expiresAt ?? null,
      created_by: caller.userId,
      created_at: Date.now(),
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
    }
    const id = await this.repo.insert(row)
    return { key: present({ ...row, id }, caller.username), secret }
  }

  async revoke(tenantId: number, id: number): Promise<ApiKeyView> {
    const found = await this.repo.exists(tenantId, id)
    if (!found) throw notFound()
    if (found.revoked_at !== null) throw new AppError(ErrorCode.apiKeyRevoked)
    await this.repo.revoke(tenantId, id, Date.now())
    const view = (await this.list(tenantId)).find((k) => k.id === id)
    if (!view) throw notFound()
    return view
  }

  /**
   * The principal of a bearer key, or why not: 'unknown' (no such key, revoked, expired, its maker
   * no longer an enabled supervisor) or 'address' (not from an allowed address).
   */
  async authenticate(secret: string, ip: string): Promise<ApiPrincipal | 'unknown' | 'address'> {
    if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 100) return 'unknown'
    const key = await this.repo.systemByHash(system, hashSecret(secret))
    const now = Date.now()
    if (!key || key.revoked_at !== null || (key.expires_at !== null && key.expires_at <= now))
      return 'unknown'
    if (key.role_id !== Role.customerMaster || key.user_status !== UserStatus.enabled) return 'unknown'
    const allowed = JSON.parse(key.allowed_ips) as string[]
    if (allowed.length > 0 && !allows(allowed, ip)) return 'address'
    if (key.last_used_at === null || now - key.last_used_at >= TOUCH_EVERY_MS || key.last_used_ip !== ip)
      await this.repo.systemTouch(system, key.id, now, ip)
    const caller: Caller = {
      tenantId: key.tenant_id,
      userId: key.created_by,
      roleId: key.role_id as RoleId,
      username: key.username,
      tokenId: 0,
      isPlatform: false,
      actingUserId: key.created_by,
      agentId: null,
    }
    return {
      keyId: key.id,
      tenantId: key.tenant_id,
      scopes: new Set(JSON.parse(key.scopes) as ApiScopeValue[]),
      caller,
    }
  }
}

/** Whether `ip` is one of the addresses or blocks (IPv4-mapped IPv6 read as IPv4). */
function allows(list: string[], rawIp: string): boolean {
  const ip = rawIp.startsWith('::ffff:') && isIPv4(rawIp.slice(7)) ? rawIp.slice(7) : rawIp
  const family = isIPv6(ip) ? 'ipv6' : 'ipv4'
  const block = new BlockList()
  for (const entry of list) {
    const [addr, bits] = entry.split('/')
    const fam = isIPv6(addr) ? 'ipv6' : isIPv4(addr) ? 'ipv4' : null
    if (!fam) continue
    if (bits === undefined) block.addAddress(addr, fam)
    else block.addSubnet(addr, Number(bits), fam)
  }
  return block.check(ip, family)
}

function present(r: Omit<ApiKeyRow, 'id'> & { id: number }, createdBy: string): ApiKeyView {
  return {
    id: Number(r.id),
    name: r.name,
    prefix: r.prefix,
    scopes: JSON.parse(r.scopes) as ApiScopeValue[],
    allowedIps: JSON.parse(r.allowed_ips) as string[],
    expiresAt: r.expires_at,
    createdAt: r.created_at,
    createdBy,
    lastUsedAt: r.last_used_at,
    lastUsedIp: r.last_used_ip,
    revokedAt: r.revoked_at,
  }
}

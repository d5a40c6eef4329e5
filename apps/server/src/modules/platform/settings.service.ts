import {
  BUSINESS_PROFILE_EMPTY,
  type BusinessProfile,
  businessProfileBody,
  DEFAULT_OPT_OUT_WORDS,
  OPERATIONS_CONFIG_DEFAULT,
  type OperationsConfig,
  operationsConfigBody,
  Role,
  type RoleId,
  type SystemSettingsBody,
  type SystemSettingsView,
  systemSettingsBody,
} from '@app/core'
import type { z } from 'zod'
import type { Caller } from '../../http/caller.js'
import type { PlatformScope } from './platform.scope.js'
import type { SettingsRepository } from './settings.repository.js'

const KEY = { config: 'operations_config', profile: 'business_profile', system: 'system' } as const
/** The platform's own scope: its defaults, and the admin's system settings. */
const PLATFORM_SCOPE = 0

/** Stored system settings; the key is kept here and never presented. */
type StoredSystem = Omit<SystemSettingsBody, 'translateApiKey'> & { translateApiKey: string }
const SYSTEM_DEFAULT: StoredSystem = {
  siteName: '',
  defaultLanguage: 'zh',
  translateUrl: '',
  translateApiKey: '',
  mapTileUrl: '',
  optOutWords: [...DEFAULT_OPT_OUT_WORDS],
}

/** A stored value read through its schema over the defaults: a value from an older shape never breaks a page. */
function parsed<T extends object>(schema: z.ZodType<Partial<T>>, value: unknown, defaults: T): T {
  const r = schema.safeParse(value)
  return r.success ? { ...defaults, ...r.data } : defaults
}

/**
 * The operations settings (prices, trial quota, reminder days, business-edition profile), kept per
 * operations user and applying to the tenants they and their salespeople sell, and the admin's
 * platform settings.
 */
export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly scope: PlatformScope,
  ) {}

  /** The prices, trial and reminder days of an operations user (the platform's defaults for null). */
  async operationsConfig(operationsId: number | null): Promise<OperationsConfig> {
    const value = await this.repo.get(operationsId ?? PLATFORM_SCOPE, KEY.config)
    return parsed(operationsConfigBody.partial(), value, OPERATIONS_CONFIG_DEFAULT)
  }

  /** The settings that apply to a tenant: those of its seller's operations user. */
  async configForTenant(tenantId: number): Promise<OperationsConfig> {
    return this.operationsConfig(await this.scope.operationsOfTenant(tenantId))
  }

  /** The caller's own settings: an operations user's, or the platform defaults for the admin. */
  async configOf(caller: Caller): Promise<OperationsConfig> {
    return this.operationsConfig(caller.roleId === Role.operations ? caller.userId : null)
  }

  async updateConfig(caller: Caller, body: OperationsConfig): Promise<OperationsConfig> {
    const scope = caller.roleId === Role.operations ? caller.userId : PLATFORM_SCOPE
    await this.repo.set(scope, KEY.config, body, caller.userId)
    return body
  }

  async businessProfile(operationsId: number | null): Promise<BusinessProfile> {
    if (operationsId === null) return BUSINESS_PROFILE_EMPTY
    return parsed(
      businessProfileBody.partial(),
      await this.repo.get(operationsId, KEY.profile),
      BUSINESS_PROFILE_EMPTY,
    )
  }

  async profileOf(caller: Caller): Promise<BusinessProfile> {
    return this.businessProfile(caller.roleId === Role.operations ? caller.userId : null)
  }

  async updateProfile(caller: Caller, body: BusinessProfile): Promise<BusinessProfile> {
    await this.repo.set(caller.userId, KEY.profile, body, caller.userId)
    return body
  }

  /**
   * The profile a signed-in user is shown: a tenant's people see their seller's operations
   * profile; operations their own; business their operations user's; the admin none. Null when
   * nothing is set.
   */
  async profileForUser(user: { tenantId: number; userId: number; roleId: RoleId; isPlatform: boolean }) {
    let operationsId: number | null
    if (!user.isPlatform) operationsId = await this.scope.operationsOfTenant(user.tenantId)
    else if (user.roleId === Role.admin) operationsId = null
    else operationsId = await this.scope.operationsOf(user.userId)
    const profile = await this.businessProfile(operationsId)
    return Object.values(profile).some((v) => v !== '') ? profile : null
  }

  private async storedSystem(): Promise<StoredSystem> {
    const value = await this.repo.get(PLATFORM_SCOPE, KEY.system)
    return parsed<StoredSystem>(systemSettingsBody.partial(), value, SYSTEM_DEFAULT)
  }

  async systemSettings(): Promise<SystemSettingsView> {
    const { translateApiKey, ...rest } = await this.storedSystem()
    return { ...rest, translateApiKeySet: translateApiKey !== '' }
  }

  /** A key left out keeps the stored one; '' clears it. */
  async updateSystemSettings(caller: Caller, body: SystemSettingsBody): Promise<SystemSettingsView> {
    const stored = await this.storedSystem()
    const next: StoredSystem = { ...body, translateApiKey: body.translateApiKey ?? stored.translateApiKey }
    await this.repo.set(PLATFORM_SCOPE, KEY.system, next, caller.userId)
    return this.systemSettings()
  }

  /** The translation provider and map tiles the admin set, for the modules that use them ('' when unset). */
  async effectiveSystem(): Promise<StoredSystem> {
    return this.storedSystem()
  }
}

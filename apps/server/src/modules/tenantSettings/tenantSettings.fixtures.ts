import { DEFAULT_TENANT_SETTINGS, type TenantSettingsBody } from '@app/core'

/** A valid settings body (the defaults); `over` and `ai` replace fields. */
export function settingsBody(
  over: Partial<Omit<TenantSettingsBody, 'ai'>> = {},
  ai: Partial<TenantSettingsBody['ai']> = {},
): TenantSettingsBody {
  return {
    ...DEFAULT_TENANT_SETTINGS,
    optOutWords: null,
    ...over,
    ai: { ...DEFAULT_TENANT_SETTINGS.ai, ...ai },
  }
}

/** A body that turns AI reply on against `baseUrl`. */
export function aiOnBody(baseUrl: string, ai: Partial<TenantSettingsBody['ai']> = {}): TenantSettingsBody {
  return settingsBody({}, { enabled: true, baseUrl, apiKey: 'sk-test-0123456789', model: 'gpt-test', ...ai })
}

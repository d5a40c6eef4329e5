import type { TenantSettingsBody, TenantSettingsView } from '@app/core'

/** The form's shape: the opt-out list is a choice (platform or own) plus the own words. */
export interface SettingsForm extends Omit<TenantSettingsBody, 'optOutWords'> {
  optOutMode: 'platform' | 'own'
  optOutWords: string[]
}

export function toForm(v: TenantSettingsView): SettingsForm {
  const { apiKeySet: _set, apiKeyHint: _hint, ...ai } = v.ai
  return {
    pageTitle: v.pageTitle,
    targetLanguage: v.targetLanguage as SettingsForm['targetLanguage'],
    autoTranslate: v.autoTranslate,
    optOutMode: v.optOutWords ? 'own' : 'platform',
    optOutWords: v.optOutWords ?? [],
    notifySound: v.notifySound,
    notifyDesktop: v.notifyDesktop,
    agentExport: v.agentExport,
    optOutInvalid: v.optOutInvalid,
    ai: { ...ai, apiKey: '' },
  }
}

/** The body to save; an empty key field keeps the stored key. */
export function toBody(f: SettingsForm): TenantSettingsBody {
  const { optOutMode, optOutWords, ai, ...rest } = f
  const key = ai.apiKey?.trim()
  return {
    ...rest,
    optOutWords: optOutMode === 'own' ? optOutWords : null,
    ai: { ...ai, apiKey: key ? key : undefined },
  }
}

import { DEFAULT_LANGUAGE, type LanguageCode, normalizeLanguage, validationMessages } from '@app/core'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { StorageKey } from '../utils/storage'
import { en } from './en'
import { zh } from './zh'

/**
 * UI text lives in the default namespace, split by area (`auth.username`, `menu.home`, …).
 * Validation messages come verbatim from @app/core under the `validation` namespace, so a form
 * shows the same words the server answers with. Their keys contain dots ('password.required'),
 * so they are looked up with the key separator turned off (see `validationText`).
 */
export const resources = {
  zh: { translation: zh, validation: validationMessages.zh },
  en: { translation: en, validation: validationMessages.en },
} as const

const dayjsLocale: Record<LanguageCode, string> = { zh: 'zh-cn', en: 'en' }

export function storedLanguage(): LanguageCode {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(StorageKey.language)
  return raw ? normalizeLanguage(raw) : DEFAULT_LANGUAGE
}

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['zh', 'en'],
  ns: ['translation', 'validation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
})
dayjs.locale(dayjsLocale[storedLanguage()])
if (typeof document !== 'undefined') document.documentElement.lang = storedLanguage()

/** Switch language everywhere outside React state: i18next, dayjs, <html lang>, localStorage. */
export function applyLanguage(lang: LanguageCode): void {
  localStorage.setItem(StorageKey.language, lang)
  dayjs.locale(dayjsLocale[lang])
  document.documentElement.lang = lang
  void i18n.changeLanguage(lang)
}

export function currentLanguage(): LanguageCode {
  return normalizeLanguage(i18n.language)
}

/** Text of a validation key from @app/core (`password.required`, …) in the current language. */
export function validationText(key: string): string {
  return i18n.t(key, { ns: 'validation', keySeparator: false })
}

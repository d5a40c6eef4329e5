import { DEFAULT_LANGUAGE, type LanguageCode, normalizeLanguage, validationMessages } from '@app/core'
import type { Locale } from 'antd/es/locale'
import zhCN from 'antd/es/locale/zh_CN'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { StorageKey } from '../utils/storage'
import type { zh } from './zh'
import { auth } from './zh/auth'
import { common } from './zh/common'
import { menu } from './zh/menu'
import { request } from './zh/request'
import { version } from './zh/version'

/**
 * UI text lives in the default namespace, split by area (`auth.username`, `menu.home`, …).
 * Validation messages come verbatim from @app/core under the `validation` namespace, so a form
 * shows the same words the server answers with. Their keys contain dots ('password.required'),
 * so they are looked up with the key separator turned off (see `validationText`).
 *
 * The first load holds only the default language's shell text: what the route guard, the
 * request client, the page titles and the sign-in pages show. The rest of a language's text is
 * fetched before any other page or layout renders (see `loadLanguage` and `<FullText>`).
 */
export const resources = {
  zh: { translation: { auth, common, menu, request, version }, validation: validationMessages.zh },
} as const

/** Pages that show nothing beyond the shell text, so they render without the rest. */
export const SHELL_TEXT_PATHS: readonly string[] = ['/login', '/adminLogin', '/404']

const translations: Record<LanguageCode, () => Promise<typeof zh>> = {
  zh: () => import('./zh').then((m) => m.zh),
  en: () => import('./en').then((m) => m.en),
}

/**
 * antd's own text (pagination, empty lists, pickers) per language: another language's loads with
 * its text. From antd's ES modules, which its components share (antd/locale/* are CommonJS copies).
 */
const antdLocales: Partial<Record<LanguageCode, Locale>> = { zh: zhCN }
const antdLocaleLoaders: Record<Exclude<LanguageCode, 'zh'>, () => Promise<Locale>> = {
  en: () => import('antd/es/locale/en_US').then((m) => m.default),
}

/** antd's locale of a language whose text is loaded (the default language's until then). */
export function antdLocale(lang: LanguageCode): Locale {
  return antdLocales[lang] ?? zhCN
}

/** Languages whose whole text is loaded, and the loads under way (one per language). */
const loaded = new Set<LanguageCode>()
const loading = new Map<LanguageCode, Promise<void>>()

/**
 * Dates follow the language too; dayjs and its locales load with the rest of the text (the
 * sign-in pages show no dates). `dateLanguage` is the language the dates are to be in.
 */
let dateLanguage: LanguageCode = DEFAULT_LANGUAGE
const applyDateLanguage = (): Promise<void> =>
  import('./dayjsLocale').then((m) => m.applyDayjsLocale(dateLanguage))

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
dateLanguage = storedLanguage()
if (typeof document !== 'undefined') document.documentElement.lang = storedLanguage()

export function hasFullText(lang: LanguageCode): boolean {
  return loaded.has(lang)
}

/**
 * Make a language's whole text available to i18next. Asked once per language: the same promise
 * is answered to every caller, so a suspended component can wait on it.
 */
export function loadLanguage(lang: LanguageCode): Promise<void> {
  const pending = loading.get(lang)
  if (pending) return pending
  const text = translations[lang]().then((translation) => {
    i18n.addResourceBundle(lang, 'translation', translation, true, true)
    i18n.addResourceBundle(lang, 'validation', validationMessages[lang], true, true)
  })
  const antd =
    lang === 'zh'
      ? undefined
      : antdLocaleLoaders[lang]().then((locale) => {
          antdLocales[lang] = locale
        })
  const load = Promise.all([text, antd, applyDateLanguage()]).then(() => {
    loaded.add(lang)
  })
  // a failed load (network) may be asked again
  load.catch(() => loading.delete(lang))
  loading.set(lang, load)
  return load
}

/** Switch language everywhere outside React state: i18next, dayjs, <html lang>, localStorage. */
export function applyLanguage(lang: LanguageCode): void {
  localStorage.setItem(StorageKey.language, lang)
  dateLanguage = lang
  void applyDateLanguage()
  document.documentElement.lang = lang
  void loadLanguage(lang).then(() => i18n.changeLanguage(lang))
}

export function currentLanguage(): LanguageCode {
  return normalizeLanguage(i18n.language)
}

/** Text of a validation key from @app/core (`password.required`, …) in the current language. */
export function validationText(key: string): string {
  return i18n.t(key, { ns: 'validation', keySeparator: false })
}

import { DEFAULT_LANGUAGE, type LanguageCode, normalizeLanguage, validationMessages } from '@app/core'
import type { Locale } from 'antd/es/locale'
import zhCN from 'antd/es/locale/zh_CN'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { StorageKey } from '../utils/storage'
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
 * fetched before any other page or layout renders, the desk's part alone for the desk (see
 * `loadLanguage` and `<FullText>`).
 */
const resources = {
  zh: { translation: { auth, common, menu, request, version }, validation: validationMessages.zh },
} as const

/** Pages that show nothing beyond the shell text, so they render without the rest. */
export const SHELL_TEXT_PATHS: readonly string[] = ['/login', '/adminLogin', '/404']

/**
 * A language's text comes in two parts: what the agent desk needs first (its layout and session
 * page), and the rest. A page asks for the part it needs (`<FullText part>`); 'all' is both.
 */
export type TextPart = 'desk' | 'all'
type Text = Record<string, unknown>
const textParts: Record<LanguageCode, Record<'desk' | 'console', () => Promise<Text>>> = {
  zh: {
    desk: () => import('./zh/deskText').then((m) => m.deskText),
    console: () => import('./zh/consoleText').then((m) => m.consoleText),
  },
  en: {
    desk: () => import('./en/deskText').then((m) => m.deskText),
    console: () => import('./en/consoleText').then((m) => m.consoleText),
  },
}

/** Paths whose page shows only the desk's part of the text. */
export const DESK_TEXT_PATHS: readonly string[] = ['/customerServiceDesk/deskSession']

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

/** The parts of each language that are loaded, and the loads under way (one per part). */
const loaded = new Set<string>()
const loading = new Map<string, Promise<void>>()

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

/**
 * The text the app starts with in `lang`: already there for the default language (its shell
 * text is in the first load), the desk's part for another (which holds that language's shell text).
 */
export function loadStartText(lang: LanguageCode): Promise<void> {
  return lang in resources ? Promise.resolve() : loadLanguage(lang, 'desk')
}

export function hasText(lang: LanguageCode, part: TextPart = 'all'): boolean {
  return loaded.has(`${lang}:${part}`)
}

/**
 * Make a part of a language's text available to i18next. Asked once per part: the same promise
 * is answered to every caller, so a suspended component can wait on it.
 */
export function loadLanguage(lang: LanguageCode, part: TextPart = 'all'): Promise<void> {
  const key = `${lang}:${part}`
  const pending = loading.get(key)
  if (pending) return pending
  // the whole text is the desk's part (with antd's text and the dates) and the console's part
  const work =
    part === 'desk'
      ? loadDeskPart(lang)
      : Promise.all([loadLanguage(lang, 'desk'), textParts[lang].console().then(addText(lang))])
  const load = work.then(() => {
    loaded.add(key)
  })
  // a failed load (network) may be asked again
  load.catch(() => loading.delete(key))
  loading.set(key, load)
  return load
}

const addText = (lang: LanguageCode) => (translation: Text) => {
  i18n.addResourceBundle(lang, 'translation', translation, true, true)
}

/** The desk's part of a language's text, with the validation messages, antd's text and the dates. */
function loadDeskPart(lang: LanguageCode): Promise<unknown> {
  const text = textParts[lang].desk().then((translation) => {
    addText(lang)(translation)
    i18n.addResourceBundle(lang, 'validation', validationMessages[lang], true, true)
  })
  const antd =
    lang === 'zh'
      ? undefined
      : antdLocaleLoaders[lang]().then((locale) => {
          antdLocales[lang] = locale
        })
  return Promise.all([text, antd, applyDateLanguage()])
}

/** Switch language everywhere outside React state: i18next, dayjs, <html lang>, localStorage. */
export function applyLanguage(lang: LanguageCode): void {
  localStorage.setItem(StorageKey.language, lang)
  dateLanguage = lang
  void applyDateLanguage()
  document.documentElement.lang = lang
  // as much of the new language's text as the current one has: the pages shown need no more
  const part: TextPart = hasText(currentLanguage(), 'all') ? 'all' : 'desk'
  void loadLanguage(lang, part).then(() => i18n.changeLanguage(lang))
}

export function currentLanguage(): LanguageCode {
  return normalizeLanguage(i18n.language)
}

/** Text of a validation key from @app/core (`password.required`, …) in the current language. */
export function validationText(key: string): string {
  return i18n.t(key, { ns: 'validation', keySeparator: false })
}

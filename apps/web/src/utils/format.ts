import type { LanguageCode } from '@app/core'
import { currentLanguage, i18n } from '../i18n'
import { formatDate } from './date'

/**
 * How values read everywhere in the console: one style per kind, in the UI language. Dates keep
 * the house format (`formatDate`), phones always carry their "+", countries are named, money
 * has thousands separators and durations name their unit in words.
 */

export { formatDate }

/** The locale tag a UI language formats with. */
const localeOf = (lang: LanguageCode): string => (lang === 'zh' ? 'zh-CN' : 'en')

/** A phone in international form: '+' and the digits ('44 7700-900' → '+447700900'); empty input gives ''. */
export function formatPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '')
  return digits ? `+${digits}` : ''
}

const regionNames = new Map<LanguageCode, Intl.DisplayNames | null>()

function regionNamesOf(lang: LanguageCode): Intl.DisplayNames | null {
  if (!regionNames.has(lang)) {
    try {
      regionNames.set(lang, new Intl.DisplayNames([localeOf(lang)], { type: 'region', fallback: 'code' }))
    } catch {
      regionNames.set(lang, null)
    }
  }
  return regionNames.get(lang) ?? null
}

/** A country's name in the UI language from its ISO 3166 code ('GB' → '英国' / 'United Kingdom'); the code when unknown. */
export function formatCountry(
  code: string | null | undefined,
  lang: LanguageCode = currentLanguage(),
): string {
  const c = (code ?? '').trim().toUpperCase()
  if (!/^[A-Z]{2}$/.test(c)) return c
  try {
    return regionNamesOf(lang)?.of(c) ?? c
  } catch {
    return c
  }
}

const moneyFormats = new Map<LanguageCode, Intl.NumberFormat>()

/** An amount in fen as yuan with two decimals and thousands separators (146000 → '1,460.00'). */
export function formatMoney(fen: number | null | undefined, lang: LanguageCode = currentLanguage()): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return ''
  let f = moneyFormats.get(lang)
  if (!f) {
    f = new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    moneyFormats.set(lang, f)
  }
  return f.format(fen / 100)
}

/** A count with thousands separators (12345 → '12,345'). */
export function formatCount(n: number | null | undefined, lang: LanguageCode = currentLanguage()): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return ''
  return new Intl.NumberFormat(localeOf(lang)).format(n)
}

type DurationUnit = 'day' | 'hour' | 'minute' | 'second'
const UNIT_SECONDS: [DurationUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
]

/**
 * A length of time in words, its two largest units, from milliseconds ('3 分钟', '1 小时 5 分钟' /
 * '3 min', '1 h 5 min'). The unit words are translation keys, so the Chinese UI shows no English.
 */
export function formatDuration(
  ms: number | null | undefined,
  lang: LanguageCode = currentLanguage(),
): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return ''
  let rest = Math.max(0, Math.round(ms / 1000))
  const parts: string[] = []
  for (const [unit, seconds] of UNIT_SECONDS) {
    const count = Math.floor(rest / seconds)
    if (count > 0) {
      parts.push(i18n.t(`page.duration.${unit}`, { count, lng: lang }))
      rest -= count * seconds
    } else if (parts.length > 0) break
    if (parts.length === 2) break
  }
  return parts.length ? parts.join(' ') : i18n.t('page.duration.second', { count: 0, lng: lang })
}

import type { LanguageCode } from '@app/core'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'

const names: Record<LanguageCode, string> = { zh: 'zh-cn', en: 'en' }

/** Dates (names of months and weekdays, relative times) in the given language. */
export function applyDayjsLocale(lang: LanguageCode): void {
  dayjs.locale(names[lang])
}

import { normalizeLanguage } from '@app/core'
import { type ReactNode, use } from 'react'
import { useTranslation } from 'react-i18next'
import { hasText, loadLanguage, type TextPart } from '../i18n'

/**
 * Renders its children once the current language's text they need is loaded (the first load
 * holds only the shell text; the desk's part is enough for the desk): until then the nearest
 * Suspense shows its spinner, never a raw key.
 */
export function FullText({ part = 'all', children }: { part?: TextPart; children: ReactNode }) {
  const { i18n } = useTranslation()
  const lang = normalizeLanguage(i18n.language)
  if (!hasText(lang, part)) use(loadLanguage(lang, part))
  return children
}

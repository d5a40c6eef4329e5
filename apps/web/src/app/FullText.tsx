import { normalizeLanguage } from '@app/core'
import { type ReactNode, use } from 'react'
import { useTranslation } from 'react-i18next'
import { hasFullText, loadLanguage } from '../i18n'

/**
 * Renders its children once the current language's whole text is loaded (the first load holds
 * only the shell text); until then the nearest Suspense shows its spinner, never a raw key.
 */
export function FullText({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  const lang = normalizeLanguage(i18n.language)
  if (!hasFullText(lang)) use(loadLanguage(lang))
  return children
}

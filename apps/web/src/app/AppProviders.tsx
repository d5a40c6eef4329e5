import { normalizeLanguage } from '@app/core'
import { theme as antdTheme, ConfigProvider } from 'antd'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useReducedMotion } from '../hooks/useReducedMotion'
import { antdLocale } from '../i18n'
import { theme } from './theme'

/** The page's base text (colour, size, line height, font) from the theme, as antd's App sets it. */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken()
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  )
}

/**
 * antd theme and locale (following the chosen language), without antd's animations (dialogs
 * zooming, menus sliding) for a user whose system asks for reduced motion. antd's App context
 * (message, modal, notification) and the query cache are provided by the signed-in layouts
 * (SignedInApp), so the sign-in pages do not load them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  // follows the text's language, which changes once that language's text (antd's too) is loaded
  const { i18n } = useTranslation()
  const still = useReducedMotion()
  const themed = useMemo(
    () => (still ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [still],
  )
  return (
    <ConfigProvider locale={antdLocale(normalizeLanguage(i18n.language))} theme={themed}>
      <BaseText>{children}</BaseText>
    </ConfigProvider>
  )
}

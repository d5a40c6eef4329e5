import { WhatsAppOutlined } from '@ant-design/icons'
import { Flex } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '../components/LanguageSwitch'

/**
 * Frame of the two sign-in pages: blue backdrop, language switch, a centred panel. Plain
 * elements rather than antd Card/Typography keep the sign-in route small.
 */
export function AuthShell({
  title,
  children,
  footer,
}: {
  title: string
  children: ReactNode
  footer?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Flex
      vertical
      style={{
        minHeight: '100vh',
        background: 'linear-gradient(135deg, #1e3a8a 0%, #1d4ed8 55%, #3b82f6 100%)',
        padding: 16,
        boxSizing: 'border-box',
      }}
    >
      <Flex justify="flex-end">
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center">
        <main
          style={{
            width: '100%',
            maxWidth: 400,
            boxSizing: 'border-box',
            padding: '28px 32px 20px',
            background: '#ffffff',
            borderRadius: 12,
            boxShadow: '0 12px 40px rgba(15, 23, 42, 0.25)',
          }}
        >
          <Flex vertical align="center" gap={4} style={{ marginBottom: 20, textAlign: 'center' }}>
            <WhatsAppOutlined style={{ fontSize: 36, color: '#1d4ed8' }} />
            <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600, color: 'rgba(0, 0, 0, 0.88)' }}>
              {t('common.appTitle')}
            </h1>
            <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.6)' }}>{t('auth.loginSubtitle')}</p>
            <h2 style={{ margin: '12px 0 0', fontSize: 16, fontWeight: 600 }} data-testid="login-title">
              {title}
            </h2>
          </Flex>
          {children}
          {footer ? (
            <Flex justify="center" style={{ marginTop: 12 }}>
              {footer}
            </Flex>
          ) : null}
        </main>
      </Flex>
    </Flex>
  )
}

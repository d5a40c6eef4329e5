import { App as AntApp, ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import type { ReactNode } from 'react'
import { useAppStore } from '../stores/app'
import { FeedbackBridge } from './FeedbackBridge'
import { theme } from './theme'

/**
 * antd theme and locale (following the chosen language) and antd's App context. The query cache
 * is provided by the signed-in layout, so the sign-in pages do not load it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language)
  return (
    <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={theme}>
      <AntApp notification={{ top: 72 }}>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  )
}

import { QueryClientProvider } from '@tanstack/react-query'
import { Card, Flex, Result, Typography } from 'antd'
import type { ReactNode } from 'react'
import { queryClient } from '../../../app/queryClient'
import { LanguageSwitch } from '../../../components/LanguageSwitch'

/** The frame of the supplier's public pages: a title, the language switch, the content; no sign-in. */
export function PublicFrame({
  title,
  subtitle,
  icon,
  children,
}: {
  title: string
  subtitle: string
  icon: ReactNode
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Flex
        vertical
        gap={16}
        style={{ minHeight: '100vh', padding: 16, boxSizing: 'border-box', background: '#f5f5f5' }}
      >
        <Flex justify="space-between" align="center" gap={12} wrap>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {icon} {title}
            </Typography.Title>
            <Typography.Text type="secondary">{subtitle}</Typography.Text>
          </div>
          <LanguageSwitch />
        </Flex>
        {children}
      </Flex>
    </QueryClientProvider>
  )
}

/** A code that cannot be used (unknown, expired, revoked): the whole page says why. */
export function RefusedCode({ message }: { message: string }) {
  return (
    <Card>
      <Result status="warning" title={message} data-testid="merchant-refused" />
    </Card>
  )
}

import { Button, Empty, Flex, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface EmptyStateAction {
  label: string
  onClick: () => void
  icon?: ReactNode
  disabled?: boolean
  testId?: string
}

export interface EmptyStateProps {
  /** what is missing ("No accounts yet") */
  title: string
  /** what to do next ("Link a WhatsApp number by scanning its QR code") */
  hint: string
  /** the way out: the button that does what the hint says */
  action?: EmptyStateAction
  testId?: string
}

/** An empty list or panel that says what to do next and offers the action. */
export function EmptyState({ title, hint, action, testId }: EmptyStateProps) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid={testId ?? 'empty-state'}
      description={
        <Flex vertical gap={4} align="center">
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </Flex>
      }
    >
      {action ? (
        <Button
          type="primary"
          icon={action.icon}
          disabled={action.disabled}
          onClick={action.onClick}
          data-testid={action.testId}
        >
          {action.label}
        </Button>
      ) : null}
    </Empty>
  )
}

/** The empty state of a filtered list: nothing matches, so loosen the filters. */
export function NoMatches({ onClear, testId }: { onClear: () => void; testId?: string }) {
  const { t } = useTranslation()
  return (
    <EmptyState
      title={t('page.emptyFiltered')}
      hint={t('page.emptyFilteredHint')}
      action={{ label: t('page.clearFilters'), onClick: onClear, testId: testId ?? 'empty-clear-filters' }}
    />
  )
}

import {
  type FailureReasonValue,
  failureReasonMessages,
  type MassSendStatusValue,
  type MassSendTaskView,
} from '@app/core'
import { Flex, Progress, Tag, type TagProps, Tooltip, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../../i18n'

const COLORS: Record<MassSendStatusValue, TagProps['color']> = {
  preparing: 'processing',
  pending: 'blue',
  executing: 'green',
  paused: 'warning',
  completed: 'success',
  terminated: 'default',
  failed: 'error',
}

/** A failure reason of spec §4 in the interface's language (the words come from @app/core). */
export const reasonText = (reason: FailureReasonValue) =>
  failureReasonMessages[reason]?.[currentLanguage()] ?? reason

/** A task's status (spec §4), with why the server paused it or why it failed. */
export function MassSendStatusTag({
  task,
}: {
  task: Pick<MassSendTaskView, 'id' | 'status' | 'pauseReason' | 'failReason'>
}) {
  const { t } = useTranslation()
  const note =
    task.status === 'paused' && task.pauseReason
      ? reasonText(task.pauseReason)
      : task.status === 'failed' && task.failReason
        ? t(`massSend.failReasons.${task.failReason}`)
        : null
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tag
        color={COLORS[task.status]}
        style={{ marginInlineEnd: 0 }}
        data-testid={`mass-send-status-${task.id}`}
        data-status={task.status}
      >
        {t(`massSend.statuses.${task.status}`)}
      </Tag>
      {note ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}

/** How far a task got: finished recipients out of all, and what became of them. */
export function MassSendProgressCell({ task }: { task: Pick<MassSendTaskView, 'id' | 'counters'> }) {
  const { t } = useTranslation()
  const c = task.counters
  const percent = c.total ? Math.floor(((c.total - c.remaining) / c.total) * 100) : 0
  return (
    <Tooltip
      title={t('massSend.counters.tooltip', {
        delivered: c.delivered,
        read: c.read,
        replied: c.replied,
      })}
    >
      <Flex vertical gap={0} style={{ minWidth: 160 }} data-testid={`mass-send-progress-${task.id}`}>
        <Progress percent={percent} size="small" />
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12 }}
          data-testid={`mass-send-counts-${task.id}`}
          data-messages={c.messagesSent}
        >
          {t('massSend.counters.short', {
            total: c.total,
            messages: c.messagesSent,
            sent: c.sent,
            failed: c.failed,
            remaining: c.remaining,
          })}
        </Typography.Text>
      </Flex>
    </Tooltip>
  )
}

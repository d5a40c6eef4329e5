import type { FailureReasonValue, MassSendTaskView } from '@app/core'
import { Flex, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { TFunction } from 'i18next'
import { formatDate } from '../../../utils/date'
import { MassSendRowActions } from './MassSendRowActions'
import { MassSendProgressCell, MassSendStatusTag, reasonText } from './MassSendStatusTag'

export type MassSendListMode = 'tasks' | 'log'

const count = (key: keyof MassSendTaskView['counters'], title: string) => ({
  key,
  title,
  width: 72,
  align: 'right' as const,
  render: (_: unknown, task: MassSendTaskView) => (
    <span data-testid={`mass-send-${key}-${task.id}`}>{task.counters[key] as number}</span>
  ),
})

/** Failed recipients, with how many failed for each reason of spec §4. */
function FailedCell({ task, t }: { task: MassSendTaskView; t: TFunction }) {
  const byReason = Object.entries(task.counters.failedByReason).filter(([, n]) => n)
  const body = <span data-testid={`mass-send-failed-${task.id}`}>{task.counters.failed}</span>
  if (!byReason.length) return body
  return (
    <Tooltip
      title={
        <Flex vertical>
          {byReason.map(([reason, n]) => (
            <span key={reason}>
              {t('massSend.counters.reasonLine', {
                reason: reasonText(reason as FailureReasonValue),
                count: n,
              })}
            </span>
          ))}
        </Flex>
      }
    >
      <Typography.Text type="danger" underline>
        {body}
      </Typography.Text>
    </Tooltip>
  )
}

/** The task table's columns: the task screens show progress and settings, the log screen every counter. */
export function massSendColumns(
  mode: MassSendListMode,
  t: TFunction,
  onLog: ((task: MassSendTaskView) => void) | undefined,
): ColumnsType<MassSendTaskView> {
  const name = {
    key: 'name',
    title: t('massSend.list.name'),
    render: (_: unknown, task: MassSendTaskView) => (
      <Flex vertical gap={2}>
        <Typography.Text strong data-testid={`mass-send-name-${task.id}`}>
          {task.name}
        </Typography.Text>
        <Flex gap={4} wrap>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`massSend.audiences.${task.audience}`)}</Tag>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`massSend.methods.${task.method}`)}</Tag>
        </Flex>
      </Flex>
    ),
  }
  const status = {
    key: 'status',
    title: t('massSend.list.status'),
    width: 130,
    render: (_: unknown, task: MassSendTaskView) => <MassSendStatusTag task={task} />,
  }
  const actions = {
    key: 'actions',
    title: t('common.actions'),
    width: 190,
    fixed: 'right' as const,
    render: (_: unknown, task: MassSendTaskView) => (
      <MassSendRowActions task={task} onLog={onLog ? () => onLog(task) : undefined} />
    ),
  }
  if (mode === 'log')
    return [
      { ...name, width: 200 },
      { ...status, width: 110 },
      count('total', t('massSend.counters.total')),
      count('messagesSent', t('massSend.counters.messagesSent')),
      count('sent', t('massSend.counters.sent')),
      count('delivered', t('massSend.counters.delivered')),
      count('read', t('massSend.counters.read')),
      count('replied', t('massSend.counters.replied')),
      {
        key: 'failed',
        title: t('massSend.counters.failed'),
        width: 72,
        align: 'right',
        render: (_, task) => <FailedCell task={task} t={t} />,
      },
      count('remaining', t('massSend.counters.remaining')),
      actions,
    ]
  return [
    name,
    status,
    {
      key: 'progress',
      title: t('massSend.list.progress'),
      render: (_, task) => <MassSendProgressCell task={task} />,
    },
    {
      key: 'schedule',
      title: t('massSend.list.appointmentAt'),
      width: 170,
      render: (_, task) => (task.appointmentAt ? formatDate(task.appointmentAt) : t('massSend.list.atOnce')),
    },
    {
      key: 'creator',
      title: t('massSend.list.creator'),
      width: 170,
      render: (_, task) => (
        <Flex vertical gap={0}>
          <span>{task.createdByName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDate(task.createdAt)}
          </Typography.Text>
        </Flex>
      ),
    },
    actions,
  ]
}

import { ReloadOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Drawer, Flex, Spin, Tabs, Typography } from 'antd'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { massSendDetail } from '../../../api/massSend'
import { useSocketEvent } from '../../../realtime'
import { MassSendCounters } from './MassSendCounters'
import { MassSendLazyChart } from './MassSendLazyChart'
import { useMassSendKeys } from './MassSendLive'
import { MassSendRecipients } from './MassSendRecipients'
import { MassSendRowActions } from './MassSendRowActions'
import { MassSendStatusTag } from './MassSendStatusTag'
import { MassSendTaskOverview } from './MassSendTaskOverview'

/** The recipient log and the chart are read again at most this often while a task runs. */
const LIVE_REFRESH_MS = 3_000

/**
 * One task's log: its live counters, the recipients with every state and time (filtered, paged,
 * exported), a chart of sends over time per account, and how it was set up with its event log.
 * The counters follow the socket; the recipients and the chart are read again as progress arrives.
 */
export function MassSendLogDrawer({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const keys = useMassSendKeys()
  const detail = useQuery({
    queryKey: keys.detail(taskId ?? 0),
    queryFn: () => massSendDetail(taskId as number),
    enabled: taskId !== null,
  })
  const refreshed = useRef(0)

  const refresh = () => {
    if (taskId === null) return
    refreshed.current = Date.now()
    void qc.invalidateQueries({ queryKey: keys.recipients(taskId) })
    void qc.invalidateQueries({ queryKey: keys.chart(taskId) })
  }
  useSocketEvent('massSend.progress', (e) => {
    if (e.taskId === taskId && Date.now() - refreshed.current >= LIVE_REFRESH_MS) refresh()
  })

  const task = detail.data
  return (
    <Drawer
      open={taskId !== null}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      title={
        task ? (
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong data-testid="mass-send-log-title">
              {task.name}
            </Typography.Text>
            <MassSendStatusTag task={task} />
          </Flex>
        ) : (
          t('massSend.log.title')
        )
      }
      extra={
        <Flex gap={8} align="center">
          {task ? <MassSendRowActions task={task} onDeleted={onClose} /> : null}
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              refresh()
              void detail.refetch()
            }}
            aria-label={t('common.refresh')}
            data-testid="mass-send-log-refresh"
          />
        </Flex>
      }
      data-testid="mass-send-log"
    >
      {!task ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <MassSendCounters counters={task.counters} />
          <Tabs
            items={[
              {
                key: 'recipients',
                label: t('massSend.log.recipients'),
                children: <MassSendRecipients taskId={task.id} accounts={task.accounts} />,
              },
              {
                key: 'chart',
                label: t('massSend.log.chart'),
                children: <MassSendLazyChart taskId={task.id} />,
              },
              {
                key: 'overview',
                label: t('massSend.log.overview'),
                children: <MassSendTaskOverview task={task} />,
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  )
}

import { RedoOutlined } from '@ant-design/icons'
import type { WebhookDeliveryView } from '@app/core'
import { Button, Flex, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { actionsWidth, type PageColumn } from '../../../components/page/tableColumns'
import { formatDate } from '../../../utils/date'
import { DeliveryStateTag } from './status'

/** The last attempt's outcome: the receiver's HTTP status, else the error (no answer at all). */
function LastResult({ d, t }: { d: WebhookDeliveryView; t: TFunction }) {
  if (d.attempts === 0) return <Typography.Text type="secondary">-</Typography.Text>
  const ok = d.lastStatus !== null && d.lastStatus >= 200 && d.lastStatus < 300
  return (
    <Flex vertical>
      <Typography.Text type={ok ? 'success' : 'danger'}>
        {d.lastStatus === null ? t('integrations.deliveries.noAnswer') : `HTTP ${d.lastStatus}`}
      </Typography.Text>
      {d.lastError ? (
        <Typography.Text type="secondary" style={{ wordBreak: 'break-word' }}>
          {d.lastError}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}

const time = (v: number | null) => (v === null ? '-' : formatDate(v))

/** An endpoint's delivery log: what was sent, how it went, and when it is tried next. */
export function deliveryColumns(
  t: TFunction,
  onResend: (d: WebhookDeliveryView) => void,
  resendingId: number | null,
): PageColumn<WebhookDeliveryView>[] {
  const resend = t('integrations.deliveries.resend')
  return [
    {
      key: 'event',
      title: t('integrations.deliveries.event'),
      width: 170,
      alwaysShown: true,
      render: (_, d) => (
        <Flex vertical>
          <Typography.Text code>{d.event}</Typography.Text>
          <Typography.Text type="secondary">{t(`integrations.event.${d.event}`)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'eventId',
      title: t('integrations.deliveries.eventId'),
      dataIndex: 'eventId',
      width: 150,
      ellipsis: true,
    },
    {
      key: 'state',
      title: t('integrations.deliveries.state'),
      width: 90,
      render: (_, d) => <DeliveryStateTag state={d.state} />,
    },
    { key: 'attempts', title: t('integrations.deliveries.attempts'), dataIndex: 'attempts', width: 80 },
    {
      key: 'result',
      title: t('integrations.deliveries.result'),
      width: 180,
      render: (_, d) => <LastResult d={d} t={t} />,
    },
    {
      key: 'duration',
      title: t('integrations.deliveries.duration'),
      width: 90,
      render: (_, d) => d.lastMs ?? '-',
    },
    {
      key: 'createdAt',
      title: t('integrations.deliveries.createdAt'),
      width: 165,
      render: (_, d) => time(d.createdAt),
    },
    {
      key: 'lastAttemptAt',
      title: t('integrations.deliveries.lastAttemptAt'),
      width: 165,
      render: (_, d) => time(d.lastAttemptAt),
    },
    {
      key: 'nextAttemptAt',
      title: t('integrations.deliveries.nextAttemptAt'),
      width: 165,
      render: (_, d) => time(d.nextAttemptAt),
    },
    {
      key: 'deliveredAt',
      title: t('integrations.deliveries.deliveredAt'),
      width: 165,
      render: (_, d) => time(d.deliveredAt),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: actionsWidth([resend], { icons: true }),
      actions: true,
      render: (_, d) => (
        <Button
          type="link"
          size="small"
          icon={<RedoOutlined />}
          loading={resendingId === d.id}
          onClick={() => onResend(d)}
          data-testid={`delivery-resend-${d.id}`}
        >
          {resend}
        </Button>
      ),
    },
  ]
}

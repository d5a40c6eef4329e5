import type { MassSendDeliveryView, MassSendRecipientView, RecipientStateValue } from '@app/core'
import { Flex, Tag, type TagProps, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { TFunction } from 'i18next'
import { formatDate } from '../../../utils/date'
import { reasonText } from './MassSendStatusTag'

const STATE_COLORS: Record<RecipientStateValue, TagProps['color']> = {
  pending: 'default',
  active: 'processing',
  sent: 'success',
  failed: 'error',
  stopped: 'warning',
  cancelled: 'default',
}

const STATUS_COLORS: Record<MassSendDeliveryView['status'], TagProps['color']> = {
  requested: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  withdrawn: 'default',
}

/** One sentence to one recipient: its send status, how far it got, and when. */
function DeliveryLine({ d, t }: { d: MassSendDeliveryView; t: TFunction }) {
  return (
    <Flex
      gap={4}
      align="center"
      wrap
      data-testid={`mass-send-delivery-${d.messageId}`}
      data-status={d.status}
    >
      <Typography.Text type="secondary">{t('massSend.log.sentenceNo', { n: d.index + 1 })}</Typography.Text>
      <Tag color={STATUS_COLORS[d.status]} style={{ marginInlineEnd: 0 }}>
        {t(`massSend.messageStatuses.${d.status}`)}
      </Tag>
      {d.delivery !== 'none' ? (
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {t(`massSend.deliveries.${d.delivery}`)}
        </Tag>
      ) : null}
      {d.failureReason ? (
        <Typography.Text type="danger">{reasonText(d.failureReason)}</Typography.Text>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDate(d.at)}
      </Typography.Text>
    </Flex>
  )
}

/** The recipient log's columns. */
export function recipientColumns(
  t: TFunction,
  phoneOf: (accountId: number) => string | null | undefined,
): ColumnsType<MassSendRecipientView> {
  return [
    {
      key: 'recipient',
      title: t('massSend.log.recipient'),
      width: 200,
      render: (_, r) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{r.title}</Typography.Text>
          {r.phone && r.phone !== r.title ? (
            <Typography.Text type="secondary">+{r.phone}</Typography.Text>
          ) : null}
          {r.onWhatsApp === false ? <Tag color="orange">{t('massSend.log.notOnWhatsApp')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'account',
      title: t('massSend.log.account'),
      width: 170,
      render: (_, r) => (
        <Flex vertical gap={0}>
          <span>{r.accountPhone ? `+${r.accountPhone}` : `#${r.accountId}`}</span>
          {r.movedFromAccountId ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('massSend.log.movedFrom', {
                phone: phoneOf(r.movedFromAccountId) ?? `#${r.movedFromAccountId}`,
              })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('massSend.log.state'),
      width: 140,
      render: (_, r) => (
        <Flex vertical gap={2} align="flex-start">
          <Tag color={STATE_COLORS[r.state]} style={{ marginInlineEnd: 0 }}>
            {t(`massSend.recipientStates.${r.state}`)}
          </Tag>
          {r.failureReason ? (
            <Typography.Text type="danger">{reasonText(r.failureReason)}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'times',
      title: t('massSend.log.times'),
      width: 190,
      render: (_, r) => (
        <Flex vertical gap={0} style={{ fontSize: 12 }}>
          {r.startedAt ? <span>{t('massSend.log.startedAt', { time: formatDate(r.startedAt) })}</span> : null}
          {r.finishedAt ? (
            <span>{t('massSend.log.finishedAt', { time: formatDate(r.finishedAt) })}</span>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'sentences',
      title: t('massSend.log.sentences'),
      render: (_, r) =>
        r.sentences.length ? (
          <Flex vertical gap={2}>
            {r.sentences.map((d) => (
              <DeliveryLine key={d.messageId} d={d} t={t} />
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('massSend.log.nothingSent')}</Typography.Text>
        ),
    },
  ]
}

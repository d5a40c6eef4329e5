import type { MassSendCounters as Counters, FailureReasonValue } from '@app/core'
import { Card, Col, Flex, Progress, Row, Statistic, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { reasonText } from './MassSendStatusTag'

const SHOWN = [
  'total',
  'messagesSent',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'remaining',
] as const

/**
 * A task's counters as they move (they follow the socket): recipients in all, messages out,
 * recipients fully sent, delivered, read, replied, failed (and by which reason), not finished yet.
 */
export function MassSendCounters({ counters }: { counters: Counters }) {
  const { t } = useTranslation()
  const done = counters.total - counters.remaining
  const reasons = Object.entries(counters.failedByReason).filter(([, n]) => n) as [
    FailureReasonValue,
    number,
  ][]
  return (
    <Card size="small" data-testid="mass-send-counters">
      <Progress percent={counters.total ? Math.floor((done / counters.total) * 100) : 0} />
      <Row gutter={[12, 12]} style={{ marginTop: 8 }}>
        {SHOWN.map((key) => (
          <Col key={key} xs={12} sm={6} lg={3}>
            <Statistic
              title={t(`massSend.counters.${key}`)}
              value={counters[key]}
              styles={{ content: { fontSize: 20 } }}
              data-testid={`mass-send-counter-${key}`}
            />
          </Col>
        ))}
      </Row>
      {reasons.length || counters.stopped || counters.cancelled ? (
        <Flex gap={6} wrap style={{ marginTop: 8 }} data-testid="mass-send-counter-reasons">
          {reasons.map(([reason, n]) => (
            <Tag key={reason} color="red">
              {t('massSend.counters.reasonLine', { reason: reasonText(reason), count: n })}
            </Tag>
          ))}
          {counters.stopped ? (
            <Tag color="orange">{t('massSend.counters.stoppedLine', { count: counters.stopped })}</Tag>
          ) : null}
          {counters.cancelled ? (
            <Tag>{t('massSend.counters.cancelledLine', { count: counters.cancelled })}</Tag>
          ) : null}
        </Flex>
      ) : null}
    </Card>
  )
}

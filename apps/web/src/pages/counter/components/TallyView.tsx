import { COUNTER_REFRESH_MS, type CounterTally, formatDateTime } from '@app/core'
import { Card, Flex, Statistic, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

export const localTime = (t: number) => formatDateTime(t, -new Date(t).getTimezoneOffset())

/** A counter's tally: the window, the total and each account's new fans, and when it was read. */
export function TallyView({ tally, loading }: { tally: CounterTally | undefined; loading: boolean }) {
  const { t } = useTranslation()
  return (
    <Flex vertical gap={12}>
      <Flex gap={16} wrap align="center">
        <Card size="small">
          <Statistic
            title={t('diversion.counter.total')}
            value={tally?.total ?? 0}
            data-testid="counter-total"
          />
        </Card>
        {tally && (
          <Flex vertical>
            <Typography.Text strong>{tally.name}</Typography.Text>
            <Typography.Text type="secondary">
              {t('diversion.counter.window')}: {localTime(tally.startAt)} ~ {localTime(tally.endAt)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('diversion.counter.refreshed', {
                seconds: COUNTER_REFRESH_MS / 1000,
                time: localTime(tally.at),
              })}
            </Typography.Text>
          </Flex>
        )}
      </Flex>
      <Table
        size="small"
        rowKey="accountId"
        loading={loading}
        pagination={false}
        dataSource={tally?.rows ?? []}
        data-testid="counter-rows"
        columns={[
          {
            title: t('diversion.counter.account'),
            dataIndex: 'phone',
            render: (phone: string | null, r) => phone ?? t('diversion.link.noPhone', { id: r.accountId }),
          },
          { title: t('diversion.counter.count'), dataIndex: 'count' },
        ]}
      />
    </Flex>
  )
}

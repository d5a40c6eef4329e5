import { QuestionCircleOutlined } from '@ant-design/icons'
import {
  type FailureReasonValue,
  failureReasonMessages,
  RISK_STATS_DAYS_MAX,
  type RiskStatisticsRow,
} from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { App, Card, DatePicker, Empty, Flex, Select, Skeleton, Table, Tooltip } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { allAccounts } from '../../../api/acquisition'
import { riskStatistics } from '../../../api/risk'
import { currentLanguage } from '../../../i18n'
import { type DayRange, dayKey, defaultRange, isRangeAllowed, rangePresets } from './range'

// The chart library loads only when a chart is drawn.
const RiskChart = lazy(() => import('./RiskChart'))

const percent = (r: number | null) => (r === null ? '-' : `${Math.round(r * 1000) / 10}%`)

/** /riskManage/statistics: per account and day, sends, new chats, failures by reason, bans, warnings and the reply ratio. */
export default function RiskStatisticsPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [range, setRange] = useState<DayRange>(() => defaultRange())
  const [accountId, setAccountId] = useState<number | undefined>()
  const body = { from: dayKey(range[0]), to: dayKey(range[1]), ...(accountId ? { accountId } : {}) }
  const accounts = useQuery({ queryKey: ['risk', 'accounts'], queryFn: allAccounts })
  const stats = useQuery({
    queryKey: ['risk', 'statistics', body],
    queryFn: () => riskStatistics(body),
    placeholderData: keepPreviousData,
  })
  const today = dayjs().endOf('day')

  const reasons = (r: RiskStatisticsRow) =>
    Object.entries(r.failedByReason)
      .map(([k, n]) => `${failureReasonMessages[k as FailureReasonValue]?.[currentLanguage()] ?? k} ${n}`)
      .join(' · ')
  const columns: ColumnsType<RiskStatisticsRow> = [
    { title: t('risk.statistics.day'), dataIndex: 'day', width: 120 },
    {
      title: t('risk.statistics.account'),
      key: 'account',
      render: (_, r) => r.accountPhone ?? `#${r.accountId}`,
    },
    { title: t('risk.statistics.sends'), dataIndex: 'sends' },
    { title: t('risk.statistics.newChats'), dataIndex: 'newChats' },
    { title: t('risk.statistics.failed'), dataIndex: 'failed' },
    { title: t('risk.statistics.failedByReason'), key: 'reasons', render: (_, r) => reasons(r) },
    { title: t('risk.statistics.bans'), dataIndex: 'bans' },
    { title: t('risk.statistics.warnings'), dataIndex: 'warnings' },
    { title: t('risk.statistics.replies'), dataIndex: 'replies' },
    {
      title: (
        <Tooltip title={t('risk.statistics.replyRatioHint')}>
          <span data-testid="risk-reply-ratio-title">
            {t('risk.statistics.replyRatio')} <QuestionCircleOutlined />
          </span>
        </Tooltip>
      ),
      dataIndex: 'replyRatio',
      render: percent,
    },
  ]
  const total = stats.data?.total

  return (
    <Flex vertical gap={16}>
      <Card title={t('risk.statistics.title')}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            presets={rangePresets(t)}
            aria-label={t('risk.statistics.range')}
            disabledDate={(d: Dayjs) => d.isAfter(today)}
            data-testid="risk-stats-range"
            onChange={(next) => {
              const [a, b] = next ?? []
              if (!a || !b) return
              const r: DayRange = [a.startOf('day'), b.startOf('day')]
              if (!isRangeAllowed(r)) {
                message.error(t('risk.statistics.rangeTooLong', { days: RISK_STATS_DAYS_MAX }))
                return
              }
              setRange(r)
            }}
          />
          <Select<number>
            allowClear
            style={{ width: 240 }}
            placeholder={t('risk.statistics.allAccounts')}
            value={accountId}
            onChange={setAccountId}
            loading={accounts.isFetching}
            options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.phone ?? `#${a.id}` }))}
            data-testid="risk-stats-account"
          />
        </Flex>
        {!stats.data ? (
          <Skeleton active />
        ) : stats.data.rows.length === 0 ? (
          <Empty data-testid="risk-stats-empty" />
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <RiskChart stats={stats.data} />
          </Suspense>
        )}
      </Card>
      <Card>
        <Table<RiskStatisticsRow>
          rowKey={(r) => `${r.day}-${r.accountId}`}
          size="middle"
          data-testid="risk-stats-table"
          loading={stats.isFetching}
          columns={columns}
          dataSource={stats.data?.rows ?? []}
          scroll={{ x: 960 }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          summary={() =>
            total ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  {t('risk.statistics.total')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2}>
                  <span data-testid="risk-stats-total-sends">{total.sends}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3}>{total.newChats}</Table.Summary.Cell>
                <Table.Summary.Cell index={4}>{total.failed}</Table.Summary.Cell>
                <Table.Summary.Cell index={5} />
                <Table.Summary.Cell index={6}>{total.bans}</Table.Summary.Cell>
                <Table.Summary.Cell index={7}>{total.warnings}</Table.Summary.Cell>
                <Table.Summary.Cell index={8}>{total.replies}</Table.Summary.Cell>
                <Table.Summary.Cell index={9}>{percent(total.replyRatio)}</Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </Flex>
  )
}

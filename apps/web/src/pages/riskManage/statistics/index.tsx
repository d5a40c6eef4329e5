import { QuestionCircleOutlined } from '@ant-design/icons'
import {
  type FailureReasonValue,
  failureReasonMessages,
  RISK_STATS_DAYS_MAX,
  type RiskStatisticsRow,
} from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { App, DatePicker, Form, Select, Skeleton, Table, Tooltip } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { allAccounts } from '../../../api/acquisition'
import { riskStatistics } from '../../../api/risk'
import { getBusinessHours, SupportKey } from '../../../api/support'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState } from '../../../components/page/EmptyState'
import { PageFrame, PageSection } from '../../../components/page/PageFrame'
import type { PageColumn } from '../../../components/page/tableColumns'
import { currentLanguage } from '../../../i18n'
import { formatCount, formatPhone } from '../../../utils/format'
import { statsToday } from '../../dataStatistics/components/range'
import { type DayRange, dayKey, defaultRange, isRangeAllowed, rangePresets } from './range'

// The chart library loads only when a chart is drawn.
const RiskChart = lazy(() => import('./RiskChart'))

const percent = (r: number | null) => (r === null ? '-' : `${Math.round(r * 1000) / 10}%`)

/**
 * /riskManage/statistics: per account and day, sends, new chats, failures by reason, bans,
 * warnings and the reply ratio. The days are calendar days of the tenant's time zone (its
 * business hours', as the server counts them), so "today" is the tenant's today: the page waits
 * for that zone (the viewer's own today if it cannot be read).
 */
export default function RiskStatisticsPage() {
  const { t } = useTranslation()
  const hours = useQuery({ queryKey: SupportKey.businessHours, queryFn: getBusinessHours })
  const timeZone = hours.data?.timeZone
  if (!timeZone && !hours.isError)
    return (
      <PageFrame title={t('menu.riskStatistics')}>
        <Skeleton active />
      </PageFrame>
    )
  const now = timeZone ? statsToday(Date.now(), timeZone) : dayjs()
  return <RiskStatisticsView key={timeZone ?? ''} now={now} />
}

function RiskStatisticsView({ now }: { now: Dayjs }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [range, setRange] = useState<DayRange>(() => defaultRange(now))
  const [accountId, setAccountId] = useState<number | undefined>()
  const body = { from: dayKey(range[0]), to: dayKey(range[1]), ...(accountId ? { accountId } : {}) }
  const accounts = useQuery({ queryKey: ['risk', 'accounts'], queryFn: allAccounts })
  const stats = useQuery({
    queryKey: ['risk', 'statistics', body],
    queryFn: () => riskStatistics(body),
    placeholderData: keepPreviousData,
  })
  const today = now.endOf('day')

  const reasons = (r: RiskStatisticsRow) =>
    Object.entries(r.failedByReason)
      .map(([k, n]) => `${failureReasonMessages[k as FailureReasonValue]?.[currentLanguage()] ?? k} ${n}`)
      .join(' · ')
  const count = (key: keyof RiskStatisticsRow & string, title: string): PageColumn<RiskStatisticsRow> => ({
    key,
    title,
    dataIndex: key,
    width: 90,
    align: 'right',
    render: (n: number) => formatCount(n),
  })
  const columns: PageColumn<RiskStatisticsRow>[] = [
    { key: 'day', title: t('risk.statistics.day'), dataIndex: 'day', width: 120 },
    {
      key: 'account',
      title: t('risk.statistics.account'),
      width: 160,
      render: (_, r) => formatPhone(r.accountPhone) || `#${r.accountId}`,
    },
    count('sends', t('risk.statistics.sends')),
    count('newChats', t('risk.statistics.newChats')),
    count('failed', t('risk.statistics.failed')),
    {
      key: 'reasons',
      title: t('risk.statistics.failedByReason'),
      ellipsis: true,
      render: (_, r) => reasons(r) || '-',
    },
    count('bans', t('risk.statistics.bans')),
    count('warnings', t('risk.statistics.warnings')),
    count('replies', t('risk.statistics.replies')),
    {
      key: 'replyRatio',
      title: t('risk.statistics.replyRatio'),
      header: (
        <Tooltip title={t('risk.statistics.replyRatioHint')}>
          <span data-testid="risk-reply-ratio-title">
            {t('risk.statistics.replyRatio')} <QuestionCircleOutlined />
          </span>
        </Tooltip>
      ),
      dataIndex: 'replyRatio',
      width: 110,
      align: 'right',
      render: percent,
    },
  ]
  const total = stats.data?.total

  return (
    <PageFrame title={t('menu.riskStatistics')} sections>
      <PageSection>
        {/* the statistics follow each choice at once: there is no list to search */}
        <Form name="risk-stats-filters" layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label={t('risk.statistics.range')}>
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              presets={rangePresets(t, now)}
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
          </Form.Item>
          <Form.Item label={t('risk.statistics.account')} htmlFor="risk-stats-account">
            <Select<number>
              id="risk-stats-account"
              allowClear
              style={{ width: 220 }}
              placeholder={t('risk.statistics.allAccounts')}
              value={accountId}
              onChange={setAccountId}
              loading={accounts.isFetching}
              options={(accounts.data ?? []).map((a) => ({
                value: a.id,
                label: formatPhone(a.phone) || `#${a.id}`,
              }))}
              data-testid="risk-stats-account"
            />
          </Form.Item>
        </Form>
        {!stats.data ? (
          <Skeleton active />
        ) : stats.data.rows.length === 0 ? (
          <EmptyState
            testId="risk-stats-empty"
            title={t('risk.statistics.emptyTitle')}
            hint={t('risk.statistics.emptyHint')}
            action={{
              label: t('risk.statistics.preset.last30Days'),
              onClick: () => setRange(rangePresets(t, now)[3]?.value ?? defaultRange(now)),
            }}
          />
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <RiskChart stats={stats.data} />
          </Suspense>
        )}
      </PageSection>
      <PageSection>
        <DataTable<RiskStatisticsRow>
          rowKey={(r) => `${r.day}-${r.accountId}`}
          size="middle"
          data-testid="risk-stats-table"
          loading={stats.isFetching}
          columns={columns}
          dataSource={stats.data?.rows ?? []}
          pagination={{ pageSize: 50 }}
          summary={() =>
            total ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  {t('risk.statistics.total')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <span data-testid="risk-stats-total-sends">{formatCount(total.sends)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {formatCount(total.newChats)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {formatCount(total.failed)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} />
                <Table.Summary.Cell index={6} align="right">
                  {formatCount(total.bans)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  {formatCount(total.warnings)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} align="right">
                  {formatCount(total.replies)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={9} align="right">
                  {percent(total.replyRatio)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </PageSection>
    </PageFrame>
  )
}

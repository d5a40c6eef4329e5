import { SATISFACTION_REPORT_DAYS_MAX, type SatisfactionReportRow } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Flex, Table, Typography } from 'antd'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { getSatisfaction, SupportKey, satisfactionReport } from '../../../api/support'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState } from '../../../components/page/EmptyState'
import type { PageColumn } from '../../../components/page/tableColumns'
import { ColumnTitleWithHelp } from './HelpTip'
import { NoFigures } from './NoFigures'
import { type StatsRange, statsRangeDays, toRangeBody } from './range'

/** Where the supervisor turns the satisfaction survey on (the settings page's service tab). */
const SETTINGS_PATH = '/Setting/index'

type Row = SatisfactionReportRow & { key: string }

/** A mean rating to two decimals; '-' without ratings. */
const formatAverage = (n: number | null): string => (n === null ? '-' : n.toFixed(2))

/**
 * Ratings overall and their mean weighted by each line's count (each line's mean is already
 * rounded to two decimals, so this is within 0.005 of the exact mean).
 */
function satisfactionTotals(rows: readonly SatisfactionReportRow[]): {
  count: number
  average: number | null
} {
  let count = 0
  let sum = 0
  for (const r of rows) {
    count += r.count
    sum += r.average * r.count
  }
  return { count, average: count === 0 ? null : sum / count }
}

/**
 * The satisfaction survey's ratings of the page's range, per agent and day (the days of the
 * business hours' time zone, like the figures), with a total line. The report covers at most
 * SATISFACTION_REPORT_DAYS_MAX days: a longer range says so instead of asking.
 */
export function SatisfactionReport({ range }: { range: StatsRange }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const tooLong = statsRangeDays(range) > SATISFACTION_REPORT_DAYS_MAX
  const body = useMemo(() => toRangeBody(range), [range])
  const query = useQuery({
    queryKey: [...SupportKey.satisfactionReport, body],
    queryFn: () => satisfactionReport(body),
    enabled: !tooLong,
  })
  // whether the survey is on decides what the empty report advises
  const survey = useQuery({ queryKey: SupportKey.satisfaction, queryFn: getSatisfaction })
  const surveyOn = survey.data?.enabled === true
  const rows: Row[] = useMemo(
    () => (query.data?.rows ?? []).map((r) => ({ ...r, key: `${r.day}|${r.agentUserId ?? ''}` })),
    [query.data],
  )
  const totals = useMemo(() => satisfactionTotals(rows), [rows])

  let content: ReactNode
  if (tooLong) {
    content = (
      <Alert
        type="info"
        showIcon
        title={t('statistics.satisfaction.rangeTooLong', { days: SATISFACTION_REPORT_DAYS_MAX })}
        data-testid="stats-satisfaction-too-long"
      />
    )
  } else if (query.isError) {
    content = (
      <Alert
        type="warning"
        showIcon
        title={t('statistics.satisfaction.loadFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('statistics.retry')}</Button>}
        data-testid="stats-satisfaction-failed"
      />
    )
  } else if (query.isSuccess && rows.length === 0) {
    content = (
      <EmptyState
        title={t('statistics.satisfaction.empty')}
        hint={t(surveyOn ? 'statistics.satisfaction.emptyHintOn' : 'statistics.satisfaction.emptyHint')}
        action={{
          label: t('statistics.satisfaction.openSettings'),
          onClick: () => void navigate(SETTINGS_PATH),
          testId: 'stats-satisfaction-settings',
        }}
        testId="stats-satisfaction-empty"
      />
    )
  } else {
    const columns: PageColumn<Row>[] = [
      { key: 'day', title: t('statistics.column.day'), dataIndex: 'day', width: 120 },
      {
        key: 'agent',
        title: t('statistics.column.agent'),
        dataIndex: 'agentName',
        render: (name: string, r) =>
          r.agentUserId === null ? t('statistics.noAgent') : name || `#${r.agentUserId}`,
      },
      {
        key: 'count',
        title: t('statistics.satisfaction.count'),
        dataIndex: 'count',
        align: 'right',
        width: 100,
      },
      {
        key: 'average',
        title: t('statistics.satisfaction.average'),
        header: (
          <ColumnTitleWithHelp
            title={t('statistics.satisfaction.average')}
            help={t('statistics.satisfaction.averageHelp')}
          />
        ),
        dataIndex: 'average',
        align: 'right',
        width: 120,
        render: (n: number) => formatAverage(n),
      },
    ]
    content = (
      <DataTable<Row>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        empty={<NoFigures testId="stats-satisfaction-none" />}
        aria-label={t('statistics.satisfaction.title')}
        rowTestId={() => 'stats-satisfaction-row'}
        summary={() =>
          rows.length > 0 ? (
            <Table.Summary>
              <Table.Summary.Row data-testid="stats-satisfaction-total">
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>{t('statistics.satisfaction.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Typography.Text strong data-testid="stats-satisfaction-total-count">
                    {totals.count}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong data-testid="stats-satisfaction-total-average">
                    {formatAverage(totals.average)}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
        data-testid="stats-satisfaction-table"
      />
    )
  }
  return (
    <Flex vertical gap={12} data-testid="stats-satisfaction">
      <Typography.Text type="secondary">
        {t('statistics.satisfaction.hint', { days: SATISFACTION_REPORT_DAYS_MAX })}
      </Typography.Text>
      {content}
    </Flex>
  )
}

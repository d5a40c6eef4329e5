import { DownloadOutlined, QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons'
import { formatDateTime } from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Card, Flex, Result, Tabs, Tooltip, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { exportStatistics, statisticsOverview } from '../../api/statistics'
import { type FiguresRow, FiguresTable } from './components/FiguresTable'
import { LazyStatsChart } from './components/LazyStatsChart'
import { defaultStatsRange, type StatsRange, toRangeBody } from './components/range'
import { SourcesTables } from './components/SourcesTables'
import { StatsRangePicker } from './components/StatsRangePicker'
import { TotalsPanel } from './components/TotalsPanel'

/** /dataStatistics: the tenant's messages, customers, sessions and replies over a range of days, from the rollups. */
export default function DataStatisticsPage() {
  const { t, i18n } = useTranslation()
  const [range, setRange] = useState<StatsRange>(() => defaultStatsRange())
  const [exporting, setExporting] = useState(false)
  const body = useMemo(() => toRangeBody(range), [range])
  const query = useQuery({
    queryKey: ['statistics', 'overview', body],
    queryFn: () => statisticsOverview(body),
    placeholderData: keepPreviousData,
  })
  const o = query.data
  const rows = useMemo(() => {
    if (!o) return { days: [], accounts: [], agents: [] }
    const days: FiguresRow[] = o.days.map((d) => ({ ...d, key: d.day, label: d.day }))
    const accounts: FiguresRow[] = o.accounts.map((a) => ({
      ...a,
      key: a.accountId,
      label: a.phone ?? `#${a.accountId}`,
    }))
    const agents: FiguresRow[] = o.agents.map((a) => ({
      ...a,
      key: a.agentId,
      label: a.agentId === 0 ? t('statistics.noAgent') : a.name || `#${a.agentId}`,
    }))
    return { days, accounts, agents }
  }, [o, t])
  const language = i18n.language.startsWith('en') ? 'en' : 'zh'
  const onExport = async () => {
    setExporting(true)
    try {
      await exportStatistics(body, language)
    } finally {
      setExporting(false)
    }
  }
  const loading = query.isFetching
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={12}>
          <Flex gap={12} wrap align="center">
            <StatsRangePicker value={range} onChange={setRange} />
            <Button
              icon={<ReloadOutlined />}
              loading={loading}
              onClick={() => void query.refetch()}
              data-testid="stats-refresh"
            >
              {t('statistics.refresh')}
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void onExport()}
              data-testid="stats-export"
            >
              {t('statistics.export')}
            </Button>
            <Typography.Text type="secondary" data-testid="stats-zone">
              {o?.rolledUpTo
                ? t('statistics.zoneNote', {
                    time: formatDateTime(o.rolledUpTo, -new Date().getTimezoneOffset()),
                  })
                : t('statistics.zoneNoteEmpty')}
            </Typography.Text>
            <Tooltip title={`${t('statistics.help.turns')} ${t('statistics.help.percentile')}`}>
              <QuestionCircleOutlined aria-label={t('statistics.help.turns')} />
            </Tooltip>
          </Flex>
          {query.isError && !o ? (
            <Result
              status="warning"
              title={t('statistics.loadFailed')}
              extra={<Button onClick={() => void query.refetch()}>{t('statistics.retry')}</Button>}
              data-testid="stats-load-failed"
            />
          ) : (
            <TotalsPanel totals={o?.totals} loading={loading} />
          )}
        </Flex>
      </Card>
      {!(query.isError && !o) && (
        <>
          <Card title={t('statistics.chart.title')}>
            <LazyStatsChart overview={o} />
          </Card>
          <Card>
            <Tabs
              items={[
                {
                  key: 'days',
                  label: t('statistics.tab.days'),
                  children: (
                    <FiguresTable
                      rows={rows.days}
                      labelTitle={t('statistics.column.day')}
                      loading={loading}
                      testId="stats-days"
                    />
                  ),
                },
                {
                  key: 'accounts',
                  label: t('statistics.tab.accounts'),
                  children: (
                    <FiguresTable
                      rows={rows.accounts}
                      labelTitle={t('statistics.column.account')}
                      loading={loading}
                      testId="stats-accounts"
                    />
                  ),
                },
                {
                  key: 'agents',
                  label: t('statistics.tab.agents'),
                  children: (
                    <FiguresTable
                      rows={rows.agents}
                      labelTitle={t('statistics.column.agent')}
                      loading={loading}
                      testId="stats-agents"
                    />
                  ),
                },
                {
                  key: 'sources',
                  label: t('statistics.tab.sources'),
                  children: <SourcesTables overview={o} loading={loading} />,
                },
              ]}
            />
          </Card>
        </>
      )}
    </Flex>
  )
}

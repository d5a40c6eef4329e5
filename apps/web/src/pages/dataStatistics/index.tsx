import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons'
import { formatDateTime } from '@app/core'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Flex, Form, Result, Skeleton, Tabs, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { exportStatistics, statisticsOverview } from '../../api/statistics'
import { getBusinessHours, SupportKey } from '../../api/support'
import { PageFrame, PageSection } from '../../components/page/PageFrame'
import { type FiguresRow, FiguresTable } from './components/FiguresTable'
import { HelpTip } from './components/HelpTip'
import { LazyStatsChart } from './components/LazyStatsChart'
import { defaultStatsRange, type StatsRange, toRangeBody } from './components/range'
import { SatisfactionReport } from './components/SatisfactionReport'
import { SourcesTables } from './components/SourcesTables'
import { StatsRangePicker } from './components/StatsRangePicker'
import { TotalsPanel } from './components/TotalsPanel'

/**
 * /dataStatistics: the tenant's messages, customers, sessions and replies over a range of days,
 * from the rollups, and the satisfaction ratings of the same days. The days are calendar days of
 * the tenant's time zone (its business hours'), so the page waits for that zone before it asks
 * for any range.
 */
export default function DataStatisticsPage() {
  const { t } = useTranslation()
  const hours = useQuery({ queryKey: SupportKey.businessHours, queryFn: getBusinessHours })
  const timeZone = hours.data?.timeZone
  if (timeZone) return <StatisticsView key={timeZone} timeZone={timeZone} />
  const title = t('menu.dataStatistics')
  if (hours.isError)
    return (
      <PageFrame title={title}>
        <Result
          status="warning"
          title={t('statistics.loadFailed')}
          extra={<Button onClick={() => void hours.refetch()}>{t('statistics.retry')}</Button>}
          data-testid="stats-load-failed"
        />
      </PageFrame>
    )
  return (
    <PageFrame title={title} sections>
      <Flex vertical gap={16} data-testid="stats-loading" aria-busy="true">
        <PageSection>
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </PageSection>
        <PageSection>
          <Skeleton active />
        </PageSection>
      </Flex>
    </PageFrame>
  )
}

/** The page once the tenant's time zone is known: the range starts as its last 7 days. */
function StatisticsView({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation()
  const [range, setRange] = useState<StatsRange>(() => defaultStatsRange(Date.now(), timeZone))
  const queryClient = useQueryClient()
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
  // the zone the figures shown were counted in (the server's answer), the tenant's until then
  const zone = o?.timeZone ?? timeZone
  const zoneNote = !o
    ? t('statistics.zoneNoteZone', { zone })
    : o.rolledUpTo
      ? t('statistics.zoneNote', {
          zone,
          time: formatDateTime(o.rolledUpTo, -new Date().getTimezoneOffset()),
        })
      : t('statistics.zoneNoteEmpty', { zone })
  const failed = query.isError && !o
  return (
    <PageFrame
      title={t('menu.dataStatistics')}
      sections
      actions={
        <>
          <Button
            icon={<ReloadOutlined />}
            loading={loading}
            onClick={() => {
              void query.refetch()
              // the ratings of the same days, on their tab
              void queryClient.invalidateQueries({ queryKey: SupportKey.satisfactionReport })
            }}
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
        </>
      }
    >
      <PageSection>
        <Flex gap={12} wrap align="center">
          {/* the figures follow each choice of dates at once: there is no list to search */}
          <Form name="stats-filters" layout="inline">
            <Form.Item label={t('statistics.range')} style={{ marginInlineEnd: 0 }}>
              <StatsRangePicker value={range} onChange={setRange} timeZone={timeZone} />
            </Form.Item>
          </Form>
          <Typography.Text type="secondary" data-testid="stats-zone">
            {zoneNote}
          </Typography.Text>
          <HelpTip text={`${t('statistics.help.turns')} ${t('statistics.help.percentile')}`} />
        </Flex>
        {failed ? (
          <Result
            status="warning"
            title={t('statistics.loadFailed')}
            extra={<Button onClick={() => void query.refetch()}>{t('statistics.retry')}</Button>}
            data-testid="stats-load-failed"
          />
        ) : (
          <TotalsPanel totals={o?.totals} loading={loading} />
        )}
      </PageSection>
      {!failed && (
        <>
          <PageSection title={t('statistics.chart.title')}>
            <LazyStatsChart overview={o} />
          </PageSection>
          <PageSection>
            <Tabs
              items={[
                {
                  key: 'days',
                  label: t('statistics.tab.days'),
                  children: (
                    <FiguresTable
                      rows={rows.days}
                      labelTitle={t('statistics.column.day')}
                      caption={t('statistics.tab.days')}
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
                      caption={t('statistics.tab.accounts')}
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
                      caption={t('statistics.tab.agents')}
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
                {
                  key: 'satisfaction',
                  label: t('statistics.tab.satisfaction'),
                  children: <SatisfactionReport range={range} />,
                },
              ]}
            />
          </PageSection>
        </>
      )}
    </PageFrame>
  )
}

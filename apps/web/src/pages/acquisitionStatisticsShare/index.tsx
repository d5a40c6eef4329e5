import { BarChartOutlined } from '@ant-design/icons'
import { ErrorCode, errorMessage } from '@app/core'
import { keepPreviousData, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Flex, Result, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { publicAcquisitionStats } from '../../api/acquisition'
import { ApiError } from '../../api/request'
import { queryClient } from '../../app/queryClient'
import { LanguageSwitch } from '../../components/LanguageSwitch'
import { currentLanguage } from '../../i18n'
import { AcquisitionTable } from '../accountManage/customerAcquisitionStatistics/components/AcquisitionTable'
import { BreakdownTables } from '../accountManage/customerAcquisitionStatistics/components/BreakdownTables'
import { LazyAcquisitionChart } from '../accountManage/customerAcquisitionStatistics/components/LazyAcquisitionChart'
import { RangeFilter } from '../accountManage/customerAcquisitionStatistics/components/RangeFilter'
import {
  type DayRange,
  defaultRange,
  toRequestRange,
} from '../accountManage/customerAcquisitionStatistics/components/range'

/** Length bounds of a share code, as the server checks them. */
const CODE_MIN = 8
const CODE_MAX = 64

const isInvalidCode = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === ErrorCode.shareCodeInvalid

function SharedStatistics() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const code = params.get('c')?.trim() ?? ''
  const wellFormed = code.length >= CODE_MIN && code.length <= CODE_MAX
  const [range, setRange] = useState<DayRange>(() => defaultRange())
  const request = useMemo(() => toRequestRange(range), [range])
  const stats = useQuery({
    queryKey: ['acquisition', 'public', code, request],
    queryFn: () => publicAcquisitionStats(code, request),
    enabled: wellFormed,
    placeholderData: keepPreviousData,
  })

  if (!wellFormed || isInvalidCode(stats.error)) {
    const text = isInvalidCode(stats.error)
      ? stats.error.message
      : errorMessage(ErrorCode.shareCodeInvalid, currentLanguage())
    return (
      <Card>
        <Result status="warning" title={text} data-testid="s2-invalid" />
      </Card>
    )
  }

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex gap={12} wrap align="center">
          <RangeFilter value={range} onChange={setRange} />
        </Flex>
        {stats.isError && (
          <Alert
            type="error"
            showIcon
            title={stats.error instanceof Error ? stats.error.message : t('acquisition.loadFailed')}
            action={
              <Button size="small" onClick={() => void stats.refetch()}>
                {t('acquisition.retry')}
              </Button>
            }
            data-testid="s2-load-failed"
          />
        )}
        {stats.isError && !stats.data ? null : (
          <>
            <LazyAcquisitionChart stats={stats.data} />
            <AcquisitionTable stats={stats.data} loading={stats.isFetching} />
            <BreakdownTables stats={stats.data} loading={stats.isFetching} />
          </>
        )}
      </Flex>
    </Card>
  )
}

/** /s2?c=<code>: the acquisition statistics behind a share code, read-only, with no sign-in. */
export default function ShareAcquisitionStatisticsPage() {
  const { t } = useTranslation()
  return (
    <QueryClientProvider client={queryClient}>
      <Flex
        vertical
        gap={16}
        style={{ minHeight: '100vh', padding: 16, boxSizing: 'border-box', background: '#f5f5f5' }}
      >
        <Flex justify="space-between" align="center" gap={12} wrap>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              <BarChartOutlined /> {t('acquisition.public.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('acquisition.public.subtitle')}</Typography.Text>
          </div>
          <LanguageSwitch />
        </Flex>
        <SharedStatistics />
      </Flex>
    </QueryClientProvider>
  )
}

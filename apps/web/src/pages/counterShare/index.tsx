import { CalculatorOutlined } from '@ant-design/icons'
import { COUNTER_REFRESH_MS, ErrorCode } from '@app/core'
import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { Card, Flex, Result, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { publicCounterTally } from '../../api/diversion'
import { ApiError } from '../../api/request'
import { queryClient } from '../../app/queryClient'
import { LanguageSwitch } from '../../components/LanguageSwitch'
import { TallyView } from '../counter/components/TallyView'

const CODE_MIN = 8
const CODE_MAX = 64

function SharedTally() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const code = params.get('c')?.trim() ?? ''
  const wellFormed = code.length >= CODE_MIN && code.length <= CODE_MAX
  const tally = useQuery({
    queryKey: ['counter', 'public', code],
    queryFn: () => publicCounterTally(code),
    enabled: wellFormed,
    refetchInterval: COUNTER_REFRESH_MS,
    retry: false,
  })
  const invalid = tally.error instanceof ApiError && tally.error.code === ErrorCode.counterShareInvalid
  if (!wellFormed || invalid)
    return (
      <Card>
        <Result
          status="warning"
          title={t('diversion.counterShare.invalid')}
          data-testid="counter-share-invalid"
        />
      </Card>
    )
  return (
    <Card>
      <TallyView tally={tally.data} loading={tally.isLoading} />
    </Card>
  )
}

/** /counterShare?c=<code>: a counter's live tally, read-only, with no sign-in. */
export default function CounterSharePage() {
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
              <CalculatorOutlined /> {t('diversion.counterShare.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('diversion.counterShare.subtitle')}</Typography.Text>
          </div>
          <LanguageSwitch />
        </Flex>
        <SharedTally />
      </Flex>
    </QueryClientProvider>
  )
}

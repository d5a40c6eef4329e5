import type { StatFigures } from '@app/core'
import { Card, Flex, Statistic } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDuration, formatRate } from './format'
import { TitleWithHelp } from './HelpTip'

/** The range's totals, one tile per figure. */
export function TotalsPanel({ totals, loading }: { totals: StatFigures | undefined; loading: boolean }) {
  const { t } = useTranslation()
  const tiles: [string, string | number | undefined][] = [
    ['messagesIn', totals?.messagesIn],
    ['messagesOut', totals?.messagesOut],
    ['newFans', totals?.newFans],
    ['sessionsOpened', totals?.sessionsOpened],
    ['turnsAnswered', totals?.turnsAnswered],
    ['turnsUnanswered', totals?.turnsUnanswered],
    ['replyRate', totals ? formatRate(totals.replyRate) : undefined],
    ['p50', totals ? formatDuration(totals.p50Ms, t) : undefined],
    ['p90', totals ? formatDuration(totals.p90Ms, t) : undefined],
    ['breaches', totals?.breaches],
  ]
  const titleOf = (key: string): ReactNode =>
    key === 'breaches' ? (
      <TitleWithHelp title={t('statistics.figure.breaches')} help={t('statistics.help.breaches')} />
    ) : (
      t(`statistics.figure.${key}`)
    )
  return (
    <Flex wrap gap={12}>
      {tiles.map(([key, value]) => (
        <Card key={key} size="small" style={{ flex: '1 1 150px' }} data-testid={`stats-total-${key}`}>
          <Statistic title={titleOf(key)} value={value ?? '-'} loading={loading && !totals} />
        </Card>
      ))}
    </Flex>
  )
}

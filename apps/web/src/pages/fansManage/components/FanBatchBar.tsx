import { Button, Flex, Radio, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmCountdownButton } from '../../../components/ConfirmCountdownButton'

/** What a batch works on: the selected rows, or every customer the filter matches. */
export type FanBatchScope = 'selected' | 'all'

interface Props {
  selected: number
  /** customers the filter matches (unknown while counting) */
  total: number | undefined
  scope: FanBatchScope
  onScope: (scope: FanBatchScope) => void
  onLabels: () => void
  onMassSend: (allowed: boolean) => Promise<unknown>
  onInvalid: (invalid: boolean) => Promise<unknown>
  onMigrate: () => void
}

/**
 * Batch actions: labels and mass send on the selection or on every matching customer (asked
 * again, with the count, before a whole filter changes); invalid, restore and hand-over on the
 * selection only. Each is disabled until it has customers to work on.
 */
export function FanBatchBar(p: Props) {
  const { t } = useTranslation()
  const all = p.scope === 'all'
  const noTarget = all ? !p.total : p.selected === 0
  const noSelection = all || p.selected === 0
  const confirmAll = (label: string, testId: string, run: () => Promise<unknown>): ReactNode =>
    all ? (
      <ConfirmCountdownButton
        disabled={noTarget}
        title={t('fans.batch.allTitle')}
        content={t('fans.batch.allText', { count: p.total ?? 0 })}
        onConfirm={run}
        testId={testId}
      >
        {label}
      </ConfirmCountdownButton>
    ) : (
      <Button disabled={noTarget} onClick={() => void run().catch(() => undefined)} data-testid={testId}>
        {label}
      </Button>
    )

  return (
    <Flex gap={8} align="center" wrap data-testid="fan-batch">
      <Radio.Group
        optionType="button"
        value={p.scope}
        onChange={(e) => p.onScope(e.target.value as FanBatchScope)}
        options={[
          { value: 'selected', label: `${t('fans.batch.scopeSelected')} (${p.selected})` },
          { value: 'all', label: `${t('fans.batch.scopeAll')} (${p.total ?? '…'})` },
        ]}
        data-testid="fan-batch-scope"
      />
      <Typography.Text type="secondary" data-testid="fan-selected">
        {t('fans.batch.selected', { count: p.selected })}
      </Typography.Text>
      <Button disabled={noTarget} onClick={p.onLabels} data-testid="fan-batch-labels">
        {t('fans.batch.labels')}
      </Button>
      {confirmAll(t('fans.batch.allowMass'), 'fan-batch-allow-mass', () => p.onMassSend(true))}
      {confirmAll(t('fans.batch.forbidMass'), 'fan-batch-forbid-mass', () => p.onMassSend(false))}
      <ConfirmCountdownButton
        disabled={noSelection}
        danger
        title={t('fans.batch.invalidTitle')}
        content={t('fans.batch.invalidText', { count: p.selected })}
        onConfirm={() => p.onInvalid(true)}
        testId="fan-batch-invalid"
      >
        {t('fans.batch.markInvalid')}
      </ConfirmCountdownButton>
      <Button
        disabled={noSelection}
        onClick={() => void p.onInvalid(false).catch(() => undefined)}
        data-testid="fan-batch-restore"
      >
        {t('fans.batch.restore')}
      </Button>
      <Button disabled={noSelection} onClick={p.onMigrate} data-testid="fan-batch-migrate">
        {t('fans.batch.migrate')}
      </Button>
    </Flex>
  )
}

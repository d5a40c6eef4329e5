import { type FanImportLine, FanImportOutcome, type FanImportOutcomeValue } from '@app/core'
import { Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

const COLOR: Record<FanImportOutcomeValue, string> = {
  added: 'green',
  exists: 'blue',
  notOnWhatsApp: 'orange',
  invalid: 'red',
}

/** The outcome of each imported line, with the totals per outcome. */
export function FanImportResults({ items }: { items: FanImportLine[] }) {
  const { t } = useTranslation()
  const count = (o: FanImportOutcomeValue) => items.filter((i) => i.outcome === o).length
  return (
    <>
      <Typography.Paragraph data-testid="fan-import-summary">
        {t('fans.import.summary', {
          added: count(FanImportOutcome.added),
          exists: count(FanImportOutcome.exists),
          notOnWhatsApp: count(FanImportOutcome.notOnWhatsApp),
          invalid: count(FanImportOutcome.invalid),
        })}
      </Typography.Paragraph>
      <Table<FanImportLine & { key: number }>
        size="small"
        dataSource={items.map((i, key) => ({ ...i, key }))}
        pagination={{ pageSize: 8, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { key: 'line', title: t('fans.import.line'), dataIndex: 'line' },
          {
            key: 'outcome',
            title: t('fans.import.outcome'),
            width: 160,
            render: (_, i) => <Tag color={COLOR[i.outcome]}>{t(`fans.import.outcomes.${i.outcome}`)}</Tag>,
          },
        ]}
        data-testid="fan-import-results"
      />
    </>
  )
}

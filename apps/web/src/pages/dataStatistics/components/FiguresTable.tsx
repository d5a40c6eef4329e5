import type { StatFigures } from '@app/core'
import { Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { formatDuration, formatRate } from './format'

export type FiguresRow = StatFigures & { key: string | number; label: string }

/** One line per day, account or agent, with every figure as a column. */
export function FiguresTable({
  rows,
  labelTitle,
  loading,
  testId,
}: {
  rows: FiguresRow[]
  labelTitle: string
  loading: boolean
  testId: string
}) {
  const { t } = useTranslation()
  const num = (key: keyof StatFigures) => ({
    title: t(`statistics.figure.${key}`),
    dataIndex: key,
    align: 'right' as const,
  })
  const columns: ColumnsType<FiguresRow> = [
    { title: labelTitle, dataIndex: 'label', fixed: 'left' },
    num('messagesIn'),
    num('messagesOut'),
    num('newFans'),
    num('sessionsOpened'),
    num('turns'),
    num('turnsAnswered'),
    num('turnsUnanswered'),
    { title: t('statistics.figure.replyRate'), align: 'right', render: (_, r) => formatRate(r.replyRate) },
    { title: t('statistics.figure.p50'), align: 'right', render: (_, r) => formatDuration(r.p50Ms, t) },
    { title: t('statistics.figure.p90'), align: 'right', render: (_, r) => formatDuration(r.p90Ms, t) },
  ]
  return (
    <Table<FiguresRow>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('statistics.noData') }}
      data-testid={testId}
    />
  )
}

import type { StatFigures } from '@app/core'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../components/page/DataTable'
import type { PageColumn } from '../../../components/page/tableColumns'
import { formatDuration, formatRate } from './format'
import { ColumnTitleWithHelp } from './HelpTip'
import { NoFigures } from './NoFigures'

export type FiguresRow = StatFigures & { key: string | number; label: string }

/** A figure's column: right-aligned, as wide as its heading needs. */
const FIGURE_WIDTH = 90
/** Days a table shows on one page: a month's days fit. */
const FIGURES_PAGE_SIZE = 31

/** One line per day, account or agent, with every figure as a column. */
export function FiguresTable({
  rows,
  labelTitle,
  caption,
  loading,
  testId,
}: {
  rows: FiguresRow[]
  labelTitle: string
  /** the table's accessible name */
  caption: string
  loading: boolean
  testId: string
}) {
  const { t } = useTranslation()
  const num = (key: keyof StatFigures): PageColumn<FiguresRow> => ({
    key,
    title: t(`statistics.figure.${key}`),
    dataIndex: key,
    align: 'right',
    width: FIGURE_WIDTH,
  })
  const columns: PageColumn<FiguresRow>[] = [
    { key: 'label', title: labelTitle, dataIndex: 'label', fixed: 'left', width: 140 },
    num('messagesIn'),
    num('messagesOut'),
    num('newFans'),
    num('sessionsOpened'),
    num('turns'),
    num('turnsAnswered'),
    num('turnsUnanswered'),
    { ...num('replyRate'), render: (_, r) => formatRate(r.replyRate) },
    {
      key: 'p50',
      title: t('statistics.figure.p50'),
      align: 'right',
      width: FIGURE_WIDTH,
      render: (_, r) => formatDuration(r.p50Ms, t),
    },
    {
      key: 'p90',
      title: t('statistics.figure.p90'),
      align: 'right',
      width: FIGURE_WIDTH,
      render: (_, r) => formatDuration(r.p90Ms, t),
    },
    {
      ...num('breaches'),
      header: (
        <ColumnTitleWithHelp title={t('statistics.figure.breaches')} help={t('statistics.help.breaches')} />
      ),
      render: (n: number, r) => <span data-testid={`${testId}-breaches-${r.key}`}>{n}</span>,
    },
  ]
  return (
    <DataTable<FiguresRow>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={
        rows.length > FIGURES_PAGE_SIZE ? { pageSize: FIGURES_PAGE_SIZE, showSizeChanger: false } : false
      }
      empty={<NoFigures testId={`${testId}-empty`} />}
      aria-label={caption}
      data-testid={testId}
    />
  )
}

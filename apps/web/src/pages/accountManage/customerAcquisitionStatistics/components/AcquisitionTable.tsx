import type { AcquisitionStats } from '@app/core'
import { Table, type TableProps, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { PhoneText } from '../../../../components/page/PhoneText'
import { type AcquisitionRow, accountLabel, columnTotals, dayLabels } from './format'

interface Props {
  stats: AcquisitionStats | undefined
  loading: boolean
}

const DAY_WIDTH = 72

/** New fans per account (rows) and day (columns), each row's total, and a total row. */
export function AcquisitionTable({ stats, loading }: Props) {
  const { t } = useTranslation()
  const days = stats?.days ?? []
  const labels = dayLabels(days)
  const totals = stats ? columnTotals(stats) : { perDay: [], total: 0 }

  const columns: TableProps<AcquisitionRow>['columns'] = [
    {
      title: t('acquisition.account'),
      key: 'account',
      width: 180,
      fixed: 'left',
      render: (_, row) => (row.phone ? <PhoneText phone={row.phone} /> : accountLabel(row, t)),
    },
    ...days.map((day, i) => ({
      title: labels[i],
      key: String(day),
      width: DAY_WIDTH,
      align: 'right' as const,
      render: (_: unknown, row: AcquisitionRow) => row.counts[i] ?? 0,
    })),
    {
      title: t('acquisition.total'),
      dataIndex: 'total',
      width: 90,
      align: 'right',
      fixed: 'right',
      render: (total: number) => <Typography.Text strong>{total}</Typography.Text>,
    },
  ]

  return (
    <Table<AcquisitionRow>
      rowKey="accountId"
      size="small"
      bordered
      columns={columns}
      dataSource={stats?.rows ?? []}
      loading={loading}
      scroll={{ x: 180 + 90 + days.length * DAY_WIDTH }}
      pagination={{
        defaultPageSize: 50,
        showSizeChanger: true,
        showTotal: (total) => t('page.total', { count: total }),
      }}
      data-testid="acquisition-table"
      summary={() =>
        stats && stats.rows.length > 0 ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row data-testid="acquisition-total-row">
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('acquisition.totalRow')}</Typography.Text>
              </Table.Summary.Cell>
              {totals.perDay.map((n, i) => (
                <Table.Summary.Cell key={days[i]} index={i + 1} align="right">
                  <span data-testid={`acquisition-day-total-${i}`}>{n}</span>
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={days.length + 1} align="right">
                <Typography.Text strong data-testid="acquisition-grand-total">
                  {totals.total}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  )
}

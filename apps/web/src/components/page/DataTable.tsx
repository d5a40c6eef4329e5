import { Flex, Grid, Table, type TableProps } from 'antd'
import type { HTMLAttributes, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ColumnChooser, useColumnChoice } from './ColumnChooser'
import { type PageColumn, scrollWidth, toTableColumns } from './tableColumns'

export interface DataTableProps<Row extends object>
  extends Omit<TableProps<Row>, 'columns' | 'scroll' | 'locale' | 'onRow'> {
  columns: PageColumn<Row>[]
  /** a wide table's name: with it the table gets a column chooser, its choice kept under this name */
  chooserKey?: string
  /** what the table shows without rows: an `EmptyState` that says what to do */
  empty?: ReactNode
  /** left of the column chooser, above the table: batch actions, counts */
  toolbar?: ReactNode
  /** a test id per row */
  rowTestId?: (row: Row) => string
  scrollY?: number
}

/**
 * The table of a list page: columns through `toTableColumns`, the scroll width their sum (so
 * the fixed action column covers nothing), paging that always says the total, the page's own
 * empty state and, for wide tables, a column chooser.
 */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { t } = useTranslation()
  const { columns, chooserKey, empty, toolbar, rowTestId, scrollY, pagination, ...rest } = props
  const choice = useColumnChoice(chooserKey, columns)
  // on a phone a fixed column would take most of the width: every column scrolls there
  const narrow = Grid.useBreakpoint().md === false
  const shown = choice.shown
  const paging: TableProps<Row>['pagination'] =
    pagination === false || pagination === undefined
      ? pagination
      : {
          showSizeChanger: true,
          ...pagination,
          hideOnSinglePage: false,
          showTotal: (total: number) => t('page.total', { count: total }),
        }
  const table = (
    <Table<Row>
      {...rest}
      columns={toTableColumns(shown).map((c) => (narrow ? { ...c, fixed: undefined } : c))}
      scroll={{ x: scrollWidth(shown, !!props.rowSelection), ...(scrollY ? { y: scrollY } : {}) }}
      pagination={paging}
      locale={empty ? { emptyText: empty } : undefined}
      onRow={
        rowTestId ? (row) => ({ 'data-testid': rowTestId(row) }) as HTMLAttributes<HTMLElement> : undefined
      }
    />
  )
  if (!toolbar && !chooserKey) return table
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: 1, minWidth: 0 }}>{toolbar}</div>
        {chooserKey ? (
          <ColumnChooser columns={columns} choice={choice} testId={`${chooserKey}-columns`} />
        ) : null}
      </Flex>
      {table}
    </Flex>
  )
}

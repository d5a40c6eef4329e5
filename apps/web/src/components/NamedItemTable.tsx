import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { Button, Flex, type TableProps } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../utils/format'
import { ConfirmCountdownButton } from './ConfirmCountdownButton'
import { Highlight } from './Highlight'
import { DataTable } from './page/DataTable'
import { actionsWidth, type PageColumn } from './page/tableColumns'

/** A named thing the tenant keeps (a label, an account group, an agent group). */
export interface NamedItem {
  id: number
  name: string
  createdAt: number
}

export interface NamedItemTableProps<Row extends NamedItem> {
  /** the table is `<prefix>-table`, its rows `<prefix>-row-<name>`, its buttons `<prefix>-edit-<id>` and `<prefix>-delete-<id>` */
  testIdPrefix: string
  rows: Row[]
  loading: boolean
  pagination: TableProps<Row>['pagination']
  /** the search marked in the names */
  keyword?: string
  titles: { name: string; count: string; createdAt: string }
  /** how many things the item holds (customers, accounts, members) */
  count: { of: (row: Row) => number; width: number; align?: 'right' }
  createdAtWidth: number
  editText: string
  /** the delete dialog's text */
  deleteText: (row: Row) => string
  onEdit: (row: Row) => void
  onDelete: (row: Row) => Promise<unknown>
  /** what the table shows without rows (an `EmptyState` saying how to add one) */
  empty?: ReactNode
  /** columns of the item's own, after the count */
  extraColumns?: PageColumn<Row>[]
  /** an action of the item's own, before rename and delete, and its text (for the column's width) */
  extraAction?: { text: string; render: (row: Row) => ReactNode }
}

/** Named items with a count and their creation time; rename and delete (after a countdown) per row. */
export function NamedItemTable<Row extends NamedItem>(props: NamedItemTableProps<Row>) {
  const { testIdPrefix: prefix, titles } = props
  const { t } = useTranslation()
  const columns: PageColumn<Row>[] = [
    {
      key: 'name',
      title: titles.name,
      dataIndex: 'name',
      ellipsis: true,
      tooltip: (row) => row.name,
      render: (name: string) => <Highlight text={name} keyword={props.keyword} />,
    },
    {
      key: 'count',
      title: titles.count,
      width: props.count.width,
      align: props.count.align,
      render: (_, row) => props.count.of(row),
    },
    ...(props.extraColumns ?? []),
    {
      key: 'createdAt',
      title: titles.createdAt,
      dataIndex: 'createdAt',
      width: props.createdAtWidth,
      render: (v: number) => formatDate(v),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      actions: true,
      width: actionsWidth(
        [...(props.extraAction ? [props.extraAction.text] : []), props.editText, t('common.delete')],
        { icons: true, extra: 8 },
      ),
      render: (_, row) => (
        <Flex gap={4} wrap={false}>
          {props.extraAction?.render(row)}
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => props.onEdit(row)}
            data-testid={`${prefix}-edit-${row.id}`}
          >
            {props.editText}
          </Button>
          <ConfirmCountdownButton
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('common.deleteConfirmTitle')}
            content={props.deleteText(row)}
            okText={t('common.delete')}
            onConfirm={() => props.onDelete(row)}
            testId={`${prefix}-delete-${row.id}`}
          >
            {t('common.delete')}
          </ConfirmCountdownButton>
        </Flex>
      ),
    },
  ]
  return (
    <DataTable<Row>
      rowKey="id"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      pagination={props.pagination}
      empty={props.loading ? undefined : props.empty}
      rowTestId={(row) => `${prefix}-row-${row.name}`}
      data-testid={`${prefix}-table`}
    />
  )
}

import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import type { LabelView } from '@app/core'
import { Button, Flex, Table, type TableProps } from 'antd'
import type { HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmCountdownButton } from '../../../../components/ConfirmCountdownButton'
import { Highlight } from '../../../../components/Highlight'
import { formatDate } from '../../../../utils/date'

interface Props {
  rows: LabelView[]
  total: number
  loading: boolean
  pageNo: number
  pageSize: number
  keyword?: string
  onPage: (pageNo: number, pageSize: number) => void
  onEdit: (row: LabelView) => void
  onDelete: (row: LabelView) => Promise<unknown>
}

/** The tenant's labels with how many customers carry each; rename and delete per row. */
export function LabelTable(props: Props) {
  const { rows, total, loading, pageNo, pageSize, keyword, onPage, onEdit, onDelete } = props
  const { t } = useTranslation()
  const columns: TableProps<LabelView>['columns'] = [
    {
      title: t('label.name'),
      dataIndex: 'name',
      render: (name: string) => <Highlight text={name} keyword={keyword} />,
    },
    { title: t('label.fanCount'), dataIndex: 'fanCount', width: 140, align: 'right' },
    {
      title: t('label.createdAt'),
      dataIndex: 'createdAt',
      width: 200,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_, row) => (
        <Flex gap={8}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => onEdit(row)}
            data-testid={`label-edit-${row.id}`}
          >
            {t('label.renameAction')}
          </Button>
          <ConfirmCountdownButton
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('common.deleteConfirmTitle')}
            content={
              row.fanCount > 0
                ? t('label.deleteTextWithFans', { name: row.name, count: row.fanCount })
                : t('label.deleteText', { name: row.name })
            }
            okText={t('common.delete')}
            onConfirm={() => onDelete(row)}
            testId={`label-delete-${row.id}`}
          >
            {t('common.delete')}
          </ConfirmCountdownButton>
        </Flex>
      ),
    },
  ]
  return (
    <Table<LabelView>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onRow={(row) => ({ 'data-testid': `label-row-${row.name}` }) as HTMLAttributes<HTMLElement>}
      pagination={{ current: pageNo, pageSize, total, showSizeChanger: true, onChange: onPage }}
      data-testid="label-table"
    />
  )
}

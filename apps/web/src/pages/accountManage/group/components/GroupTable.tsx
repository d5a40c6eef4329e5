import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import type { AccountGroupView } from '@app/core'
import { Button, Flex, Table, type TableProps } from 'antd'
import type { HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmCountdownButton } from '../../../../components/ConfirmCountdownButton'
import { Highlight } from '../../../../components/Highlight'
import { formatDate } from '../../../../utils/date'

interface Props {
  rows: AccountGroupView[]
  loading: boolean
  keyword?: string
  onEdit: (row: AccountGroupView) => void
  onDelete: (row: AccountGroupView) => Promise<unknown>
}

/**
 * Account groups with their account counts. Deleting a group that still holds accounts is refused
 * by the server; the dialog says so beforehand and the server's message shows if tried.
 */
export function GroupTable({ rows, loading, keyword, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  const columns: TableProps<AccountGroupView>['columns'] = [
    {
      title: t('account.groupName'),
      dataIndex: 'name',
      render: (name: string) => <Highlight text={name} keyword={keyword} />,
    },
    { title: t('account.accountCount'), dataIndex: 'accountCount', width: 120, align: 'right' },
    {
      title: t('account.createdAt'),
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
            data-testid={`group-edit-${row.id}`}
          >
            {t('common.edit')}
          </Button>
          <ConfirmCountdownButton
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('common.deleteConfirmTitle')}
            content={
              row.accountCount > 0
                ? t('account.groupDeleteHasAccounts', { name: row.name, count: row.accountCount })
                : t('account.groupDeleteText', { name: row.name })
            }
            okText={t('common.delete')}
            onConfirm={() => onDelete(row)}
            testId={`group-delete-${row.id}`}
          >
            {t('common.delete')}
          </ConfirmCountdownButton>
        </Flex>
      ),
    },
  ]
  return (
    <Table<AccountGroupView>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      onRow={(row) => ({ 'data-testid': `group-row-${row.name}` }) as HTMLAttributes<HTMLElement>}
      data-testid="group-table"
    />
  )
}

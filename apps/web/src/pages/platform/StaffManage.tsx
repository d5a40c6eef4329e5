import type { AdminUserView, UserCreateBody } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Card, Flex, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  createUser,
  deleteUser,
  queryUsers,
  resetUserPassword,
  updateUserDetails,
  updateUserStatus,
} from '../../api/platform'
import { Highlight } from '../../components/Highlight'
import { UserListTable } from '../../components/userList/UserListTable'
import { UserListToolbar } from '../../components/userList/UserListToolbar'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'
import { StaffFormModal, type StaffRole } from './StaffFormModal'

interface Props {
  roleId: StaffRole
  /** the admin names the operations user of a new salesperson; operations create under themselves */
  choosesParent: boolean
}

/** Operations or business users: search, create, edit, enable/disable, reset password, delete. */
export function StaffManage({ roleId, choosesParent }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [query, setQuery] = useState({
    pageNo: 1,
    pageSize: 10,
    keyword: '',
    status: undefined as number | undefined,
  })
  const [form, setForm] = useState<{ open: boolean; editing: AdminUserView | null }>({
    open: false,
    editing: null,
  })

  const page = useQuery({
    queryKey: ['platform', 'users', roleId, query],
    queryFn: () =>
      queryUsers({
        roleId,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        keyword: query.keyword || undefined,
        status: query.status as 0 | 1 | undefined,
      }),
    placeholderData: keepPreviousData,
  })
  const saved = () => {
    message.success(t('common.saved'))
    return queryClient.invalidateQueries({ queryKey: ['platform', 'users'] })
  }
  const create = useMutation({ mutationFn: (b: UserCreateBody) => createUser(b), onSuccess: saved })
  const update = useMutation({
    mutationFn: ({ row, v }: { row: AdminUserView; v: { nickname: string; parentId?: number } }) =>
      updateUserDetails({ id: row.id, nickname: v.nickname, parentId: v.parentId }),
    onSuccess: saved,
  })

  const columns: TableProps<AdminUserView>['columns'] = [
    {
      title: t('platform.username'),
      dataIndex: 'username',
      render: (v: string) => <Highlight text={v} keyword={query.keyword} />,
    },
    {
      title: t('platform.nickname'),
      dataIndex: 'nickname',
      render: (v: string) => <Highlight text={v} keyword={query.keyword} />,
    },
    roleId === 2
      ? { title: t('platform.salespeople'), dataIndex: 'salespersonCount', width: 110 }
      : { title: t('platform.parent'), dataIndex: 'parentName', render: (v: string | null) => v ?? '-' },
    { title: t('platform.tenantCount'), dataIndex: 'tenantCount', width: 110 },
  ]

  return (
    <Card>
      <Flex vertical gap={16}>
        <UserListToolbar
          testIdPrefix="staff"
          searchWidth={260}
          statusWidth={140}
          status={query.status}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, keyword: v }))}
          onStatus={(v) => setQuery((q) => ({ ...q, pageNo: 1, status: v }))}
          createText={t(`platform.create.${roleId}`)}
          onCreate={() => setForm({ open: true, editing: null })}
        />
        <UserListTable<AdminUserView>
          testIdPrefix="staff"
          rows={page.data?.list ?? []}
          loading={page.isFetching}
          scrollX={1000}
          pagination={tablePaging(query, page.data?.total, setQuery)}
          columns={columns}
          trailingColumns={[
            {
              title: t('platform.createdAt'),
              dataIndex: 'createdAt',
              width: 180,
              render: (v: number) => formatDate(v),
            },
          ]}
          statusWidth={100}
          actionsWidth={260}
          invalidate={['platform', 'users']}
          setStatus={(row, status) => updateUserStatus(row.id, status)}
          remove={(row) => deleteUser(row.id)}
          resetPassword={resetUserPassword}
          deleteText={(row) => t('platform.deleteUserText', { name: row.username })}
          onEdit={(row) => setForm({ open: true, editing: row })}
        />
      </Flex>
      <StaffFormModal
        open={form.open}
        roleId={roleId}
        editing={form.editing}
        choosesParent={choosesParent}
        onClose={() => setForm({ open: false, editing: null })}
        onCreate={create.mutateAsync}
        onUpdate={(row, v) => update.mutateAsync({ row, v })}
      />
    </Card>
  )
}

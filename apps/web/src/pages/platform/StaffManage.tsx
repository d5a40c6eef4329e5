import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons'
import { type AdminUserView, type UserCreateBody, UserStatus } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Input, Select, Switch, Table, type TableProps } from 'antd'
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
import { ConfirmCountdownButton } from '../../components/ConfirmCountdownButton'
import { Highlight } from '../../components/Highlight'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'
import { PasswordResetModal } from './PasswordResetModal'
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
  const [keyword, setKeyword] = useState('')
  const [form, setForm] = useState<{ open: boolean; editing: AdminUserView | null }>({
    open: false,
    editing: null,
  })
  const [resetting, setResetting] = useState<AdminUserView | null>(null)

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
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['platform', 'users'] })
  const done = (text: string) => () => {
    message.success(text)
    return refresh()
  }
  const create = useMutation({
    mutationFn: (b: UserCreateBody) => createUser(b),
    onSuccess: done(t('common.saved')),
  })
  const update = useMutation({
    mutationFn: ({ row, v }: { row: AdminUserView; v: { nickname: string; parentId?: number } }) =>
      updateUserDetails({ id: row.id, nickname: v.nickname, parentId: v.parentId }),
    onSuccess: done(t('common.saved')),
  })
  const status = useMutation({
    mutationFn: ({ row, on }: { row: AdminUserView; on: boolean }) =>
      updateUserStatus(row.id, on ? UserStatus.enabled : UserStatus.disabled),
    onSuccess: done(t('platform.statusChanged')),
  })
  const remove = useMutation({
    mutationFn: (row: AdminUserView) => deleteUser(row.id),
    onSuccess: done(t('common.deleted')),
  })
  const reset = useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => resetUserPassword(id, password),
    onSuccess: () => message.success(t('platform.passwordReset')),
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
    {
      title: t('platform.status'),
      dataIndex: 'status',
      width: 100,
      render: (_: number, row) => (
        <Switch
          size="small"
          checked={row.status === UserStatus.enabled}
          disabled={!row.can.changeStatus}
          loading={status.isPending && status.variables?.row.id === row.id}
          onChange={(on) => status.mutate({ row, on })}
          aria-label={t('platform.status')}
          data-testid={`staff-status-${row.id}`}
        />
      ),
    },
    {
      title: t('platform.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 260,
      render: (_, row) => (
        <Flex gap={4} wrap>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            disabled={!row.can.edit}
            onClick={() => setForm({ open: true, editing: row })}
            data-testid={`staff-edit-${row.id}`}
          >
            {t('common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<KeyOutlined />}
            disabled={!row.can.resetPassword}
            onClick={() => setResetting(row)}
            data-testid={`staff-reset-${row.id}`}
          >
            {t('platform.resetPassword')}
          </Button>
          <ConfirmCountdownButton
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={!row.can.delete}
            title={t('common.deleteConfirmTitle')}
            content={t('platform.deleteUserText', { name: row.username })}
            okText={t('common.delete')}
            onConfirm={() => remove.mutateAsync(row)}
            testId={`staff-delete-${row.id}`}
          >
            {t('common.delete')}
          </ConfirmCountdownButton>
        </Flex>
      ),
    },
  ]

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="space-between" gap={12} wrap>
          <Flex gap={8} wrap>
            <Input.Search
              allowClear
              placeholder={t('platform.searchUser')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, keyword: v.trim() }))}
              style={{ width: 260 }}
              data-testid="staff-search"
            />
            <Select
              allowClear
              placeholder={t('platform.status')}
              style={{ width: 140 }}
              value={query.status}
              onChange={(v) => setQuery((q) => ({ ...q, pageNo: 1, status: v }))}
              options={[
                { value: UserStatus.enabled, label: t('platform.enabled') },
                { value: UserStatus.disabled, label: t('platform.disabled') },
              ]}
            />
          </Flex>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ open: true, editing: null })}
            data-testid="staff-create"
          >
            {t(`platform.create.${roleId}`)}
          </Button>
        </Flex>
        <Table<AdminUserView>
          rowKey="id"
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          scroll={{ x: 1000 }}
          pagination={tablePaging(query, page.data?.total, setQuery)}
          data-testid="staff-table"
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
      <PasswordResetModal
        user={resetting}
        onClose={() => setResetting(null)}
        onSubmit={(id, password) => reset.mutateAsync({ id, password })}
      />
    </Card>
  )
}

import { PlusOutlined } from '@ant-design/icons'
import { type AdminUserView, Role, type UserCreateBody, UserStatus } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Form, Input, Select } from 'antd'
import { type ReactNode, useState } from 'react'
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
import { EmptyState, NoMatches } from '../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../components/page/FilterBar'
import { PageFrame } from '../../components/page/PageFrame'
import {
  actionsWidth,
  headerWidth,
  type PageColumn,
  scrollWidth,
  toTableColumns,
} from '../../components/page/tableColumns'
import { UserListTable } from '../../components/userList/UserListTable'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'
import { StaffFormModal, type StaffRole } from './StaffFormModal'

interface Props {
  roleId: StaffRole
  /** the admin names the operations user of a new salesperson; operations create under themselves */
  choosesParent: boolean
  /** the page's heading */
  title: string
  /** between the heading and the filters: the tabs of a page that lists several kinds of staff */
  tabs?: ReactNode
}

interface StaffFilters {
  keyword?: string
  status?: 0 | 1
}

/** Operations or business users: search, create, edit, enable/disable, reset password, delete. */
export function StaffManage({ roleId, choosesParent, title, tabs }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form, setForm] = useState<{ open: boolean; editing: AdminUserView | null }>({
    open: false,
    editing: null,
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
  const openCreate = () => setForm({ open: true, editing: null })

  return (
    <PageFrame
      title={title}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="staff-create">
          {t(`platform.create.${roleId}`)}
        </Button>
      }
    >
      {tabs}
      {/* each role's list starts afresh: its filters and paging are its own */}
      <StaffList
        key={roleId}
        roleId={roleId}
        onCreate={openCreate}
        onEdit={(row) => setForm({ open: true, editing: row })}
      />
      <StaffFormModal
        open={form.open}
        roleId={roleId}
        editing={form.editing}
        choosesParent={choosesParent}
        onClose={() => setForm({ open: false, editing: null })}
        onCreate={create.mutateAsync}
        onUpdate={(row, v) => update.mutateAsync({ row, v })}
      />
    </PageFrame>
  )
}

/** One role's users: the filters and the table. */
function StaffList({
  roleId,
  onCreate,
  onEdit,
}: {
  roleId: StaffRole
  onCreate: () => void
  onEdit: (row: AdminUserView) => void
}) {
  const { t } = useTranslation()
  const [query, setQuery] = useState<{ pageNo: number; pageSize: number } & StaffFilters>({
    pageNo: 1,
    pageSize: 10,
  })
  const [filterForm] = Form.useForm<StaffFilters>()
  const page = useQuery({
    queryKey: ['platform', 'users', roleId, query],
    queryFn: () =>
      queryUsers({
        roleId,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        keyword: query.keyword || undefined,
        status: query.status,
      }),
    placeholderData: keepPreviousData,
  })

  const columns: PageColumn<AdminUserView>[] = [
    {
      key: 'username',
      title: t('platform.username'),
      dataIndex: 'username',
      width: 160,
      render: (v: string) => <Highlight text={v} keyword={query.keyword} />,
    },
    {
      key: 'nickname',
      title: t('platform.nickname'),
      dataIndex: 'nickname',
      width: 160,
      render: (v: string) => <Highlight text={v} keyword={query.keyword} />,
    },
    roleId === Role.operations
      ? { key: 'salespeople', title: t('platform.salespeople'), dataIndex: 'salespersonCount', width: 110 }
      : {
          key: 'parent',
          title: t('platform.parent'),
          dataIndex: 'parentName',
          width: 140,
          render: (v: string | null) => v ?? '-',
        },
    { key: 'tenants', title: t('platform.tenantCount'), dataIndex: 'tenantCount', width: 110 },
  ]
  const trailing: PageColumn<AdminUserView>[] = [
    {
      key: 'createdAt',
      title: t('platform.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (v: number) => formatDate(v),
    },
  ]
  const statusWidth = Math.max(100, headerWidth(t('platform.status')))
  const rowActionsWidth = actionsWidth([t('common.edit'), t('platform.resetPassword'), t('common.delete')])
  const filtered = !!(query.keyword || query.status !== undefined)
  const clearFilters = () => {
    filterForm.resetFields()
    setQuery((q) => ({ pageNo: 1, pageSize: q.pageSize }))
  }

  return (
    <>
      <FilterBar<StaffFilters>
        form={filterForm}
        name={`staff-${roleId}-filters`}
        onSearch={(v) =>
          setQuery((q) => ({
            pageNo: 1,
            pageSize: q.pageSize,
            keyword: v.keyword?.trim() || undefined,
            status: v.status,
          }))
        }
        buttonTestIdPrefix="staff-filter"
      >
        <FilterItem name="keyword" label={t('platform.keyword')}>
          <Input
            allowClear
            placeholder={t('platform.searchUser')}
            style={{ width: 220 }}
            data-testid="staff-search"
          />
        </FilterItem>
        <FilterItem name="status" label={t('platform.status')}>
          <Select<0 | 1>
            allowClear
            placeholder={t('common.all')}
            style={{ width: 140 }}
            options={[
              { value: UserStatus.enabled, label: t('platform.enabled') },
              { value: UserStatus.disabled, label: t('platform.disabled') },
            ]}
          />
        </FilterItem>
      </FilterBar>
      <UserListTable<AdminUserView>
        testIdPrefix="staff"
        rows={page.data?.list ?? []}
        loading={page.isFetching}
        scrollX={scrollWidth([...columns, ...trailing], false) + statusWidth + rowActionsWidth}
        pagination={tablePaging(query, page.data?.total, setQuery)}
        columns={toTableColumns(columns)}
        trailingColumns={toTableColumns(trailing)}
        statusWidth={statusWidth}
        actionsWidth={rowActionsWidth}
        invalidate={['platform', 'users']}
        setStatus={(row, status) => updateUserStatus(row.id, status)}
        remove={(row) => deleteUser(row.id)}
        resetPassword={resetUserPassword}
        deleteText={(row) => t('platform.deleteUserText', { name: row.username })}
        onEdit={onEdit}
        empty={
          filtered ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t(`platform.empty.staffTitle.${roleId}`)}
              hint={t(`platform.empty.staffHint.${roleId}`)}
              action={{ label: t(`platform.create.${roleId}`), onClick: onCreate }}
            />
          )
        }
      />
    </>
  )
}

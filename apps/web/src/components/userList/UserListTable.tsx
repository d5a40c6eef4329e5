import { UserStatus } from '@app/core'
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Switch, Table, type TableProps } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordResetModal } from './PasswordResetModal'
import { UserRowActions, type UserRowCan } from './UserRowActions'

/** A user as a managed list shows it. */
export interface ManagedUserRow {
  id: number
  username: string
  status: number
  can?: UserRowCan
}

export interface UserListTableProps<Row extends ManagedUserRow> {
  /** the table is `<prefix>-table`; its switches and buttons `<prefix>-status-<id>`, `<prefix>-edit-<id>`… */
  testIdPrefix: string
  rows: Row[]
  loading: boolean
  pagination: TableProps<Row>['pagination']
  scrollX: number
  /** the columns before the status switch, and those after it (before the actions) */
  columns: ColumnsType<Row>
  trailingColumns?: ColumnsType<Row>
  statusWidth: number
  actionsWidth: number
  /** what to refetch after a change */
  invalidate: QueryKey
  setStatus: (row: Row, status: 0 | 1) => Promise<unknown>
  remove: (row: Row) => Promise<unknown>
  resetPassword: (id: number, password: string) => Promise<unknown>
  deleteText: (row: Row) => string
  onEdit: (row: Row) => void
  /** buttons between edit and reset password */
  extraActions?: (row: Row) => ReactNode
  /** what the table says without rows: an `EmptyState` with the way to add one */
  empty?: ReactNode
}

/**
 * A managed list of users (agents, operations, salespeople): their columns, an enable switch,
 * and edit, reset password and delete per row. Owns the switch, delete and reset calls and the
 * reset dialog; the page owns its query, its form and its toolbar.
 */
export function UserListTable<Row extends ManagedUserRow>(props: UserListTableProps<Row>) {
  const { testIdPrefix: prefix, invalidate } = props
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [resetting, setResetting] = useState<Row | null>(null)
  const done = (text: string) => () => {
    message.success(text)
    return queryClient.invalidateQueries({ queryKey: invalidate })
  }
  const status = useMutation({
    mutationFn: ({ row, on }: { row: Row; on: boolean }) =>
      props.setStatus(row, on ? UserStatus.enabled : UserStatus.disabled),
    onSuccess: done(t('platform.statusChanged')),
  })
  const remove = useMutation({ mutationFn: props.remove, onSuccess: done(t('common.deleted')) })
  const reset = useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => props.resetPassword(id, password),
    onSuccess: () => message.success(t('platform.passwordReset')),
  })

  const columns: ColumnsType<Row> = [
    ...props.columns,
    {
      title: t('platform.status'),
      dataIndex: 'status',
      width: props.statusWidth,
      render: (_: number, row) => (
        <Switch
          size="small"
          checked={row.status === UserStatus.enabled}
          disabled={row.can?.changeStatus === false}
          loading={status.isPending && status.variables?.row.id === row.id}
          onChange={(on) => status.mutate({ row, on })}
          aria-label={t('platform.status')}
          data-testid={`${prefix}-status-${row.id}`}
        />
      ),
    },
    ...(props.trailingColumns ?? []),
    {
      title: t('common.actions'),
      key: 'actions',
      width: props.actionsWidth,
      fixed: 'right',
      // the buttons stay on one line; the width is the caller's to size
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, row) => (
        <UserRowActions
          id={row.id}
          testIdPrefix={prefix}
          can={row.can}
          onEdit={() => props.onEdit(row)}
          onResetPassword={() => setResetting(row)}
          extra={props.extraActions?.(row)}
          remove={{ text: props.deleteText(row), onConfirm: () => remove.mutateAsync(row) }}
        />
      ),
    },
  ]

  return (
    <>
      <Table<Row>
        rowKey="id"
        columns={columns}
        dataSource={props.rows}
        loading={props.loading}
        scroll={{ x: props.scrollX }}
        pagination={
          props.pagination
            ? {
                ...props.pagination,
                hideOnSinglePage: false,
                showTotal: (total: number) => t('page.total', { count: total }),
              }
            : props.pagination
        }
        locale={props.empty && !props.loading ? { emptyText: props.empty } : undefined}
        data-testid={`${prefix}-table`}
      />
      <PasswordResetModal
        user={resetting}
        onClose={() => setResetting(null)}
        onSubmit={(id, password) => reset.mutateAsync({ id, password })}
      />
    </>
  )
}

import { ExperimentOutlined, PlusOutlined } from '@ant-design/icons'
import { type AdminUserView, Role, UserStatus } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Form, Input, Switch, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  addTestUser,
  createUser,
  queryUsers,
  resetUserPassword,
  updateRiskStatus,
  updateSpecialChannel,
  updateUserDetails,
  updateUserStatus,
} from '../../api/platform'
import { Highlight } from '../../components/Highlight'
import { DataTable } from '../../components/page/DataTable'
import { EmptyState, NoMatches } from '../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../components/page/FilterBar'
import { PageFrame } from '../../components/page/PageFrame'
import { actionsWidth, type PageColumn } from '../../components/page/tableColumns'
import { PasswordResetModal } from '../../components/userList/PasswordResetModal'
import { UserRowActions } from '../../components/userList/UserRowActions'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'
import { type SupervisorEdit, SupervisorFormModal, type SupervisorMode } from './SupervisorFormModal'

/** /customerMasterManage: supervisors, each the owner of one tenant, with its VIP, risk, channel and seller. */
export default function SupervisorManage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [query, setQuery] = useState({ pageNo: 1, pageSize: 10, keyword: '' })
  const [filterForm] = Form.useForm<{ keyword?: string }>()
  const [form, setForm] = useState<{ mode: SupervisorMode | null; editing: AdminUserView | null }>({
    mode: null,
    editing: null,
  })
  const [resetting, setResetting] = useState<AdminUserView | null>(null)
  const page = useQuery({
    queryKey: ['platform', 'users', Role.customerMaster, query],
    queryFn: () => queryUsers({ roleId: Role.customerMaster, ...query, keyword: query.keyword || undefined }),
    placeholderData: keepPreviousData,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['platform'] })
  const saved = () => {
    message.success(t('common.saved'))
    return refresh()
  }
  const create = useMutation({ mutationFn: createUser, onSuccess: saved })
  const trial = useMutation({ mutationFn: addTestUser, onSuccess: saved })
  const update = useMutation({ mutationFn: (b: SupervisorEdit) => updateUserDetails(b), onSuccess: saved })
  const flags = useMutation({
    mutationFn: ({
      row,
      kind,
      on,
    }: {
      row: AdminUserView
      kind: 'status' | 'risk' | 'channel'
      on: boolean
    }) =>
      kind === 'status'
        ? updateUserStatus(row.id, on ? UserStatus.enabled : UserStatus.disabled)
        : kind === 'risk'
          ? updateRiskStatus(row.id, on ? 1 : 0)
          : updateSpecialChannel(row.id, on ? 1 : 0),
    onSuccess: saved,
  })
  const reset = useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => resetUserPassword(id, password),
    onSuccess: () => message.success(t('platform.passwordReset')),
  })
  const busyOn = (row: AdminUserView, kind: string) =>
    flags.isPending && flags.variables?.row.id === row.id && flags.variables.kind === kind
  const flagSwitch = (row: AdminUserView, kind: 'status' | 'risk' | 'channel', checked: boolean) => (
    <Switch
      size="small"
      checked={checked}
      disabled={!row.can.changeStatus}
      loading={busyOn(row, kind)}
      onChange={(on) => flags.mutate({ row, kind, on })}
      aria-label={t(`platform.flag.${kind}`)}
      data-testid={`supervisor-${kind}-${row.id}`}
    />
  )

  const columns: PageColumn<AdminUserView>[] = [
    {
      key: 'enterprise',
      title: t('platform.enterpriseAccount'),
      width: 220,
      render: (_, r) => (
        <Flex vertical>
          <Highlight text={r.tenant?.enterpriseAccount ?? ''} keyword={query.keyword} />
          <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>
            <Highlight text={r.tenant?.tenantName ?? ''} keyword={query.keyword} />
          </span>
        </Flex>
      ),
    },
    {
      key: 'username',
      title: t('platform.supervisorName'),
      dataIndex: 'username',
      width: 150,
      render: (v: string) => <Highlight text={v} keyword={query.keyword} />,
    },
    {
      key: 'vip',
      title: t('platform.vip'),
      width: 230,
      render: (_, r) =>
        r.tenant?.validEndDate ? (
          <Flex vertical>
            <span>
              {formatDate(r.tenant.validStartDate ?? 0, 'YYYY-MM-DD')} ~{' '}
              {formatDate(r.tenant.validEndDate, 'YYYY-MM-DD')}
            </span>
            {r.tenant.vipDaysLeft > 0 ? (
              <Tag color={r.tenant.vipDaysLeft <= 7 ? 'orange' : 'green'}>
                {t('platform.daysLeft', { count: r.tenant.vipDaysLeft })}
              </Tag>
            ) : (
              <Tag color="red">{t('platform.vipEnded')}</Tag>
            )}
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      key: 'seller',
      title: t('platform.seller'),
      width: 130,
      ellipsis: true,
      render: (_, r) => r.tenant?.sellerName ?? '-',
    },
    {
      key: 'risk',
      title: t('platform.flag.risk'),
      width: 90,
      render: (_, r) => flagSwitch(r, 'risk', r.tenant?.riskStatus === 1),
    },
    {
      key: 'channel',
      title: t('platform.flag.channel'),
      width: 90,
      render: (_, r) => flagSwitch(r, 'channel', r.tenant?.specialChannel === 1),
    },
    {
      key: 'status',
      title: t('platform.flag.status'),
      width: 90,
      render: (_, r) => flagSwitch(r, 'status', r.status === UserStatus.enabled),
    },
    {
      key: 'test',
      title: t('platform.testTenant'),
      width: 80,
      render: (_, r) => (r.tenant?.test ? <Tag>{t('platform.trial')}</Tag> : null),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: actionsWidth([t('common.edit'), t('platform.resetPassword')]),
      actions: true,
      render: (_, row) => (
        <UserRowActions
          id={row.id}
          testIdPrefix="supervisor"
          can={row.can}
          onEdit={() => setForm({ mode: 'edit', editing: row })}
          onResetPassword={() => setResetting(row)}
        />
      ),
    },
  ]
  const openCreate = () => setForm({ mode: 'create', editing: null })
  const clearFilters = () => {
    filterForm.resetFields()
    setQuery((q) => ({ ...q, pageNo: 1, keyword: '' }))
  }

  return (
    <PageFrame
      title={t('menu.customerMasterManage')}
      actions={
        <>
          <Button
            icon={<ExperimentOutlined />}
            onClick={() => setForm({ mode: 'trial', editing: null })}
            data-testid="supervisor-trial"
          >
            {t('platform.addTestUser')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="supervisor-create">
            {t('platform.create.4')}
          </Button>
        </>
      }
    >
      <FilterBar<{ keyword?: string }>
        form={filterForm}
        name="supervisor-filters"
        onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, keyword: v.keyword?.trim() ?? '' }))}
        buttonTestIdPrefix="supervisor-filter"
      >
        <FilterItem name="keyword" label={t('platform.keyword')}>
          <Input
            allowClear
            placeholder={t('platform.searchSupervisor')}
            style={{ width: 300 }}
            data-testid="supervisor-search"
          />
        </FilterItem>
      </FilterBar>
      <DataTable<AdminUserView>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={tablePaging(query, page.data?.total, setQuery)}
        data-testid="supervisor-table"
        empty={
          page.isFetching ? undefined : query.keyword ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('platform.empty.supervisorTitle')}
              hint={t('platform.empty.supervisorHint')}
              action={{ label: t('platform.create.4'), onClick: openCreate }}
            />
          )
        }
      />
      <SupervisorFormModal
        mode={form.mode}
        editing={form.editing}
        onClose={() => setForm({ mode: null, editing: null })}
        onCreate={create.mutateAsync}
        onTrial={trial.mutateAsync}
        onUpdate={update.mutateAsync}
      />
      <PasswordResetModal
        user={resetting}
        onClose={() => setResetting(null)}
        onSubmit={(id, password) => reset.mutateAsync({ id, password })}
      />
    </PageFrame>
  )
}

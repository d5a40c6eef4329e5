import { ExperimentOutlined, PlusOutlined } from '@ant-design/icons'
import { type AdminUserView, Role, UserStatus } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Input, Switch, Table, type TableProps, Tag } from 'antd'
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
  const [keyword, setKeyword] = useState('')
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

  const columns: TableProps<AdminUserView>['columns'] = [
    {
      title: t('platform.enterpriseAccount'),
      key: 'enterprise',
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
      title: t('platform.supervisorName'),
      dataIndex: 'username',
      render: (v: string) => <Highlight text={v} keyword={query.keyword} />,
    },
    {
      title: t('platform.vip'),
      key: 'vip',
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
    { title: t('platform.seller'), key: 'seller', render: (_, r) => r.tenant?.sellerName ?? '-' },
    {
      title: t('platform.flag.risk'),
      key: 'risk',
      width: 90,
      render: (_, r) => flagSwitch(r, 'risk', r.tenant?.riskStatus === 1),
    },
    {
      title: t('platform.flag.channel'),
      key: 'channel',
      width: 90,
      render: (_, r) => flagSwitch(r, 'channel', r.tenant?.specialChannel === 1),
    },
    {
      title: t('platform.flag.status'),
      key: 'status',
      width: 90,
      render: (_, r) => flagSwitch(r, 'status', r.status === UserStatus.enabled),
    },
    {
      title: t('platform.testTenant'),
      key: 'test',
      width: 80,
      render: (_, r) => (r.tenant?.test ? <Tag>{t('platform.trial')}</Tag> : null),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 190,
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

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="space-between" gap={12} wrap>
          <Input.Search
            allowClear
            placeholder={t('platform.searchSupervisor')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, keyword: v.trim() }))}
            style={{ width: 300 }}
            data-testid="supervisor-search"
          />
          <Flex gap={8}>
            <Button
              icon={<ExperimentOutlined />}
              onClick={() => setForm({ mode: 'trial', editing: null })}
              data-testid="supervisor-trial"
            >
              {t('platform.addTestUser')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ mode: 'create', editing: null })}
              data-testid="supervisor-create"
            >
              {t('platform.create.4')}
            </Button>
          </Flex>
        </Flex>
        <Table<AdminUserView>
          rowKey="id"
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          scroll={{ x: 1200 }}
          pagination={tablePaging(query, page.data?.total, setQuery)}
          data-testid="supervisor-table"
        />
      </Flex>
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
    </Card>
  )
}

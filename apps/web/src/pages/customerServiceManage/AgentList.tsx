import { DeleteOutlined, EditOutlined, KeyOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons'
import { type AgentCreateBody, type AgentRowView, Role, UserStatus } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  App,
  Button,
  type ButtonProps,
  Card,
  Flex,
  Input,
  Modal,
  Select,
  Switch,
  Table,
  type TableProps,
  Tag,
} from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageAccounts } from '../../api/account'
import {
  agentGroups,
  bindAgentAccounts,
  createAgent,
  deleteAgent,
  queryAgents,
  resetAgentPassword,
  setAgentStatus,
  updateAgent,
} from '../../api/agents'
import { ConfirmCountdownButton } from '../../components/ConfirmCountdownButton'
import { Highlight } from '../../components/Highlight'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'
import { PasswordResetModal } from '../platform/PasswordResetModal'
import { AgentFormModal } from './AgentFormModal'

/** Choose exactly the WS accounts of one agent; an account another agent had moves to this one. */
function BindAccountsModal({
  agent,
  onClose,
  onSubmit,
}: {
  agent: AgentRowView | null
  onClose: () => void
  onSubmit: (ids: number[]) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [ids, setIds] = useState<number[] | null>(null)
  const accounts = useQuery({
    queryKey: ['accounts', 'all-for-agents'],
    queryFn: () => pageAccounts({ pageNo: 1, pageSize: 100 }),
    enabled: !!agent,
  })
  const value = ids ?? agent?.accounts.map((a) => a.id) ?? []
  const close = () => {
    setIds(null)
    onClose()
  }
  return (
    <Modal
      open={!!agent}
      title={t('agents.bindTitle', { name: agent?.nickname ?? '' })}
      onCancel={close}
      onOk={() => onSubmit(value).then(close, () => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'agent-bind-save' } as ButtonProps}
      destroyOnHidden
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={value}
        onChange={setIds}
        loading={accounts.isFetching}
        placeholder={t('agents.bindHint')}
        data-testid="agent-bind-accounts"
        options={(accounts.data?.list ?? []).map((a) => ({ value: a.id, label: a.phone ?? `#${a.id}` }))}
      />
    </Modal>
  )
}

/** /customerServiceManage/list: agents and team leads on the tenant's seats. */
export default function AgentList() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [query, setQuery] = useState<{
    pageNo: number
    pageSize: number
    keyword?: string
    groupId?: number
    status?: 0 | 1
  }>({
    pageNo: 1,
    pageSize: 10,
  })
  const [keyword, setKeyword] = useState('')
  const [form, setForm] = useState<{ open: boolean; editing: AgentRowView | null }>({
    open: false,
    editing: null,
  })
  const [resetting, setResetting] = useState<AgentRowView | null>(null)
  const [binding, setBinding] = useState<AgentRowView | null>(null)
  const page = useQuery({
    queryKey: ['agents', query],
    queryFn: () => queryAgents(query),
    placeholderData: keepPreviousData,
  })
  const groups = useQuery({ queryKey: ['agents', 'groups'], queryFn: agentGroups })
  const saved =
    (text = t('common.saved')) =>
    () => {
      message.success(text)
      return queryClient.invalidateQueries({ queryKey: ['agents'] })
    }
  const create = useMutation({ mutationFn: (b: AgentCreateBody) => createAgent(b), onSuccess: saved() })
  const update = useMutation({
    mutationFn: ({
      row,
      v,
    }: {
      row: AgentRowView
      v: { nickname: string; roleId: 5 | 6; groupId: number | null }
    }) => updateAgent({ id: row.id, ...v }),
    onSuccess: saved(),
  })
  const status = useMutation({
    mutationFn: ({ row, on }: { row: AgentRowView; on: boolean }) =>
      setAgentStatus(row.id, on ? UserStatus.enabled : UserStatus.disabled),
    onSuccess: saved(t('platform.statusChanged')),
  })
  const remove = useMutation({
    mutationFn: (row: AgentRowView) => deleteAgent(row.id),
    onSuccess: saved(t('common.deleted')),
  })
  const bind = useMutation({
    mutationFn: ({ id, ids }: { id: number; ids: number[] }) => bindAgentAccounts(id, ids),
    onSuccess: saved(),
  })

  const columns: TableProps<AgentRowView>['columns'] = [
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
    {
      title: t('agents.role'),
      dataIndex: 'roleId',
      width: 100,
      render: (r: number) =>
        r === Role.customerUserLeader ? t('role.customerUserLeader') : t('role.customerUser'),
    },
    { title: t('agents.group'), dataIndex: 'groupName', render: (v: string | null) => v ?? '-' },
    {
      title: t('agents.seat'),
      key: 'seat',
      width: 190,
      render: (_, r) =>
        r.seatExpiresAt ? (
          <Tag color={r.seatActive ? 'green' : 'red'}>
            {r.seatActive
              ? t('agents.seatUntil', { date: formatDate(r.seatExpiresAt, 'YYYY-MM-DD') })
              : t('agents.seatEnded')}
          </Tag>
        ) : (
          <Tag>{t('agents.noSeat')}</Tag>
        ),
    },
    {
      title: t('agents.accounts'),
      key: 'accounts',
      render: (_, r) =>
        r.accounts.length ? r.accounts.map((a) => <Tag key={a.id}>{a.phone ?? `#${a.id}`}</Tag>) : '-',
    },
    {
      title: t('platform.status'),
      dataIndex: 'status',
      width: 80,
      render: (_: number, row) => (
        <Switch
          size="small"
          checked={row.status === UserStatus.enabled}
          loading={status.isPending && status.variables?.row.id === row.id}
          onChange={(on) => status.mutate({ row, on })}
          aria-label={t('platform.status')}
          data-testid={`agent-status-${row.id}`}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 330,
      render: (_, row) => (
        <Flex gap={4} wrap>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setForm({ open: true, editing: row })}
            data-testid={`agent-edit-${row.id}`}
          >
            {t('common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<LinkOutlined />}
            onClick={() => setBinding(row)}
            data-testid={`agent-bind-${row.id}`}
          >
            {t('agents.bind')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<KeyOutlined />}
            onClick={() => setResetting(row)}
            data-testid={`agent-reset-${row.id}`}
          >
            {t('platform.resetPassword')}
          </Button>
          <ConfirmCountdownButton
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('common.deleteConfirmTitle')}
            content={t('agents.deleteText', { name: row.username })}
            okText={t('common.delete')}
            onConfirm={() => remove.mutateAsync(row)}
            testId={`agent-delete-${row.id}`}
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
              onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, keyword: v.trim() || undefined }))}
              style={{ width: 240 }}
              data-testid="agent-search"
            />
            <Select
              allowClear
              placeholder={t('agents.group')}
              style={{ width: 160 }}
              value={query.groupId}
              onChange={(groupId) => setQuery((q) => ({ ...q, pageNo: 1, groupId }))}
              options={[
                { value: 0, label: t('agents.noGroup') },
                ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
              ]}
            />
            <Select
              allowClear
              placeholder={t('platform.status')}
              style={{ width: 120 }}
              value={query.status}
              onChange={(s) => setQuery((q) => ({ ...q, pageNo: 1, status: s }))}
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
            data-testid="agent-create"
          >
            {t('agents.create')}
          </Button>
        </Flex>
        <Table<AgentRowView>
          rowKey="id"
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          scroll={{ x: 1200 }}
          pagination={tablePaging(query, page.data?.total, setQuery)}
          data-testid="agent-table"
        />
      </Flex>
      <AgentFormModal
        open={form.open}
        editing={form.editing}
        groups={groups.data ?? []}
        onClose={() => setForm({ open: false, editing: null })}
        onCreate={create.mutateAsync}
        onUpdate={(row, v) => update.mutateAsync({ row, v })}
      />
      <PasswordResetModal
        user={resetting}
        onClose={() => setResetting(null)}
        onSubmit={(id, pw) =>
          resetAgentPassword(id, pw).then(() => message.success(t('platform.passwordReset')))
        }
      />
      <BindAccountsModal
        agent={binding}
        onClose={() => setBinding(null)}
        onSubmit={(ids) => bind.mutateAsync({ id: binding?.id ?? 0, ids })}
      />
    </Card>
  )
}

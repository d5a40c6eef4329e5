import { LinkOutlined } from '@ant-design/icons'
import { type AgentCreateBody, type AgentRowView, Role } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, type ButtonProps, Card, Flex, Modal, Select, type TableProps, Tag } from 'antd'
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
import { Highlight } from '../../components/Highlight'
import { UserListTable } from '../../components/userList/UserListTable'
import { UserListToolbar } from '../../components/userList/UserListToolbar'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'
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
  const [form, setForm] = useState<{ open: boolean; editing: AgentRowView | null }>({
    open: false,
    editing: null,
  })
  const [binding, setBinding] = useState<AgentRowView | null>(null)
  const page = useQuery({
    queryKey: ['agents', query],
    queryFn: () => queryAgents(query),
    placeholderData: keepPreviousData,
  })
  const groups = useQuery({ queryKey: ['agents', 'groups'], queryFn: agentGroups })
  const saved = () => {
    message.success(t('common.saved'))
    return queryClient.invalidateQueries({ queryKey: ['agents'] })
  }
  const create = useMutation({ mutationFn: (b: AgentCreateBody) => createAgent(b), onSuccess: saved })
  const update = useMutation({
    mutationFn: ({
      row,
      v,
    }: {
      row: AgentRowView
      v: { nickname: string; roleId: 5 | 6; groupId: number | null }
    }) => updateAgent({ id: row.id, ...v }),
    onSuccess: saved,
  })
  const bind = useMutation({
    mutationFn: ({ id, ids }: { id: number; ids: number[] }) => bindAgentAccounts(id, ids),
    onSuccess: saved,
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
  ]

  return (
    <Card>
      <Flex vertical gap={16}>
        <UserListToolbar
          testIdPrefix="agent"
          searchWidth={240}
          statusWidth={120}
          status={query.status}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, keyword: v || undefined }))}
          onStatus={(s) => setQuery((q) => ({ ...q, pageNo: 1, status: s }))}
          filters={
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
          }
          createText={t('agents.create')}
          onCreate={() => setForm({ open: true, editing: null })}
        />
        <UserListTable<AgentRowView>
          testIdPrefix="agent"
          rows={page.data?.list ?? []}
          loading={page.isFetching}
          scrollX={1200}
          pagination={tablePaging(query, page.data?.total, setQuery)}
          columns={columns}
          statusWidth={80}
          actionsWidth={330}
          invalidate={['agents']}
          setStatus={(row, status) => setAgentStatus(row.id, status)}
          remove={(row) => deleteAgent(row.id)}
          resetPassword={resetAgentPassword}
          deleteText={(row) => t('agents.deleteText', { name: row.username })}
          onEdit={(row) => setForm({ open: true, editing: row })}
          extraActions={(row) => (
            <Button
              type="link"
              size="small"
              icon={<LinkOutlined />}
              onClick={() => setBinding(row)}
              data-testid={`agent-bind-${row.id}`}
            >
              {t('agents.bind')}
            </Button>
          )}
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
      <BindAccountsModal
        agent={binding}
        onClose={() => setBinding(null)}
        onSubmit={(ids) => bind.mutateAsync({ id: binding?.id ?? 0, ids })}
      />
    </Card>
  )
}

import { PlusOutlined } from '@ant-design/icons'
import { type AgentCreateBody, type AgentRowView, UserStatus } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Form, Input, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
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
import { EmptyState, NoMatches } from '../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../components/page/FilterBar'
import { PageFrame } from '../../components/page/PageFrame'
import { actionsWidth, headerWidth, scrollWidth, toTableColumns } from '../../components/page/tableColumns'
import { UserListTable } from '../../components/userList/UserListTable'
import { tablePaging } from '../../utils/tablePaging'
import { AgentFormModal } from './AgentFormModal'
import { useAgentColumns } from './agentColumns'
import { BindAccountsModal } from './BindAccountsModal'

interface AgentFilters {
  keyword?: string
  groupId?: number
  status?: 0 | 1
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
  const [filterForm] = Form.useForm<AgentFilters>()
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

  const columns = useAgentColumns(query.keyword)
  const statusWidth = Math.max(70, headerWidth(t('platform.status')))
  const rowActionsWidth = actionsWidth([
    t('common.edit'),
    t('agents.bind'),
    t('platform.resetPassword'),
    t('common.delete'),
  ])
  const filtered = !!(query.keyword || query.groupId !== undefined || query.status !== undefined)
  const clearFilters = () => {
    filterForm.resetFields()
    setQuery((q) => ({ pageNo: 1, pageSize: q.pageSize }))
  }
  const openCreate = () => setForm({ open: true, editing: null })

  return (
    <PageFrame
      title={t('menu.customerServiceList')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="agent-create">
          {t('agents.create')}
        </Button>
      }
    >
      <FilterBar<AgentFilters>
        form={filterForm}
        name="agent-filters"
        onSearch={(v) =>
          setQuery((q) => ({
            pageNo: 1,
            pageSize: q.pageSize,
            keyword: v.keyword?.trim() || undefined,
            groupId: v.groupId,
            status: v.status,
          }))
        }
        buttonTestIdPrefix="agent-filter"
      >
        <FilterItem name="keyword" label={t('fans.filters.keywordLabel')}>
          <Input
            allowClear
            placeholder={t('platform.searchUser')}
            style={{ width: 200 }}
            data-testid="agent-search"
          />
        </FilterItem>
        <FilterItem name="groupId" label={t('agents.group')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 160 }}
            options={[
              { value: 0, label: t('agents.noGroup') },
              ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
            ]}
          />
        </FilterItem>
        <FilterItem name="status" label={t('platform.status')}>
          <Select<0 | 1>
            allowClear
            placeholder={t('common.all')}
            style={{ width: 120 }}
            options={[
              { value: UserStatus.enabled, label: t('platform.enabled') },
              { value: UserStatus.disabled, label: t('platform.disabled') },
            ]}
          />
        </FilterItem>
      </FilterBar>
      <UserListTable<AgentRowView>
        testIdPrefix="agent"
        rows={page.data?.list ?? []}
        loading={page.isFetching}
        scrollX={scrollWidth(columns, false) + statusWidth + rowActionsWidth}
        pagination={tablePaging(query, page.data?.total, setQuery)}
        columns={toTableColumns(columns)}
        statusWidth={statusWidth}
        actionsWidth={rowActionsWidth}
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
            onClick={() => setBinding(row)}
            data-testid={`agent-bind-${row.id}`}
          >
            {t('agents.bind')}
          </Button>
        )}
        empty={
          filtered ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('agents.emptyTitle')}
              hint={t('agents.emptyHint')}
              action={{ label: t('agents.create'), onClick: openCreate }}
            />
          )
        }
      />
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
    </PageFrame>
  )
}

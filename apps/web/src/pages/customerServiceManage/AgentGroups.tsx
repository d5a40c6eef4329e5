import { ClockCircleOutlined, PlusOutlined } from '@ant-design/icons'
import { type AgentGroupView, checkGroupName, GROUP_NAME_MAX } from '@app/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { agentGroups, createAgentGroup, deleteAgentGroup, renameAgentGroup } from '../../api/agents'
import { getServiceLevel, SupportKey } from '../../api/support'
import { NamedItemTable } from '../../components/NamedItemTable'
import { NameFormModal } from '../../components/NameFormModal'
import { EmptyState } from '../../components/page/EmptyState'
import { PageFrame } from '../../components/page/PageFrame'
import { GroupTargetsModal } from './GroupTargetsModal'

/** /customerServiceManage/group: agent groups; one with members cannot be deleted. */
export default function AgentGroups() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const groups = useQuery({ queryKey: ['agents', 'groups'], queryFn: agentGroups })
  const [form, setForm] = useState<{ open: boolean; editing: AgentGroupView | null }>({
    open: false,
    editing: null,
  })
  const refresh = () => qc.invalidateQueries({ queryKey: ['agents'] })
  const save = async (name: string) => {
    if (form.editing) await renameAgentGroup(form.editing.id, name)
    else await createAgentGroup(name)
    message.success(t('common.saved'))
    await refresh()
  }
  const [targetsOf, setTargetsOf] = useState<AgentGroupView | null>(null)
  // the team's targets, for a group that keeps one of them
  const team = useQuery({ queryKey: SupportKey.serviceLevel, queryFn: getServiceLevel })
  const refreshTargets = () =>
    Promise.all([refresh(), qc.invalidateQueries({ queryKey: SupportKey.serviceLevel })])
  const openCreate = () => setForm({ open: true, editing: null })
  return (
    <PageFrame
      title={t('menu.customerServiceGroup')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="agent-group-create">
          {t('agents.createGroup')}
        </Button>
      }
    >
      <NamedItemTable<AgentGroupView>
        testIdPrefix="agent-group"
        rows={groups.data ?? []}
        loading={groups.isFetching}
        pagination={false}
        titles={{
          name: t('agents.groupName'),
          count: t('agents.members'),
          createdAt: t('billing.createdAt'),
        }}
        count={{ of: (row) => row.memberCount, width: 120 }}
        extraColumns={[
          {
            key: 'targets',
            title: t('agents.targets'),
            width: 220,
            render: (_, row) =>
              row.firstResponseMinutes === null && row.nextResponseMinutes === null ? (
                <Typography.Text type="secondary">{t('agents.targetsTeam')}</Typography.Text>
              ) : (
                <span data-testid={`agent-group-targets-${row.id}`}>
                  {t('agents.targetsOwn', {
                    first: row.firstResponseMinutes ?? team.data?.firstResponseMinutes ?? '-',
                    next: row.nextResponseMinutes ?? team.data?.nextResponseMinutes ?? '-',
                  })}
                </span>
              ),
          },
        ]}
        extraAction={{
          text: t('agents.targetsAction'),
          render: (row) => (
            <Button
              type="link"
              size="small"
              icon={<ClockCircleOutlined />}
              onClick={() => setTargetsOf(row)}
              data-testid={`agent-group-targets-edit-${row.id}`}
            >
              {t('agents.targetsAction')}
            </Button>
          ),
        }}
        createdAtWidth={180}
        editText={t('common.edit')}
        deleteText={(row) => t('agents.deleteGroupText', { name: row.name })}
        onEdit={(row) => setForm({ open: true, editing: row })}
        onDelete={async (row) => {
          await deleteAgentGroup(row.id)
          message.success(t('common.deleted'))
          await refresh()
        }}
        empty={
          <EmptyState
            title={t('agents.groupEmptyTitle')}
            hint={t('agents.groupEmptyHint')}
            action={{ label: t('agents.createGroup'), onClick: openCreate }}
          />
        }
      />
      <GroupTargetsModal group={targetsOf} onClose={() => setTargetsOf(null)} onSaved={refreshTargets} />
      <NameFormModal
        open={form.open}
        initialName={form.editing?.name ?? ''}
        title={form.editing ? t('agents.editGroup') : t('agents.createGroup')}
        label={t('agents.groupName')}
        placeholder={t('account.groupNamePlaceholder')}
        maxLength={GROUP_NAME_MAX}
        check={checkGroupName}
        onClose={() => setForm({ open: false, editing: null })}
        onSubmit={save}
        testIds={{ dialog: 'agent-group-dialog', save: 'agent-group-save', input: 'agent-group-name' }}
      />
    </PageFrame>
  )
}

import { PlusOutlined } from '@ant-design/icons'
import { type AgentGroupView, checkGroupName, GROUP_NAME_MAX } from '@app/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { agentGroups, createAgentGroup, deleteAgentGroup, renameAgentGroup } from '../../api/agents'
import { NamedItemTable } from '../../components/NamedItemTable'
import { NameFormModal } from '../../components/NameFormModal'

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
  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="flex-end">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ open: true, editing: null })}
            data-testid="agent-group-create"
          >
            {t('agents.createGroup')}
          </Button>
        </Flex>
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
          createdAtWidth={180}
          editText={t('common.edit')}
          deleteText={(row) => t('agents.deleteGroupText', { name: row.name })}
          onEdit={(row) => setForm({ open: true, editing: row })}
          onDelete={async (row) => {
            await deleteAgentGroup(row.id)
            message.success(t('common.deleted'))
            await refresh()
          }}
        />
      </Flex>
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
    </Card>
  )
}

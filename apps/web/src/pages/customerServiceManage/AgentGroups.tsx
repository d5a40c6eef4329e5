import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { type AgentGroupView, checkGroupName, GROUP_NAME_MAX } from '@app/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Table, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { agentGroups, createAgentGroup, deleteAgentGroup, renameAgentGroup } from '../../api/agents'
import { ConfirmCountdownButton } from '../../components/ConfirmCountdownButton'
import { NameFormModal } from '../../components/NameFormModal'
import { formatDate } from '../../utils/date'

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
  const columns: TableProps<AgentGroupView>['columns'] = [
    { title: t('agents.groupName'), dataIndex: 'name' },
    { title: t('agents.members'), dataIndex: 'memberCount', width: 120 },
    {
      title: t('billing.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_, row) => (
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setForm({ open: true, editing: row })}
            data-testid={`agent-group-edit-${row.id}`}
          >
            {t('common.edit')}
          </Button>
          <ConfirmCountdownButton
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('common.deleteConfirmTitle')}
            content={t('agents.deleteGroupText', { name: row.name })}
            okText={t('common.delete')}
            onConfirm={async () => {
              await deleteAgentGroup(row.id)
              message.success(t('common.deleted'))
              await refresh()
            }}
            testId={`agent-group-delete-${row.id}`}
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
        <Table<AgentGroupView>
          rowKey="id"
          columns={columns}
          dataSource={groups.data ?? []}
          loading={groups.isFetching}
          pagination={false}
          data-testid="agent-group-table"
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

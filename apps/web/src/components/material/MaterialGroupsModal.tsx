import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import {
  checkGroupName,
  MATERIAL_GROUP_NAME_MAX,
  type MaterialGroupView,
  type MaterialOwnerTypeValue,
} from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, type ButtonProps, Flex, Form, Input, Modal, Table, type TableProps } from 'antd'
import { type HTMLAttributes, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createMaterialGroup, deleteMaterialGroup, renameMaterialGroup } from '../../api/material'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { formatDate } from '../../utils/date'
import { checkRule } from '../../utils/formRules'
import { ConfirmCountdownButton } from '../ConfirmCountdownButton'
import { refreshMaterials, useMaterialGroups } from './useMaterials'

interface Props {
  open: boolean
  ownerType: MaterialOwnerTypeValue
  onClose: () => void
}

/** The groups of a library: create, rename (no spaces, at most 20) and delete empty ones. */
export function MaterialGroupsModal({ open, ownerType, onClose }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const groups = useMaterialGroups(ownerType, open)
  const [editing, setEditing] = useState<MaterialGroupView | null>(null)
  const [formOpen, setFormOpen] = useState(false)

  const save = async (name: string) => {
    if (editing) await renameMaterialGroup(editing.id, name)
    else await createMaterialGroup(ownerType, name)
    message.success(t('common.saved'))
    await refreshMaterials(qc)
  }
  const remove = async (row: MaterialGroupView) => {
    await deleteMaterialGroup(row.id)
    message.success(t('common.deleted'))
    await refreshMaterials(qc)
  }
  const edit = (row: MaterialGroupView | null) => {
    setEditing(row)
    setFormOpen(true)
  }

  const columns: TableProps<MaterialGroupView>['columns'] = [
    { title: t('material.groupName'), dataIndex: 'name' },
    { title: t('material.materialCount'), dataIndex: 'materialCount', width: 100, align: 'right' },
    {
      title: t('material.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 170,
      render: (_, row) => (
        <Flex gap={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => edit(row)}>
            {t('common.edit')}
          </Button>
          <ConfirmCountdownButton
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('common.deleteConfirmTitle')}
            content={
              row.materialCount > 0
                ? t('material.groupDeleteHasMaterials', { name: row.name, count: row.materialCount })
                : t('material.groupDeleteText', { name: row.name })
            }
            okText={t('common.delete')}
            onConfirm={() => remove(row)}
            testId={`material-group-delete-${row.id}`}
          >
            {t('common.delete')}
          </ConfirmCountdownButton>
        </Flex>
      ),
    },
  ]

  return (
    <Modal
      open={open}
      title={t('material.groups')}
      width={680}
      onCancel={onClose}
      footer={null}
      modalRender={(node) => <div data-testid="material-groups-dialog">{node}</div>}
    >
      <Flex vertical gap={12}>
        <Flex justify="flex-end">
          <Button icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="material-group-create">
            {t('material.createGroup')}
          </Button>
        </Flex>
        <Table<MaterialGroupView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={groups.data ?? []}
          loading={groups.isFetching}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(row) =>
            ({ 'data-testid': `material-group-row-${row.name}` }) as HTMLAttributes<HTMLElement>
          }
        />
      </Flex>
      <GroupNameModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} onSubmit={save} />
    </Modal>
  )
}

interface NameProps {
  open: boolean
  editing: MaterialGroupView | null
  onClose: () => void
  onSubmit: (name: string) => Promise<unknown>
}

function GroupNameModal({ open, editing, onClose, onSubmit }: NameProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ name: string }>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue({ name: editing?.name ?? '' })
  }, [open, editing, form])

  const submit = async () => {
    let name: string
    try {
      name = (await form.validateFields()).name
    } catch {
      return
    }
    setBusy(true)
    try {
      await onSubmit(name)
      onClose()
    } catch {
      // shown by the request client (a name already taken, …)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={editing ? t('material.renameGroup') : t('material.createGroup')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'material-group-save' } as ButtonProps}
      forceRender
    >
      <Form form={form} layout="vertical" autoComplete="off" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('material.groupName')} required rules={[checkRule(checkGroupName)]}>
          <Input
            showCount
            maxLength={MATERIAL_GROUP_NAME_MAX}
            placeholder={t('material.groupNamePlaceholder')}
            data-testid="material-group-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

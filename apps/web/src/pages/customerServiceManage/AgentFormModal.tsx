import {
  type AgentCreateBody,
  type AgentGroupView,
  type AgentRowView,
  newPassword,
  newUsername,
  Role,
} from '@app/core'
import { type ButtonProps, Form, Input, Modal, Select } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { zodRule } from '../../utils/formRules'

interface Values {
  username: string
  nickname?: string
  password: string
  roleId: 5 | 6
  groupId?: number | null
}

interface Props {
  open: boolean
  editing: AgentRowView | null
  groups: AgentGroupView[]
  onClose: () => void
  onCreate: (body: AgentCreateBody) => Promise<unknown>
  onUpdate: (
    row: AgentRowView,
    v: { nickname: string; roleId: 5 | 6; groupId: number | null },
  ) => Promise<unknown>
}

/** A new agent on a free seat (name, nickname, password, role, group), or an agent's details. */
export function AgentFormModal({ open, editing, groups, onClose, onCreate, onUpdate }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue(
      editing
        ? { nickname: editing.nickname, roleId: editing.roleId as 5 | 6, groupId: editing.groupId }
        : { roleId: Role.customerUser },
    )
  }, [open, editing, form])
  const submit = async () => {
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      const nickname = v.nickname?.trim() ?? ''
      if (editing) await onUpdate(editing, { nickname, roleId: v.roleId, groupId: v.groupId ?? null })
      else
        await onCreate({
          username: v.username.trim(),
          nickname: nickname || undefined,
          password: v.password,
          roleId: v.roleId,
          groupId: v.groupId ?? null,
        })
      onClose()
    } catch {
      // told by the request client ("no free seat" among others); the dialog keeps what was typed
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open={open}
      title={editing ? t('agents.edit') : t('agents.create')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'agent-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {!editing && (
          <Form.Item name="username" label={t('platform.username')} rules={[zodRule(newUsername)]}>
            <Input autoComplete="off" data-testid="agent-username" />
          </Form.Item>
        )}
        <Form.Item
          name="nickname"
          label={t('platform.nickname')}
          rules={[{ max: 30, message: t('platform.nicknameMax') }]}
        >
          <Input data-testid="agent-nickname" />
        </Form.Item>
        {!editing && (
          <Form.Item name="password" label={t('platform.password')} rules={[zodRule(newPassword)]}>
            <Input.Password autoComplete="new-password" data-testid="agent-password" />
          </Form.Item>
        )}
        <Form.Item name="roleId" label={t('agents.role')}>
          <Select
            data-testid="agent-role"
            options={[
              { value: Role.customerUser, label: t('role.customerUser') },
              { value: Role.customerUserLeader, label: t('role.customerUserLeader') },
            ]}
          />
        </Form.Item>
        <Form.Item name="groupId" label={t('agents.group')}>
          <Select
            allowClear
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
            data-testid="agent-group"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

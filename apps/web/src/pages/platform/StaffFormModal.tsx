import { type AdminUserView, newPassword, newUsername, Role, type UserCreateBody } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { type ButtonProps, Form, Input, Modal, Select } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { queryUsers } from '../../api/platform'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { zodRule } from '../../utils/formRules'

export type StaffRole = typeof Role.operations | typeof Role.business

interface Values {
  username: string
  nickname?: string
  password: string
  parentId?: number
}

interface Props {
  open: boolean
  roleId: StaffRole
  /** the row being edited (nickname and, for a salesperson made by the admin, their operations user) */
  editing: AdminUserView | null
  /** the admin chooses which operations user a new salesperson reports to */
  choosesParent: boolean
  onClose: () => void
  onCreate: (body: UserCreateBody) => Promise<unknown>
  onUpdate: (row: AdminUserView, values: { nickname: string; parentId?: number }) => Promise<unknown>
}

/** Create an operations or business user (name, nickname, password), or edit one's details. */
export function StaffFormModal({ open, roleId, editing, choosesParent, onClose, onCreate, onUpdate }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  const withParent = choosesParent && roleId === Role.business
  const parents = useQuery({
    queryKey: ['platform', 'users', 'parents'],
    queryFn: () => queryUsers({ pageNo: 1, pageSize: 100, roleId: Role.operations }),
    enabled: open && withParent,
  })

  useEffect(() => {
    if (!open) return
    form.resetFields()
    if (editing) form.setFieldsValue({ nickname: editing.nickname, parentId: editing.parentId ?? undefined })
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
      if (editing) await onUpdate(editing, { nickname, parentId: withParent ? v.parentId : undefined })
      else if (roleId === Role.operations)
        await onCreate({ roleId, username: v.username.trim(), nickname, password: v.password })
      else
        await onCreate({
          roleId,
          username: v.username.trim(),
          nickname,
          password: v.password,
          parentId: withParent ? v.parentId : undefined,
        })
      onClose()
    } catch {
      // the request client told the user; the dialog stays open with what was typed
    } finally {
      setBusy(false)
    }
  }

  const title = editing ? t('platform.editUser') : t(`platform.create.${roleId}`)
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'staff-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {!editing && (
          <Form.Item name="username" label={t('platform.username')} rules={[zodRule(newUsername)]}>
            <Input autoComplete="off" data-testid="staff-username" />
          </Form.Item>
        )}
        <Form.Item
          name="nickname"
          label={t('platform.nickname')}
          rules={[{ max: 30, message: t('platform.nicknameMax') }]}
        >
          <Input data-testid="staff-nickname" />
        </Form.Item>
        {!editing && (
          <Form.Item name="password" label={t('platform.password')} rules={[zodRule(newPassword)]}>
            <Input.Password autoComplete="new-password" data-testid="staff-password" />
          </Form.Item>
        )}
        {withParent && (
          <Form.Item
            name="parentId"
            label={t('platform.parent')}
            rules={[{ required: true, message: t('platform.parentRequired') }]}
          >
            <Select
              data-testid="staff-parent"
              loading={parents.isFetching}
              options={(parents.data?.list ?? []).map((u) => ({
                value: u.id,
                label: u.nickname ? `${u.nickname} (${u.username})` : u.username,
              }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}

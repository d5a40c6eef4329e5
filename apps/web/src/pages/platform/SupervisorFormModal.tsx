import {
  type AddTestUserBody,
  type AdminUserView,
  checkEnterpriseAccount,
  newPassword,
  newUsername,
  Role,
  type UserCreateBody,
} from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { type ButtonProps, DatePicker, Form, Input, Modal, Select, Switch } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sellerOptions, validDateRange } from '../../api/platform'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { checkRule, zodRule } from '../../utils/formRules'

const enterpriseRule = checkRule(checkEnterpriseAccount)

export type SupervisorMode = 'create' | 'trial' | 'edit'

interface Values {
  enterpriseAccount: string
  tenantName?: string
  username: string
  nickname?: string
  password: string
  vip?: [Dayjs, Dayjs]
  sellerId?: number
  test?: boolean
}

export interface SupervisorEdit {
  id: number
  nickname: string
  tenantName: string
  validStartDate: number
  validEndDate: number
  sellerId?: number
  test: 0 | 1
}

interface Props {
  mode: SupervisorMode | null
  editing: AdminUserView | null
  onClose: () => void
  onCreate: (body: UserCreateBody) => Promise<unknown>
  onTrial: (body: AddTestUserBody) => Promise<unknown>
  onUpdate: (body: SupervisorEdit) => Promise<unknown>
}

/** A supervisor with a new tenant (or a trial tenant), or the tenant's name, VIP, seller and test flag. */
export function SupervisorFormModal({ mode, editing, onClose, onCreate, onTrial, onUpdate }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  const open = mode !== null
  const sellers = useQuery({ queryKey: ['platform', 'sellers'], queryFn: sellerOptions, enabled: open })
  const range = useQuery({
    queryKey: ['platform', 'vip', editing?.id],
    queryFn: () => validDateRange(editing?.id as number),
    enabled: mode === 'edit' && !!editing,
  })

  useEffect(() => {
    if (!open) return
    form.resetFields()
    if (mode === 'create')
      form.setFieldsValue({ vip: [dayjs().startOf('day'), dayjs().add(1, 'year').endOf('day')] })
    if (mode === 'edit' && editing?.tenant)
      form.setFieldsValue({
        nickname: editing.nickname,
        tenantName: editing.tenant.tenantName,
        sellerId: editing.tenant.sellerId ?? undefined,
        test: editing.tenant.test === 1,
      })
  }, [open, mode, editing, form])

  useEffect(() => {
    const r = range.data
    if (mode === 'edit' && r?.validStartDate != null && r.validEndDate != null)
      form.setFieldsValue({ vip: [dayjs(r.validStartDate), dayjs(r.validEndDate)] })
  }, [range.data, mode, form])

  const submit = async () => {
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      const [start, end] = v.vip ?? [dayjs(), dayjs()]
      const vip = { validStartDate: start.startOf('day').valueOf(), validEndDate: end.endOf('day').valueOf() }
      const tenantName = v.tenantName?.trim() || undefined
      if (mode === 'edit' && editing)
        await onUpdate({
          id: editing.id,
          nickname: v.nickname?.trim() ?? '',
          tenantName: tenantName ?? editing.tenant?.tenantName ?? '',
          ...vip,
          sellerId: v.sellerId,
          test: v.test ? 1 : 0,
        })
      else {
        const base = {
          enterpriseAccount: v.enterpriseAccount.trim(),
          tenantName,
          username: v.username.trim(),
          nickname: v.nickname?.trim() || undefined,
          password: v.password,
          sellerId: v.sellerId,
        }
        if (mode === 'trial') await onTrial(base)
        else await onCreate({ roleId: Role.customerMaster, ...base, ...vip })
      }
      onClose()
    } catch {
      // the request client told the user; the dialog keeps what was typed
    } finally {
      setBusy(false)
    }
  }

  const creating = mode === 'create' || mode === 'trial'
  return (
    <Modal
      open={open}
      title={t(`platform.supervisorForm.${mode ?? 'create'}`)}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'supervisor-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {creating && (
          <Form.Item
            name="enterpriseAccount"
            label={t('platform.enterpriseAccount')}
            rules={[enterpriseRule]}
          >
            <Input autoComplete="off" data-testid="supervisor-enterprise" />
          </Form.Item>
        )}
        <Form.Item
          name="tenantName"
          label={t('platform.tenantName')}
          rules={[{ max: 50, message: t('platform.tenantNameMax') }]}
        >
          <Input placeholder={t('platform.tenantNameHint')} data-testid="supervisor-tenant-name" />
        </Form.Item>
        {creating && (
          <Form.Item name="username" label={t('platform.supervisorName')} rules={[zodRule(newUsername)]}>
            <Input autoComplete="off" data-testid="supervisor-username" />
          </Form.Item>
        )}
        <Form.Item
          name="nickname"
          label={t('platform.nickname')}
          rules={[{ max: 30, message: t('platform.nicknameMax') }]}
        >
          <Input data-testid="supervisor-nickname" />
        </Form.Item>
        {creating && (
          <Form.Item name="password" label={t('platform.password')} rules={[zodRule(newPassword)]}>
            <Input.Password autoComplete="new-password" data-testid="supervisor-password" />
          </Form.Item>
        )}
        {mode !== 'trial' && (
          <Form.Item
            name="vip"
            label={t('platform.vipRange')}
            rules={[{ required: true, message: t('platform.vipRequired') }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} data-testid="supervisor-vip" />
          </Form.Item>
        )}
        <Form.Item name="sellerId" label={t('platform.seller')}>
          <Select
            allowClear
            placeholder={t('platform.sellerHint')}
            loading={sellers.isFetching}
            data-testid="supervisor-seller"
            options={(sellers.data ?? []).map((s) => ({
              value: s.id,
              label: s.nickname ? `${s.nickname} (${s.username})` : s.username,
            }))}
          />
        </Form.Item>
        {mode === 'edit' && (
          <Form.Item name="test" label={t('platform.testTenant')} valuePropName="checked">
            <Switch data-testid="supervisor-test" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}

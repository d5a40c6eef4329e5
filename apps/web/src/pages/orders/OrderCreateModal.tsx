import {
  ORDER_DAYS_MAX,
  ORDER_QUANTITY_MAX,
  type OrderCreateBody,
  type OrderKindValue,
  parseAmount,
} from '@app/core'
import { type ButtonProps, Form, Input, InputNumber, Modal, Radio } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TenantSelect } from './TenantSelect'

interface Values {
  tenantId: number
  kind: OrderKindValue
  quantity: number
  days: number
  amount?: string
  remark?: string
}

interface Props {
  open: boolean
  tenantId?: number
  onClose: () => void
  onSubmit: (kind: OrderKindValue, body: OrderCreateBody) => Promise<unknown>
}

/** A new order of ports or seats for a tenant; its records start now. Amount empty: the price list decides. */
export function OrderCreateModal({ open, tenantId, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (open) form.setFieldsValue({ tenantId, kind: 'port', quantity: 1, days: 30, amount: '', remark: '' })
  }, [open, tenantId, form])

  const submit = async () => {
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      const amount = v.amount?.trim() ? (parseAmount(v.amount) ?? undefined) : undefined
      await onSubmit(v.kind, {
        tenantId: v.tenantId,
        quantity: v.quantity,
        days: v.days,
        amount,
        remark: v.remark?.trim() ?? '',
      })
      onClose()
    } catch {
      // told by the request client; the dialog keeps the order
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('billing.createOrder')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'order-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="tenantId"
          label={t('billing.tenant')}
          rules={[{ required: true, message: t('billing.tenantPick') }]}
        >
          <TenantSelect testId="order-tenant" />
        </Form.Item>
        <Form.Item name="kind" label={t('billing.kind')}>
          <Radio.Group
            options={[
              { value: 'port', label: t('billing.kinds.port') },
              { value: 'seat', label: t('billing.kinds.seat') },
            ]}
            data-testid="order-kind"
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('billing.quantity')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: ORDER_QUANTITY_MAX,
              message: t('billing.quantityRule', { max: ORDER_QUANTITY_MAX }),
            },
          ]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} data-testid="order-quantity" />
        </Form.Item>
        <Form.Item
          name="days"
          label={t('billing.days')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: ORDER_DAYS_MAX,
              message: t('billing.daysRule', { max: ORDER_DAYS_MAX }),
            },
          ]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} data-testid="order-days" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('billing.amount')}
          extra={t('billing.amountHint')}
          rules={[
            {
              validator: async (_r, v?: string) => {
                if (v?.trim() && parseAmount(v) === null) throw new Error(t('billing.amountRule'))
              },
            },
          ]}
        >
          <Input data-testid="order-amount" />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('billing.remark')}
          rules={[{ max: 200, message: t('billing.remarkRule') }]}
        >
          <Input.TextArea rows={2} data-testid="order-remark" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

import { ORDER_DAYS_MAX, parseAmount, type RecordView } from '@app/core'
import { type ButtonProps, Form, Input, InputNumber, Modal, Select } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

export type RecordAction = 'renewal' | 'refund' | 'merge'

export interface RecordActionValues {
  days?: number
  amount: number
  remark: string
  targetId?: number
}

interface Props {
  action: RecordAction | null
  records: RecordView[]
  onClose: () => void
  onSubmit: (action: RecordAction, v: RecordActionValues) => Promise<unknown>
}

/**
 * Renewal (N days more, amount paid), refund (amount back; ends now, or shortens by N days) or
 * merge (the others' remaining time into the chosen record) of the selected records.
 */
export function RecordActionModal({ action, records, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ days?: number; amount?: string; remark?: string; targetId?: number }>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (action)
      form.setFieldsValue({
        days: action === 'renewal' ? 30 : undefined,
        amount: '0',
        remark: '',
        targetId: records[0]?.id,
      })
  }, [action, records, form])

  const submit = async () => {
    if (!action) return
    let v: { days?: number; amount?: string; remark?: string; targetId?: number }
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      await onSubmit(action, {
        days: v.days ?? undefined,
        amount: parseAmount(v.amount ?? '0') ?? 0,
        remark: v.remark?.trim() ?? '',
        targetId: v.targetId,
      })
      onClose()
    } catch {
      // told by the request client; the dialog stays
    } finally {
      setBusy(false)
    }
  }

  const daysRule = {
    type: 'integer' as const,
    min: 1,
    max: ORDER_DAYS_MAX,
    message: t('billing.daysRule', { max: ORDER_DAYS_MAX }),
  }
  return (
    <Modal
      open={!!action}
      title={action ? t(`billing.action.${action}`) : ''}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'record-action-save' } as ButtonProps}
      destroyOnHidden
    >
      <p>{t('billing.selectedRecords', { ids: records.map((r) => `#${r.id}`).join(', ') })}</p>
      <Form form={form} layout="vertical" preserve={false}>
        {action === 'merge' && (
          <Form.Item name="targetId" label={t('billing.mergeTarget')} extra={t('billing.mergeHint')}>
            <Select
              data-testid="record-merge-target"
              options={records.map((r) => ({ value: r.id, label: `#${r.id} · ${r.holderName ?? '-'}` }))}
            />
          </Form.Item>
        )}
        {action === 'renewal' && (
          <Form.Item name="days" label={t('billing.renewDays')} rules={[{ required: true, ...daysRule }]}>
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="record-action-days" />
          </Form.Item>
        )}
        {action === 'refund' && (
          <Form.Item
            name="days"
            label={t('billing.refundDays')}
            extra={t('billing.refundDaysHint')}
            rules={[daysRule]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="record-action-days" />
          </Form.Item>
        )}
        {action !== 'merge' && (
          <Form.Item
            name="amount"
            label={action === 'refund' ? t('billing.refundAmount') : t('billing.amount')}
            rules={[
              {
                validator: async (_r, v?: string) => {
                  if (parseAmount(v ?? '') === null) throw new Error(t('billing.amountRule'))
                },
              },
            ]}
          >
            <Input data-testid="record-action-amount" />
          </Form.Item>
        )}
        <Form.Item
          name="remark"
          label={t('billing.remark')}
          rules={[{ max: 200, message: t('billing.remarkRule') }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

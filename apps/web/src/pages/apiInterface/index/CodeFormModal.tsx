import { MERCHANT_CODE_NAME_MAX, MERCHANT_QUOTA_MAX, type MerchantCodeView } from '@app/core'
import { type ButtonProps, DatePicker, Form, Input, InputNumber, Modal } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { MerchantCodeInput } from '../../../api/merchants'
import { validationText } from '../../../i18n'
import { datePresets } from '../../../utils/date'

interface Values {
  name: string
  quota: number
  expiresAt: Dayjs | null
}

/** Create a code, or edit one (`editing`): name, quota of numbers, optional expiry in the future. */
export function CodeFormModal({
  open,
  editing,
  saving,
  onSubmit,
  onClose,
}: {
  open: boolean
  editing: MerchantCodeView | null
  saving: boolean
  onSubmit: (input: MerchantCodeInput) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  useEffect(() => {
    if (!open) return
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            quota: editing.quota,
            expiresAt: editing.expiresAt === null ? null : dayjs(editing.expiresAt),
          }
        : { name: '', quota: 10, expiresAt: null },
    )
  }, [open, editing, form])

  return (
    <Modal
      open={open}
      title={editing ? t('merchants.codes.edit') : t('merchants.codes.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      forceRender
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'merchant-code-save' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        onFinish={(v) =>
          onSubmit({
            name: v.name.trim(),
            quota: v.quota,
            expiresAt: v.expiresAt ? v.expiresAt.valueOf() : null,
          })
        }
      >
        <Form.Item
          name="name"
          label={t('merchants.codes.name')}
          rules={[
            { required: true, whitespace: true, message: validationText('required') },
            { max: MERCHANT_CODE_NAME_MAX, message: validationText('tooLong') },
          ]}
        >
          <Input
            placeholder={t('merchants.codes.namePlaceholder')}
            maxLength={MERCHANT_CODE_NAME_MAX}
            data-testid="merchant-code-name"
          />
        </Form.Item>
        <Form.Item
          name="quota"
          label={t('merchants.codes.quota')}
          rules={[{ required: true, message: validationText('required') }]}
        >
          <InputNumber
            min={Math.max(1, editing?.linked ?? 1)}
            max={MERCHANT_QUOTA_MAX}
            precision={0}
            style={{ width: '100%' }}
            data-testid="merchant-code-quota"
          />
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label={t('merchants.codes.expiresAt')}
          extra={t('merchants.codes.expiresHint')}
          rules={[
            {
              validator: (_r, v: Dayjs | null) =>
                !v || v.isAfter(dayjs())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('merchants.codes.expiresPast'))),
            },
          ]}
        >
          <DatePicker
            showTime
            presets={datePresets(t)}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            style={{ width: '100%' }}
            data-testid="merchant-code-expires"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

import { ACCOUNT_REMARK_MAX, type WsAccountView, wsAccountRemarkBody } from '@app/core'
import { type ButtonProps, Form, Input, Modal, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../../../../hooks/useRevalidateOnLanguage'
import { zodRule } from '../../../../utils/formRules'

interface Props {
  open: boolean
  rows: WsAccountView[]
  onClose: () => void
  onSubmit: (remark: string) => Promise<unknown>
}

/** The remark of one or more accounts; empty clears it. */
export function RemarkModal({ open, rows, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ remark: string }>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (open) form.setFieldsValue({ remark: rows.length === 1 ? (rows[0]?.remark ?? '') : '' })
  }, [open, rows, form])

  const submit = async () => {
    let remark: string
    try {
      remark = ((await form.validateFields()).remark ?? '').trim()
    } catch {
      return
    }
    setBusy(true)
    try {
      await onSubmit(remark)
      onClose()
    } catch {
      // shown by the request client; the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('account.remarkTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'account-remark-save' } as ButtonProps}
      forceRender
    >
      {rows.length > 1 ? (
        <Typography.Paragraph>{t('account.selected', { count: rows.length })}</Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="remark"
          label={t('account.remark')}
          rules={[zodRule(wsAccountRemarkBody.shape.remark)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={ACCOUNT_REMARK_MAX}
            showCount
            placeholder={t('account.remarkPlaceholder')}
            data-testid="account-remark-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

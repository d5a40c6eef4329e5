import { MATERIAL_LINK_MAX, MATERIAL_TEXT_MAX, MATERIAL_TITLE_MAX } from '@app/core'
import { type ButtonProps, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../../../../hooks/useRevalidateOnLanguage'
import { validationText } from '../../../../i18n'
import { checkContent, type SendFn } from './sendBody'

interface Values {
  link: string
  title?: string
  text?: string
}

interface Props {
  open: boolean
  onClose(): void
  onSend: SendFn
}

/** An image-text link: the link (http/https, ≤ 500), an optional title (≤ 100) and text (≤ 1000). */
export function LinkModal({ open, onClose, onSend }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    const content = checkContent(form, {
      type: 'link',
      link: values.link?.trim() ?? '',
      ...(values.title?.trim() ? { title: values.title.trim() } : {}),
      ...(values.text?.trim() ? { text: values.text.trim() } : {}),
    })
    if (!content) return
    setBusy(true)
    const sent = await onSend(content)
    setBusy(false)
    if (sent) onClose()
  }

  return (
    <Modal
      open={open}
      title={t('chat.linkForm.title')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      onOk={() => void submit()}
      okText={t('chat.composer.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'chat-link-submit' } as ButtonProps}
      forceRender
      modalRender={(node) => <div data-testid="chat-link-dialog">{node}</div>}
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="link"
          label={t('chat.linkForm.link')}
          required
          rules={[
            { required: true, whitespace: true, message: validationText('material.linkInvalid') },
            { pattern: /^\s*https?:\/\/\S+\s*$/i, message: validationText('material.linkInvalid') },
            { max: MATERIAL_LINK_MAX, message: validationText('material.linkLength') },
          ]}
        >
          <Input placeholder="https://" data-testid="chat-link-url" />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('chat.linkForm.linkTitle')}
          rules={[{ max: MATERIAL_TITLE_MAX, message: validationText('material.titleLength') }]}
        >
          <Input showCount maxLength={MATERIAL_TITLE_MAX} data-testid="chat-link-title" />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('chat.linkForm.text')}
          rules={[{ max: MATERIAL_TEXT_MAX, message: validationText('material.textLength') }]}
        >
          <Input.TextArea
            showCount
            maxLength={MATERIAL_TEXT_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            data-testid="chat-link-text"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

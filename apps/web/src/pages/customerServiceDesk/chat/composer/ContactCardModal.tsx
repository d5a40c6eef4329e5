import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { CONTACT_CARDS_MAX, checkContactPhone } from '@app/core'
import { Button, type ButtonProps, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../../../../hooks/useRevalidateOnLanguage'
import { validationText } from '../../../../i18n'
import { checkRule } from '../../../../utils/formRules'
import { checkContent, type SendFn } from './sendBody'

interface Values {
  contacts: { name: string; phone: string }[]
}

interface Props {
  open: boolean
  onClose(): void
  onSend: SendFn
}

/** Contact cards to send: a name and a number of at least 8 digits each, up to CONTACT_CARDS_MAX. */
export function ContactCardModal({ open, onClose, onSend }: Props) {
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
    const content = checkContent(form, { type: 'contacts', contacts: values.contacts })
    if (!content) return
    setBusy(true)
    const sent = await onSend(content)
    setBusy(false)
    if (sent) onClose()
  }

  return (
    <Modal
      open={open}
      title={t('chat.card.title')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      onOk={() => void submit()}
      okText={t('chat.composer.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'chat-card-submit' } as ButtonProps}
      forceRender
      modalRender={(node) => <div data-testid="chat-card-dialog">{node}</div>}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={{ contacts: [{ name: '', phone: '' }] }}
        onFinish={() => void submit()}
      >
        <Form.List name="contacts">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <div key={field.key} className="chat-card-row">
                  <Form.Item
                    name={[field.name, 'name']}
                    label={i === 0 ? t('chat.card.name') : undefined}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        message: validationText('material.contactNameRequired'),
                      },
                    ]}
                    className="chat-card-field"
                  >
                    <Input
                      maxLength={100}
                      placeholder={t('chat.card.name')}
                      data-testid={`chat-card-name-${i}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'phone']}
                    label={i === 0 ? t('chat.card.phone') : undefined}
                    rules={[checkRule(checkContactPhone)]}
                    className="chat-card-field"
                  >
                    <Input
                      maxLength={40}
                      placeholder={t('chat.card.phonePlaceholder')}
                      data-testid={`chat-card-phone-${i}`}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                    aria-label={t('chat.card.remove')}
                    className={i === 0 ? 'chat-card-remove-first' : undefined}
                  />
                </div>
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= CONTACT_CARDS_MAX}
                onClick={() => add({ name: '', phone: '' })}
                data-testid="chat-card-add"
              >
                {t('chat.card.add', { count: CONTACT_CARDS_MAX })}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  )
}

import { SIM_TEXT_MAX, type SimMessageView } from '@app/core'
import { type ButtonProps, Input, Modal } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Change the text of one's own message, as WhatsApp's "Edit" does. */
export function EditMessageModal({
  message,
  onClose,
  onEdit,
}: {
  message: SimMessageView | null
  onClose: () => void
  onEdit: (m: SimMessageView, text: string) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  useEffect(() => setText(message?.text ?? ''), [message])
  const save = () => {
    if (!message) return
    onEdit(message, text)
      .then(onClose)
      .catch(() => undefined)
  }
  return (
    <Modal
      open={message !== null}
      title={t('sim.editTitle')}
      onCancel={onClose}
      onOk={save}
      okButtonProps={
        { disabled: !text.trim() || text === message?.text, 'data-testid': 'sim-edit-save' } as ButtonProps
      }
      destroyOnHidden
    >
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={SIM_TEXT_MAX}
        autoSize={{ minRows: 2, maxRows: 6 }}
        data-testid="sim-edit-text"
      />
    </Modal>
  )
}

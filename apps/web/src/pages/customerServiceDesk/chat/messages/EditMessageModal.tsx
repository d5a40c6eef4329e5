import { CHAT_TEXT_MAX, type ChatMessageView } from '@app/core'
import { App, type ButtonProps, Input, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { editChatMessage } from '../../../../api/chat'
import { clipText, TextLimitHint } from '../../../../components/TextLimit'

interface Props {
  message: ChatMessageView
  open: boolean
  onClose(): void
}

/**
 * The new text of our sent text or caption, starting from the text it shows (mounted per edit). Saving asks WhatsApp after the server answers: the
 * bubble shows the new text when message.updated arrives (message.editFailed when it does not).
 */
export function EditMessageModal({ message, open, onClose }: Props) {
  const { t } = useTranslation()
  const { message: toast } = App.useApp()
  const [text, setText] = useState(message.body)
  const [saving, setSaving] = useState(false)
  const next = text.trim()
  const changed = next.length > 0 && next !== message.body.trim()

  const save = async () => {
    if (!changed || saving) return
    setSaving(true)
    try {
      await editChatMessage(message.id, next)
      toast.success(t('chat.editSubmitted'))
      onClose()
    } catch {
      // the request client told the user
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('chat.editTitle')}
      okText={t('chat.editSave')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !changed, 'data-testid': `chat-edit-save-${message.id}` } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('chat.editHint')}</Typography.Paragraph>
      <Input.TextArea
        autoFocus
        value={text}
        onChange={(e) => setText(clipText(e.target.value, CHAT_TEXT_MAX))}
        onKeyDown={(e) => {
          // Ctrl/⌘+Enter saves, Enter alone starts a new line
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            void save()
          }
        }}
        autoSize={{ minRows: 3, maxRows: 10 }}
        aria-label={t('chat.editTitle')}
        data-testid={`chat-edit-input-${message.id}`}
      />
      <TextLimitHint length={text.length} stopped={text.length >= CHAT_TEXT_MAX} />
    </Modal>
  )
}

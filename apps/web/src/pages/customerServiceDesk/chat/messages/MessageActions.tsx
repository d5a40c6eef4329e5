import {
  CopyOutlined,
  EditOutlined,
  RollbackOutlined,
  TranslationOutlined,
  UndoOutlined,
} from '@ant-design/icons'
import { type ChatMessageView, MESSAGE_EDIT_WINDOW_MS, REVOKE_WINDOW_MS } from '@app/core'
import { App, Button, type ButtonProps, Popconfirm, Tooltip } from 'antd'
import { useContext, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { revokeChatMessage } from '../../../../api/chat'
import { copyText } from '../clipboard'
import { TranslatorContext, useTranslationEntry } from '../translations'
import { EditMessageModal } from './EditMessageModal'
import { copyTextOf, isTranslatable } from './format'

interface Props {
  message: ChatMessageView
  readOnly: boolean
  onReply(message: ChatMessageView): void
}

/** Our message can be withdrawn while queued, or once sent within WhatsApp's window (48 h). */
function canRevoke(m: Pick<ChatMessageView, 'fromMe' | 'status' | 'timestamp'>, now = Date.now()): boolean {
  if (!m.fromMe) return false
  if (m.status === 'requested') return true
  return m.status === 'sent' && now - m.timestamp < REVOKE_WINDOW_MS
}

/** Types whose words WhatsApp lets their sender change: a text, or a photo's, video's or file's caption. */
const EDITABLE_TYPES = new Set<string>(['text', 'image', 'video', 'document'])

/** Our sent text or caption can be edited within WhatsApp's window (15 minutes). */
function canEdit(
  m: Pick<ChatMessageView, 'fromMe' | 'status' | 'timestamp' | 'type' | 'body'>,
  now = Date.now(),
): boolean {
  if (!m.fromMe || m.status !== 'sent' || !EDITABLE_TYPES.has(m.type)) return false
  if (m.type !== 'text' && !m.body) return false
  return now - m.timestamp < MESSAGE_EDIT_WINDOW_MS
}

/** The hover actions of a message: reply, copy, original/translated, edit, withdraw. */
export function MessageActions({ message, readOnly, onReply }: Props) {
  const { t } = useTranslation()
  const { message: toast } = App.useApp()
  const translator = useContext(TranslatorContext)
  const entry = useTranslationEntry(message.id)
  const [revoking, setRevoking] = useState(false)
  const [editing, setEditing] = useState(false)
  if (message.status === 'withdrawn') return null
  const { id } = message
  const copyable = copyTextOf(message)
  const showingTranslation = entry?.status === 'done' && entry.show

  const copy = async () => {
    if (copyable && (await copyText(copyable))) toast.success(t('chat.copied'))
    else toast.error(t('chat.copyFailed'))
  }
  const revoke = async () => {
    setRevoking(true)
    try {
      await revokeChatMessage(id)
      toast.success(t('chat.revokeSubmitted'))
    } catch {
      // the request client told the user
    } finally {
      setRevoking(false)
    }
  }

  return (
    <div className="chat-actions">
      {!readOnly && (
        <Tooltip title={t('chat.reply')}>
          <Button
            size="small"
            type="text"
            icon={<RollbackOutlined />}
            aria-label={t('chat.reply')}
            onClick={() => onReply(message)}
            data-testid={`chat-reply-${id}`}
          />
        </Tooltip>
      )}
      {copyable && (
        <Tooltip title={t('chat.copy')}>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined />}
            aria-label={t('chat.copy')}
            onClick={() => void copy()}
            data-testid={`chat-copy-${id}`}
          />
        </Tooltip>
      )}
      {translator && isTranslatable(message.type, message.body) && (
        <Tooltip title={showingTranslation ? t('chat.showOriginal') : t('chat.translate')}>
          <Button
            size="small"
            type={showingTranslation ? 'link' : 'text'}
            icon={<TranslationOutlined />}
            loading={entry?.status === 'loading'}
            aria-label={showingTranslation ? t('chat.showOriginal') : t('chat.translate')}
            onClick={() => translator.toggle(id, message.body)}
            data-testid={`chat-translate-${id}`}
          />
        </Tooltip>
      )}
      {!readOnly && canEdit(message) && (
        <Tooltip title={t('chat.edit')}>
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('chat.edit')}
            onClick={() => setEditing(true)}
            data-testid={`chat-edit-${id}`}
          />
        </Tooltip>
      )}
      {editing && <EditMessageModal message={message} open={editing} onClose={() => setEditing(false)} />}
      {!readOnly && canRevoke(message) && (
        <Popconfirm
          title={t('chat.revokeConfirm')}
          okText={t('chat.revoke')}
          cancelText={t('common.cancel')}
          okButtonProps={{ 'data-testid': `chat-revoke-confirm-${id}` } as ButtonProps}
          onConfirm={revoke}
        >
          <Tooltip title={t('chat.revoke')}>
            <Button
              size="small"
              type="text"
              icon={<UndoOutlined />}
              loading={revoking}
              aria-label={t('chat.revoke')}
              data-testid={`chat-revoke-${id}`}
            />
          </Tooltip>
        </Popconfirm>
      )}
    </div>
  )
}

import type { ChatMessageView } from '@app/core'
import { Tooltip, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../../utils/date'

/** "Edited", with the texts the message showed before its edits on hover. */
export function EditedMark({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation()
  if (!message.editedAt) return null
  const edits = message.edits ?? []
  const history = edits.length ? (
    <div data-testid={`chat-edit-history-${message.id}`}>
      <div>{t('chat.editHistory')}</div>
      {edits.map((e) => (
        <div key={e.at}>
          {formatDate(e.at, 'HH:mm')} {e.body}
        </div>
      ))}
    </div>
  ) : null
  return (
    <Tooltip title={history}>
      <Typography.Text type="secondary" className="chat-edited" data-testid={`chat-edited-${message.id}`}>
        {t('chat.edited')}
      </Typography.Text>
    </Tooltip>
  )
}

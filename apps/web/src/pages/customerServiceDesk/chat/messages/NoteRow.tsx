import { FormOutlined } from '@ant-design/icons'
import { Access, type ChatMessageView } from '@app/core'
import { useTranslation } from 'react-i18next'
import { useDesk } from '../../../../stores/desk'
import { hasAnyRole, useSession } from '../../../../stores/session'
import { formatDate } from '../../../../utils/date'
import { useDeskMembers } from '../../useTenantAgents'

/** Who wrote a note: me, the supervisor or an agent of the tenant, the desk's owner, or (unknown here) a colleague. */
function useNoteAuthor(userId: number | null): string {
  const { t } = useTranslation()
  const me = useSession((s) => s.user?.id)
  // the people list is the desk's: a reader without a desk (the team lead) does not ask for it
  const mayList = useSession((s) => hasAnyRole(s.roles, Access.desk))
  const owner = useDesk((s) => s.owner)
  const agents = useDeskMembers(mayList && userId !== null && userId !== me)
  if (userId === null) return t('chat.note.someone')
  if (userId === me) return t('chat.note.you')
  const agent = agents.data?.find((a) => a.id === userId)
  if (agent) return agent.nickname
  if (owner?.userId === userId) return owner.nickname
  return t('chat.note.someone')
}

/** The note's text with each "@name" marked. */
function NoteText({ text }: { text: string }) {
  const parts = text.split(/(@[^\s@]+)/)
  return (
    <div className="chat-text">
      {parts.map((part, i) =>
        part.startsWith('@') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <span key={i} className="chat-note-mention">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </div>
  )
}

/**
 * An internal note in the chat, set apart from the conversation: a yellow box captioned "Note ·
 * author", with its time and never delivery ticks (it is never sent), and no message actions (it
 * cannot be quoted to, withdrawn from or edited for the customer).
 */
export function NoteRow({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation()
  const author = useNoteAuthor(message.requestedBy)
  const caption = t('chat.note.caption', { name: author })
  return (
    <div
      className="chat-row chat-row-mine"
      data-testid={`chat-message-${message.id}`}
      data-type="note"
      data-status={message.status}
    >
      <div className="chat-note" role="note" aria-label={caption}>
        <div className="chat-note-caption" data-testid="chat-note-caption">
          <FormOutlined aria-hidden />
          {caption}
        </div>
        <NoteText text={message.body} />
        <div className="chat-meta">
          <span>{formatDate(message.timestamp, 'HH:mm')}</span>
        </div>
      </div>
    </div>
  )
}

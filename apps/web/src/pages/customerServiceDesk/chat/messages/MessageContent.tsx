import { LoadingOutlined, TranslationOutlined } from '@ant-design/icons'
import type { ChatMessageView } from '@app/core'
import { Typography } from 'antd'
import { type ReactNode, useContext, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { TranslatorContext, useTranslationEntry } from '../translations'
import { ContactsContent } from './ContactsContent'
import { PollContent, ViewOnceContent } from './ExtraContent'
import { isTranslatable } from './format'
import { LocationContent } from './LocationContent'
import { AudioContent, FileContent, ImageContent, VideoContent } from './MediaContent'
import { TextBody } from './TextBody'

interface Props {
  message: ChatMessageView
  /** translate the customer's texts as they show */
  autoTranslate: boolean
}

/** What a message shows by its type, then its words (text or caption), translated when asked. */
export function MessageContent({ message, autoTranslate }: Props) {
  const { t } = useTranslation()
  const translator = useContext(TranslatorContext)
  const entry = useTranslationEntry(message.id)
  const { id, type, body, fromMe } = message
  const auto = autoTranslate && !fromMe && type === 'text' && body.trim() !== ''

  useEffect(() => {
    if (auto) translator?.ensure(id, body)
  }, [auto, translator, id, body])

  let media: ReactNode = null
  switch (type) {
    case 'image':
    case 'sticker':
      media = <ImageContent message={message} />
      break
    case 'video':
      media = <VideoContent message={message} />
      break
    case 'audio':
      media = <AudioContent message={message} />
      break
    case 'document':
      media = <FileContent message={message} />
      break
    case 'location':
      return <LocationContent message={message} />
    case 'contacts':
      return <ContactsContent message={message} />
    case 'viewOnce':
      return <ViewOnceContent message={message} />
    case 'poll':
      return <PollContent message={message} />
    case 'unsupported':
      return (
        <Typography.Text type="secondary" italic>
          {t('chat.unsupported')}
        </Typography.Text>
      )
  }

  const translated = isTranslatable(type, body) && entry?.status === 'done' && entry.show
  return (
    <>
      {media}
      {body.trim() !== '' && <TextBody text={translated ? (entry?.text ?? body) : body} />}
      {message.meta.editUnread === true && (
        <Typography.Text type="secondary" className="chat-translation-note" data-testid="chat-edit-unread">
          {t('chat.editUnread')}
        </Typography.Text>
      )}
      {entry?.status === 'loading' && (
        <Typography.Text type="secondary" className="chat-translation-note" data-testid="chat-translating">
          <LoadingOutlined /> {t('chat.translating')}
        </Typography.Text>
      )}
      {translated && (
        <Typography.Text type="secondary" className="chat-translation-note" data-testid="chat-translated">
          <TranslationOutlined /> {t('chat.translated')}
        </Typography.Text>
      )}
    </>
  )
}

import { Access, type ChatMessageView, type DeskSessionView, translateLanguageName } from '@app/core'
import { App, Button, Switch, Tooltip, Typography } from 'antd'
import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { useTenantDisplay } from '../../../api/tenantSettings'
import { AfterFirstDraw } from '../../../components/AfterFirstDraw'
import { Spinner } from '../../../components/Spinner'
import { currentLanguage } from '../../../i18n'
import { useSocketEvent } from '../../../realtime'
import { hasAnyRole, useSession } from '../../../stores/session'
import { LazyResult } from '../LazyResult'
import './chat.css'
import { Composer } from './composer/Composer'
import { MediaCacheContext, useOwnMediaCache } from './mediaCache'
import { MessageList, type MessageListHandle } from './messages/MessageList'
import { readAutoTranslate, Translator, TranslatorContext, writeAutoTranslate } from './translations'
import { useChatHistory } from './useChatHistory'
import { useSessionRoom } from './useSessionRoom'

/**
 * The open chat of the desk: its history (virtualised, paged upward, live), the auto-translate
 * switch and, for those who may write (not the read-only team lead), the composer.
 */
export function ChatBox({ session }: { session: DeskSessionView }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const readOnly = useSession((s) => !hasAnyRole(s.roles, Access.desk))
  const userTarget = useSession((s) => s.user?.targetLanguage ?? '')
  const history = useChatHistory(session.id, session.type === 'personal' ? session.title : '')
  useSessionRoom(session.id)
  const cache = useOwnMediaCache()
  const [translator] = useState(
    // one toast however many batches fail together (auto-translate while scrolling)
    () =>
      new Translator((reason) =>
        message.error({ content: reason || t('chat.translateFailed'), key: 'chat-translate' }),
      ),
  )
  const answeredTarget = useStore(translator.store, (s) => s.target)
  const target = answeredTarget || userTarget
  const [ownAutoTranslate, setAutoTranslate] = useState(readAutoTranslate)
  const tenantDefault = useTenantDisplay()?.autoTranslate ?? false
  const autoTranslate = ownAutoTranslate ?? tenantDefault
  const [quote, setQuote] = useState<ChatMessageView | null>(null)
  const list = useRef<MessageListHandle>(null)

  useSocketEvent('message.revokeFailed', (e) => {
    if (e.sessionId === session.id) message.error(t('chat.revokeFailed'))
  })
  useSocketEvent('message.editFailed', (e) => {
    if (e.sessionId === session.id) message.error(t('chat.editFailed'))
  })

  const { add } = history
  const onSent = useCallback(
    (m: ChatMessageView) => {
      add(m)
      requestAnimationFrame(() => list.current?.scrollToBottom())
    },
    [add],
  )
  const clearQuote = useCallback(() => setQuote(null), [])

  return (
    <MediaCacheContext.Provider value={cache}>
      <TranslatorContext.Provider value={translator}>
        <div className="chat-box" data-testid="chat-box">
          <div className="chat-bar">
            <Tooltip
              title={
                target
                  ? t('chat.autoTranslateHint', {
                      language: translateLanguageName(target, currentLanguage()),
                    })
                  : t('chat.autoTranslateHintDefault')
              }
            >
              <label className="chat-auto-translate">
                <Switch
                  size="small"
                  checked={autoTranslate}
                  onChange={(on) => {
                    setAutoTranslate(on)
                    writeAutoTranslate(on)
                  }}
                  data-testid="chat-auto-translate"
                />
                <Typography.Text type="secondary">{t('chat.autoTranslate')}</Typography.Text>
              </label>
            </Tooltip>
          </div>
          {history.status === 'loading' ? (
            <div className="chat-list chat-list-empty">
              <Spinner />
            </div>
          ) : history.status === 'error' ? (
            <div className="chat-list chat-list-empty">
              <LazyResult
                status="warning"
                title={t('chat.loadFailed')}
                extra={
                  <Button onClick={history.reload} data-testid="chat-reload">
                    {t('chat.retry')}
                  </Button>
                }
              />
            </div>
          ) : (
            <MessageList
              ref={list}
              history={history}
              isGroup={session.type === 'group'}
              readOnly={readOnly}
              autoTranslate={autoTranslate}
              onReply={setQuote}
            />
          )}
          {/* the composer is drawn just after the rest of the chat, in a room of its height */}
          {readOnly ? null : (
            <AfterFirstDraw placeholder={<div className="chat-composer chat-composer-pending" />}>
              <Composer session={session} quote={quote} onClearQuote={clearQuote} onSent={onSent} />
            </AfterFirstDraw>
          )}
        </div>
      </TranslatorContext.Provider>
    </MediaCacheContext.Provider>
  )
}

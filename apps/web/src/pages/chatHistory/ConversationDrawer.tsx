import type { HistoryHitView } from '@app/core'
import { Button, Descriptions, Drawer, Result, Spin, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import '../customerServiceDesk/chat/chat.css'
import { MediaCacheContext, useOwnMediaCache } from '../customerServiceDesk/chat/mediaCache'
import { ConversationList } from './ConversationList'
import { useConversation } from './useConversation'

interface Props {
  /** the hit the conversation opens at; null: closed */
  hit: HistoryHitView | null
  onClose(): void
}

/** The conversation of a hit, read-only: who spoke with whom, and the messages around the hit. */
export function ConversationDrawer({ hit, onClose }: Props) {
  const { t } = useTranslation()
  const { state, reload, loadOlder, loadNewer } = useConversation(hit?.id ?? null)
  const cache = useOwnMediaCache()
  const head = state.head
  return (
    <Drawer
      open={hit !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={
        <>
          {t('history.conversation.title')} <Tag>{t('history.conversation.readOnly')}</Tag>
        </>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', padding: 0, minHeight: 0 } }}
      data-testid="history-conversation"
    >
      {head && (
        <Descriptions
          size="small"
          column={2}
          style={{ padding: '12px 16px' }}
          items={[
            {
              key: 'customer',
              label: t('history.columns.customer'),
              children: [
                head.customer.name,
                head.customer.phone !== head.customer.name ? head.customer.phone : null,
                head.customer.phoneHidden ? t('fans.phoneHidden') : null,
              ]
                .filter(Boolean)
                .join(' · '),
            },
            {
              key: 'type',
              label: t('history.columns.type'),
              children: t(`history.sessionTypes.${head.sessionType}`),
            },
            { key: 'account', label: t('history.columns.account'), children: head.account.phone ?? '-' },
            { key: 'agent', label: t('history.columns.agent'), children: head.agent?.name ?? '-' },
          ]}
        />
      )}
      <div className="chat-box" style={{ flex: 1 }}>
        {state.status === 'loading' ? (
          <div className="chat-list chat-list-empty">
            <Spin />
          </div>
        ) : state.status === 'error' ? (
          <div className="chat-list chat-list-empty">
            <Result
              status="warning"
              title={t('history.conversation.loadFailed')}
              extra={<Button onClick={reload}>{t('history.conversation.retry')}</Button>}
            />
          </div>
        ) : (
          hit && (
            <MediaCacheContext.Provider value={cache}>
              <ConversationList
                state={state}
                hitId={hit.id}
                isGroup={head?.sessionType === 'group'}
                loadOlder={loadOlder}
                loadNewer={loadNewer}
              />
            </MediaCacheContext.Provider>
          )
        )}
      </div>
    </Drawer>
  )
}

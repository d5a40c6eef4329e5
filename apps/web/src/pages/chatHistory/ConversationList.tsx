import type { ChatMessageView } from '@app/core'
import { Spin, Tag, Typography } from 'antd'
import { useCallback, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso'
import { formatDate } from '../../utils/date'
import { MessageRow } from '../customerServiceDesk/chat/messages/MessageRow'
import type { ConversationState } from './useConversation'

interface Props {
  state: ConversationState
  hitId: number
  isGroup: boolean
  loadOlder(): void
  loadNewer(): void
}

interface Edge {
  more: boolean
  /** what the end says when nothing more is there */
  end: string
}

function EdgeLine({ context }: { context?: Edge }) {
  return (
    <div className="chat-list-edge">
      {context?.more ? (
        <Spin size="small" />
      ) : (
        <Typography.Text type="secondary">{context?.end}</Typography.Text>
      )}
    </div>
  )
}

const dayOf = (ms: number) => formatDate(ms, 'YYYY-MM-DD')
const none = () => undefined

/**
 * The conversation, read-only, in the desk's message rows: it opens with the hit in the middle,
 * marked, and pages older at the top and newer at the bottom (virtualised either way).
 */
export function ConversationList({ state, hitId, isGroup, loadOlder, loadNewer }: Props) {
  const { t } = useTranslation()
  const { items, firstItemIndex, hasOlder, hasNewer } = state
  const list = useRef<VirtuosoHandle>(null)
  const hitIndex = Math.max(
    0,
    items.findIndex((m) => m.id === hitId),
  )
  const onJump = useCallback(
    (messageId: number) => {
      const index = items.findIndex((m) => m.id === messageId)
      if (index >= 0) list.current?.scrollToIndex({ index, align: 'center', behavior: 'smooth' })
    },
    [items],
  )
  const older: Edge = { more: hasOlder, end: t('history.conversation.noOlder') }
  const newer: Edge = { more: hasNewer, end: t('history.conversation.noNewer') }
  return (
    <div className="chat-list" data-testid="history-conversation-list">
      <Virtuoso<ChatMessageView, { older: Edge; newer: Edge }>
        ref={list}
        style={{ height: '100%' }}
        data={items}
        context={{ older, newer }}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={{ index: hitIndex, align: 'center' }}
        computeItemKey={(_, m) => m.id}
        startReached={loadOlder}
        endReached={loadNewer}
        increaseViewportBy={{ top: 400, bottom: 400 }}
        components={{
          Header: ({ context }) => <EdgeLine context={context?.older} />,
          Footer: ({ context }) => <EdgeLine context={context?.newer} />,
        }}
        itemContent={(index, m) => {
          const previous = items[index - firstItemIndex - 1]
          const hit = m.id === hitId
          return (
            <>
              {(!previous || dayOf(previous.timestamp) !== dayOf(m.timestamp)) && (
                <div className="chat-day">
                  <span>{formatDate(m.timestamp, 'YYYY-MM-DD')}</span>
                </div>
              )}
              <div
                className={hit ? 'history-hit' : undefined}
                data-testid={hit ? 'history-conversation-hit' : undefined}
              >
                {hit && (
                  <Tag color="gold" className="history-hit-tag">
                    {t('history.conversation.hit')}
                  </Tag>
                )}
                <MessageRow
                  message={m}
                  isGroup={isGroup}
                  readOnly
                  autoTranslate={false}
                  onReply={none}
                  onSent={none}
                  onJump={onJump}
                />
              </div>
            </>
          )
        }}
      />
    </div>
  )
}

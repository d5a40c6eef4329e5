import { DownOutlined } from '@ant-design/icons'
import type { ChatMessageView } from '@app/core'
import { Button, Empty, Spin, Typography } from 'antd'
import { type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso'
import { formatDate } from '../../../../utils/date'
import type { ChatHistory } from '../useChatHistory'
import { MessageRow } from './MessageRow'
import { WholeList, type WholeListHandle } from './WholeList'

export interface MessageListHandle {
  /** Go to the newest message (after our own send). */
  scrollToBottom(): void
}

interface Props {
  history: ChatHistory
  isGroup: boolean
  readOnly: boolean
  autoTranslate: boolean
  onReply(message: ChatMessageView): void
  ref?: Ref<MessageListHandle>
}

interface ListContext {
  loadingOlder: boolean
  hasMore: boolean
}

function Header({ context }: { context?: ListContext }) {
  const { t } = useTranslation()
  if (context?.loadingOlder)
    return (
      <div className="chat-list-edge" data-testid="chat-loading-older">
        <Spin size="small" /> {t('chat.loadingOlder')}
      </div>
    )
  if (context && !context.hasMore)
    return (
      <div className="chat-list-edge">
        <Typography.Text type="secondary">{t('chat.noMore')}</Typography.Text>
      </div>
    )
  return <div className="chat-list-edge" />
}

/** Within this distance of the end the reader counts as at the bottom. */
const BOTTOM_PX = 80

/** The local calendar day of a time, as a number to compare (a new day gets its divider). */
const dayOf = (ms: number) => {
  const d = new Date(ms)
  return d.getFullYear() * 10_000 + d.getMonth() * 100 + d.getDate()
}

// the list's settings that do not change, kept as they are so the list does not take them as new
const followOutput = (bottom: boolean): 'smooth' | false => (bottom ? 'smooth' : false)
const keyOf = (_: number, m: ChatMessageView) => m.id
const listStyle = { height: '100%' }
const listComponents = { Header }
const viewportExtra = { top: 600, bottom: 300 }

/**
 * Up to this many messages a chat is drawn whole; past it (older pages, a long live chat) it is
 * virtualised. The newest page always fits, so opening a chat never pays the virtualiser's set-up.
 */
const WHOLE_MAX = 60

/**
 * The chat: drawn whole while short, virtualised past that (only the rows in view are in the DOM,
 * whatever the chat's length). Older pages load when the top is reached and are prepended in place
 * (firstItemIndex). New messages follow while the reader is at the bottom; otherwise a button
 * counts them and jumps down.
 */
export function MessageList({ history, isGroup, readOnly, autoTranslate, onReply, ref }: Props) {
  const { t } = useTranslation()
  const { state, loadingOlder, loadOlder, add } = history
  const { items, firstItemIndex, hasMore, generation } = state
  const virtuoso = useRef<VirtuosoHandle>(null)
  const whole = useRef<WholeListHandle>(null)
  /** the topmost message in view of the whole list, where the virtualised one opens if it takes over */
  const topItem = useRef<number | null>(null)
  /** the chat (its generation) that has grown past drawing whole: it stays virtualised */
  const virtualised = useRef<number | null>(null)
  const atBottom = useRef(true)
  const lastId = useRef<number | null>(null)
  const [showJump, setShowJump] = useState(false)
  const [unseen, setUnseen] = useState(0)

  const toBottom = useCallback(() => {
    if (virtuoso.current) virtuoso.current.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' })
    else whole.current?.toBottom()
    setUnseen(0)
  }, [])

  useImperativeHandle(ref, () => ({ scrollToBottom: toBottom }), [toBottom])

  // the composer grows (a quote, uploads): a reader who was at the bottom stays at the bottom
  const sizeWatch = useRef<ResizeObserver | null>(null)
  useEffect(() => () => sizeWatch.current?.disconnect(), [])
  const watchScroller = useCallback((el: HTMLElement | Window | null) => {
    sizeWatch.current?.disconnect()
    sizeWatch.current = null
    if (!(el instanceof HTMLElement) || typeof ResizeObserver === 'undefined') return
    // its first height comes with the observer's first report, once the browser has laid the chat
    // out: read here, while the chat is being drawn, it would force that layout early
    let height: number | null = null
    const observer = new ResizeObserver(() => {
      const next = el.clientHeight
      if (height !== null && next < height && el.scrollHeight - el.scrollTop - height <= BOTTOM_PX)
        el.scrollTop = el.scrollHeight
      height = next
    })
    observer.observe(el)
    sizeWatch.current = observer
  }, [])

  // count what arrived at the bottom while the reader was further up
  useEffect(() => {
    const last = items[items.length - 1]
    const previous = lastId.current
    lastId.current = last?.id ?? null
    if (!last || previous === null || last.id === previous || atBottom.current) return
    const at = items.findIndex((m) => m.id === previous)
    // our own messages are not news
    const fresh = items.slice(at >= 0 ? at + 1 : -1).filter((m) => !m.fromMe).length
    if (fresh) setUnseen((n) => n + fresh)
  }, [items])

  const onJump = useCallback(
    (messageId: number) => {
      const index = items.findIndex((m) => m.id === messageId)
      if (index < 0) return
      if (virtuoso.current) virtuoso.current.scrollToIndex({ index, align: 'center', behavior: 'smooth' })
      else whole.current?.toIndex(index)
    },
    [items],
  )

  const context = useMemo(() => ({ loadingOlder, hasMore }), [loadingOlder, hasMore])
  const onBottomChange = useCallback((bottom: boolean) => {
    atBottom.current = bottom
    setShowJump(!bottom)
    if (bottom) setUnseen(0)
  }, [])
  const onTopItem = useCallback((id: number | null) => {
    topItem.current = id
  }, [])
  const itemContent = useCallback(
    (index: number, m: ChatMessageView) => {
      const previous = items[index - firstItemIndex - 1]
      const newDay = !previous || dayOf(previous.timestamp) !== dayOf(m.timestamp)
      return (
        <>
          {newDay && (
            <div className="chat-day">
              <span>{formatDate(m.timestamp, 'YYYY-MM-DD')}</span>
            </div>
          )}
          <MessageRow
            message={m}
            isGroup={isGroup}
            readOnly={readOnly}
            autoTranslate={autoTranslate}
            onReply={onReply}
            onSent={add}
            onJump={onJump}
          />
        </>
      )
    },
    [items, firstItemIndex, isGroup, readOnly, autoTranslate, onReply, add, onJump],
  )

  if (items.length === 0)
    return (
      <div className="chat-list chat-list-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.empty')} />
      </div>
    )

  if (items.length > WHOLE_MAX) virtualised.current = generation
  const drawnWhole = virtualised.current !== generation
  const topIndex = topItem.current === null ? -1 : items.findIndex((m) => m.id === topItem.current)

  return (
    <div className="chat-list" data-testid="chat-list">
      {drawnWhole ? (
        <WholeList
          key={generation}
          ref={whole}
          items={items}
          firstItemIndex={firstItemIndex}
          header={<Header context={context} />}
          bottomPx={BOTTOM_PX}
          loadOlder={loadOlder}
          onBottomChange={onBottomChange}
          onTopItem={onTopItem}
          itemContent={itemContent}
          scrollerRef={watchScroller}
        />
      ) : (
        <Virtuoso<ChatMessageView, ListContext>
          key={generation}
          ref={virtuoso}
          style={listStyle}
          data={items}
          context={context}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={
            topIndex >= 0 ? { index: topIndex, align: 'start' } : { index: items.length - 1, align: 'end' }
          }
          computeItemKey={keyOf}
          startReached={loadOlder}
          followOutput={followOutput}
          atBottomThreshold={BOTTOM_PX}
          scrollerRef={watchScroller}
          atBottomStateChange={onBottomChange}
          increaseViewportBy={viewportExtra}
          components={listComponents}
          itemContent={itemContent}
        />
      )}
      {showJump && (
        <div className="chat-jump">
          <Button
            type={unseen ? 'primary' : 'default'}
            shape={unseen ? 'round' : 'circle'}
            icon={<DownOutlined />}
            onClick={toBottom}
            aria-label={t('chat.backToBottom')}
            data-testid="chat-new-messages"
          >
            {unseen ? t('chat.newMessages', { count: unseen }) : null}
          </Button>
        </div>
      )}
    </div>
  )
}

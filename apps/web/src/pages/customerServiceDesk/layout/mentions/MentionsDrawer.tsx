import type { MentionView } from '@app/core'
import { Badge, Button, Drawer, Empty, Flex, Spin, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RelativeTime } from '../../../../components/RelativeTime'
import './mentions.css'
import { useMarkMentionsRead, useMentionPages, useUnreadMentions } from './useMentions'

function MentionItem({ mention, onOpen }: { mention: MentionView; onOpen: (m: MentionView) => void }) {
  const { t } = useTranslation()
  return (
    <li style={{ listStyle: 'none' }}>
      <button
        type="button"
        className="desk-mention"
        onClick={() => onOpen(mention)}
        aria-label={t('desk.mentions.open', { name: mention.sessionTitle })}
        data-testid={`desk-mention-${mention.id}`}
        data-unread={mention.unread}
      >
        <Flex align="center" gap={8}>
          {mention.unread ? <Badge status="processing" aria-label={t('desk.mentions.unread')} /> : null}
          <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }}>
            {mention.sessionTitle}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
            <RelativeTime value={mention.createdAt} />
          </Typography.Text>
        </Flex>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 13 }}>
          {t('desk.mentions.byAuthor', { name: mention.authorName, text: mention.text })}
        </Typography.Paragraph>
      </button>
    </li>
  )
}

/** The caller's mentions, newest first, with "load more" by cursor and "mark all read". */
export function MentionsDrawer({
  open,
  onClose,
  onOpen,
}: {
  open: boolean
  onClose: () => void
  onOpen: (m: MentionView) => void
}) {
  const { t } = useTranslation()
  const pages = useMentionPages(open)
  const unread = useUnreadMentions().data ?? 0
  const markRead = useMarkMentionsRead()
  const [marking, setMarking] = useState(false)
  const list = pages.data?.pages.flatMap((p) => p.list) ?? []

  const markAll = async () => {
    setMarking(true)
    // a refusal was told by the request client
    await markRead('all').catch(() => undefined)
    setMarking(false)
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('desk.mentions.title')}
      placement="right"
      size={380}
      extra={
        <Button
          size="small"
          disabled={unread === 0}
          loading={marking}
          onClick={() => void markAll()}
          data-testid="desk-mentions-read-all"
        >
          {t('desk.mentions.markAllRead')}
        </Button>
      }
      styles={{ body: { padding: 0 } }}
      data-testid="desk-mentions-drawer"
    >
      {pages.isPending ? (
        <Flex justify="center" style={{ paddingTop: 40 }}>
          <Spin />
        </Flex>
      ) : list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('desk.mentions.empty')}
          style={{ paddingTop: 40 }}
          data-testid="desk-mentions-empty"
        />
      ) : (
        <ul style={{ margin: 0, padding: 0 }} data-testid="desk-mentions-list">
          {list.map((m) => (
            <MentionItem key={m.id} mention={m} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <Flex justify="center" style={{ padding: 12 }}>
          <Button
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
            data-testid="desk-mentions-more"
          >
            {t('desk.mentions.loadMore')}
          </Button>
        </Flex>
      ) : null}
    </Drawer>
  )
}

import { BellOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Badge, Button, Tooltip } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { feedback } from '../../../../app/feedback'
import { useSocketEvent } from '../../../../realtime'
import { lazyDialog } from '../../lazyDialog'
import { deskKeys } from '../../queryKeys'
import { useOpenMention, useUnreadMentions } from './useMentions'

// the drawer (antd's Drawer and the list) loads when first opened
const MentionsDrawer = lazyDialog(() => import('./MentionsDrawer').then((m) => m.MentionsDrawer))

/**
 * The desk header's bell: the caller's unread @mentions in notes, a notification as each one
 * arrives (clicking it opens the session), and the drawer that lists them all.
 */
export function MentionsBell() {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const [open, setOpen] = useState(false)
  const unread = useUnreadMentions().data ?? 0
  const openMention = useOpenMention()

  useSocketEvent('mention.new', (m) => {
    void qc.invalidateQueries({ queryKey: deskKeys.mentions })
    feedback().notification.info({
      key: `mention-${m.id}`,
      title: t('desk.mentions.notifyTitle', { name: m.authorName }),
      description: (
        <span data-testid="desk-mention-notification">
          {m.sessionTitle}: {m.text}
        </span>
      ),
      placement: 'topRight',
      onClick: () => openMention(m),
    })
  })

  const label = unread > 0 ? t('desk.mentions.buttonUnread', { count: unread }) : t('desk.mentions.button')
  return (
    <>
      <Tooltip title={label}>
        <Badge count={unread} size="small" offset={[-4, 4]} data-testid="desk-mentions-badge">
          <Button
            type="text"
            icon={<BellOutlined />}
            onClick={() => setOpen(true)}
            aria-label={label}
            aria-haspopup="dialog"
            data-testid="desk-mentions"
          />
        </Badge>
      </Tooltip>
      <MentionsDrawer
        open={open}
        onClose={() => setOpen(false)}
        onOpen={(m) => {
          setOpen(false)
          openMention(m)
        }}
      />
    </>
  )
}

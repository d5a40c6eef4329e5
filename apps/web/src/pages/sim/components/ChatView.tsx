import {
  isSimGroupId,
  MESSAGE_EDIT_WINDOW_MS,
  SIM_MESSAGES_PAGE_MAX,
  type SimContentInput,
  type SimMessageView,
} from '@app/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Alert, Button, Empty, Flex, Popconfirm, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  editSimMessage,
  getSimGroup,
  leaveSimGroup,
  readSimChat,
  revokeSimMessage,
  sendAsPhone,
} from '../../../api/sim'
import { feedback } from '../../../app/feedback'
import { POLL_MS, simKeys, useMessages } from '../hooks'
import { Composer } from './Composer'
import { EditMessageModal } from './EditMessageModal'
import { MessageBubble } from './MessageBubble'

const PAGE = 50

/** One open chat: header, bubbles (newest last, older on demand), composer. Opening it reads it. */
export function ChatView({
  phone,
  peer,
  title,
  member,
  unread,
  contact,
  onChanged,
  onLeft,
}: {
  phone: string
  peer: string
  title: string
  member: boolean
  unread: number
  contact: { name: string; phone: string } | null
  onChanged: () => void
  onLeft: () => void
}) {
  const { t } = useTranslation()
  const isGroup = isSimGroupId(peer)
  const [limit, setLimit] = useState(PAGE)
  const messages = useMessages(phone, peer, limit)
  const group = useQuery({
    queryKey: simKeys.group(phone, peer),
    queryFn: () => getSimGroup(phone, peer),
    enabled: isGroup && member,
    refetchInterval: POLL_MS * 4,
  })
  const list = messages.data?.list ?? []
  const lastId = list.at(-1)?.id
  const scroller = useRef<HTMLDivElement>(null)

  const read = useMutation({ mutationFn: () => readSimChat(phone, peer), onSuccess: onChanged })
  const readNow = unread > 0 && !read.isPending
  useEffect(() => {
    if (readNow) read.mutate()
  }, [readNow, read.mutate])

  useEffect(() => {
    const el = scroller.current
    if (el && lastId) el.scrollTop = el.scrollHeight
  }, [lastId])

  const send = useMutation({
    mutationFn: (content: SimContentInput) => sendAsPhone(phone, peer, content),
    onSuccess: onChanged,
  })
  const revoke = useMutation({
    mutationFn: (m: SimMessageView) => revokeSimMessage(phone, m.id),
    onSuccess: onChanged,
  })
  const [editing, setEditing] = useState<SimMessageView | null>(null)
  const edit = useMutation({
    mutationFn: ({ m, text }: { m: SimMessageView; text: string }) => editSimMessage(phone, m.id, text),
    onSuccess: onChanged,
  })
  // the phone's own last text, while WhatsApp still lets it be edited
  const lastOwn = list.findLast((m) => m.fromMe && !m.revoked)
  const editableId =
    lastOwn?.kind === 'text' && Date.now() - lastOwn.timestamp < MESSAGE_EDIT_WINDOW_MS ? lastOwn.id : null
  const leave = useMutation({
    mutationFn: () => leaveSimGroup(phone, peer),
    onSuccess: () => {
      feedback().message.success({ content: t('sim.left') })
      onChanged()
      onLeft()
    },
  })

  return (
    <Flex
      vertical
      style={{ height: '100%', minHeight: 0, background: '#efeae2' }}
      data-testid="sim-chat-view"
    >
      <Flex
        justify="space-between"
        align="center"
        gap={8}
        style={{ padding: '8px 12px', background: '#008069', color: '#fff' }}
      >
        <div style={{ minWidth: 0 }}>
          <div style={{ fontWeight: 600 }} data-testid="sim-chat-title">
            {title}
          </div>
          <div style={{ fontSize: 12, opacity: 0.85 }}>
            {isGroup ? group.data && t('sim.members', { count: group.data.participants.length }) : `+${peer}`}
          </div>
        </div>
        {isGroup && member && (
          <Flex gap={8} align="center">
            {group.data && (
              <Typography.Text
                copyable={{ text: group.data.inviteLink }}
                style={{ color: '#fff', fontSize: 12 }}
              >
                {t('sim.inviteLink')}
              </Typography.Text>
            )}
            <Popconfirm
              title={t('sim.confirmLeave')}
              onConfirm={() => leave.mutateAsync().catch(() => undefined)}
            >
              <Button size="small" danger data-testid="sim-group-leave">
                {t('sim.leaveGroup')}
              </Button>
            </Popconfirm>
          </Flex>
        )}
      </Flex>
      <div
        ref={scroller}
        style={{ flex: 1, overflowY: 'auto', padding: '8px 16px', minHeight: 0 }}
        data-testid="sim-messages"
      >
        {messages.data?.hasMore && (
          <Flex justify="center">
            <Button
              size="small"
              onClick={() => setLimit((n) => Math.min(n + PAGE, SIM_MESSAGES_PAGE_MAX))}
              data-testid="sim-load-older"
            >
              {t('sim.loadOlder')}
            </Button>
          </Flex>
        )}
        {messages.isSuccess && list.length === 0 && <Empty description={t('sim.noMessages')} />}
        {list.map((m) => (
          <MessageBubble
            key={m.id}
            m={m}
            showSender={isGroup}
            onRevoke={revoke.mutateAsync}
            onEdit={m.id === editableId ? setEditing : undefined}
          />
        ))}
      </div>
      {isGroup && !member && <Alert type="warning" showIcon title={t('sim.notMember')} />}
      <EditMessageModal
        message={editing}
        onClose={() => setEditing(null)}
        onEdit={(m, text) => edit.mutateAsync({ m, text })}
      />
      <Composer
        disabled={isGroup && !member}
        busy={send.isPending}
        contact={contact}
        onSend={send.mutateAsync}
      />
    </Flex>
  )
}

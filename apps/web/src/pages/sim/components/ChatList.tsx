import { checkSimPhone, isSimGroupId, normalizePhone, type SimChatView, type SimPhoneView } from '@app/core'
import { AutoComplete, Badge, Button, Empty, Flex, Input, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { validationText } from '../../../i18n'
import { useChats } from '../hooks'
import { GroupActions } from './GroupActions'

/** The newest message of a chat as one line: its text, or what kind of message it is. */
function lastLine(last: NonNullable<SimChatView['last']>, t: TFunction): string {
  if (last.revoked) return t('sim.deleted')
  if (last.kind === 'text') return last.text
  return `[${t(`sim.kind.${last.kind}`)}] ${last.text}`.trim()
}

/** The phone's chats, newest first, and a way to start a new one (a number, or a group). */
export function ChatList({
  phone,
  peer,
  phones,
  onOpen,
}: {
  phone: string
  peer: string
  phones: SimPhoneView[]
  onOpen: (peer: string) => void
}) {
  const { t } = useTranslation()
  const chats = useChats(phone)
  const [target, setTarget] = useState('')
  const [error, setError] = useState<string | null>(null)
  const options = phones
    .filter((p) => p.number !== phone && p.registered)
    .map((p) => ({ value: p.number, label: `${p.name} (+${p.number})` }))

  const open = () => {
    const v = target.trim()
    if (isSimGroupId(v)) return onOpen(v)
    const key = checkSimPhone(v)
    if (key) return setError(validationText(key))
    setError(null)
    setTarget('')
    onOpen(normalizePhone(v))
  }

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('sim.chats')}
      </Typography.Title>
      <Flex gap={6}>
        <AutoComplete
          value={target}
          options={options}
          onChange={(v: string) => {
            setTarget(v)
            setError(null)
          }}
          style={{ flex: 1 }}
          showSearch={{
            filterOption: (input, o) =>
              String(o?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase()),
          }}
        >
          <Input
            size="small"
            placeholder={t('sim.newChat')}
            onPressEnter={open}
            data-testid="sim-new-chat-input"
          />
        </AutoComplete>
        <Button size="small" type="primary" onClick={open} data-testid="sim-new-chat-open">
          {t('sim.openChat')}
        </Button>
      </Flex>
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="sim-new-chat-error">
          {error}
        </Typography.Text>
      )}
      <Flex gap={6}>
        <GroupActions phone={phone} onOpen={onOpen} />
      </Flex>
      <div style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {chats.data?.length === 0 && <Empty description={t('sim.noChats')} />}
        {chats.data?.map((c) => (
          <button
            type="button"
            key={c.peer}
            onClick={() => onOpen(c.peer)}
            data-testid={`sim-chat-${c.peer}`}
            aria-pressed={c.peer === peer}
            style={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              padding: '8px 10px',
              border: 'none',
              borderBottom: '1px solid #f0f0f0',
              cursor: 'pointer',
              background: c.peer === peer ? '#f0f2f5' : '#fff',
              opacity: c.member ? 1 : 0.6,
            }}
          >
            <Flex justify="space-between" align="center" gap={6}>
              <Typography.Text strong ellipsis>
                {c.title}
              </Typography.Text>
              <Badge count={c.unread} color="#25d366" />
            </Flex>
            <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
              {c.last && lastLine(c.last, t)}
            </Typography.Text>
          </button>
        ))}
      </div>
    </Flex>
  )
}

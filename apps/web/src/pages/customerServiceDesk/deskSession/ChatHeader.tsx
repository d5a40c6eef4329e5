import type { DeskSessionView } from '@app/core'
import { Flex, Tag } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSessionRisk } from '../../riskManage/sessionRisk'
import './deskSession.css'
import { SessionStatusTag } from './status/SessionStatusTag'

/**
 * Above the chat: who it is, through which account, the session's state and status, and its
 * actions. Without a session (the chat is still coming) only the frame and what comes before it:
 * those elements stay when the session comes.
 */
export function ChatHeader({
  session,
  before,
  after,
  actions,
}: {
  session: DeskSessionView | undefined
  before?: ReactNode
  after?: ReactNode
  actions?: ReactNode
}) {
  return (
    <Flex
      align="center"
      gap={8}
      className="desk-chat-header-frame"
      data-testid={session ? 'desk-chat-header' : undefined}
    >
      {before}
      {/* one element: what the session adds goes into the page at once */}
      {session ? (
        <Flex align="center" gap={8} style={{ flex: 1, minWidth: 0 }}>
          <SessionLines session={session} />
          {after}
          {actions}
        </Flex>
      ) : null}
    </Flex>
  )
}

/** The open session's title and subtitle, its status and its flags. */
function SessionLines({ session }: { session: DeskSessionView }) {
  const { t } = useTranslation()
  const tags: [string, string, string][] = []
  // a nurturing chat is between two of the tenant's own accounts: no customer to reply to
  if (session.nurturing) tags.push(['nurturing', 'cyan', t('nurturing.desk.tag')])
  if (session.blocked) tags.push(['blocked', 'red', t('desk.flags.blocked')])
  if (session.dnd) tags.push(['dnd', 'default', t('desk.flags.dnd')])
  if (session.aiReply) tags.push(['ai', 'purple', t('desk.flags.ai')])
  const risk = useSessionRisk(session)
  if (risk === 'controlled') tags.push(['risk', 'orange', t('desk.flags.risk')])
  if (risk === 'unlocked') tags.push(['risk-unlocked', 'green', t('risk.session.unlocked')])
  if (session.invalid) tags.push(['invalid', 'red', t('desk.panel.invalid')])
  if (session.accountStatus !== 'online')
    tags.push(['account', 'warning', t(`account.states.${session.accountStatus}`)])
  const sub = [
    session.type === 'group'
      ? t('desk.flags.group')
      : session.fanPhone
        ? `+${session.fanPhone}`
        : session.fanPhoneHidden
          ? t('fans.phoneHidden')
          : null,
    t('desk.list.via', { phone: session.accountPhone ?? '-' }),
  ]
    .filter(Boolean)
    .join(' · ')
  const title = session.title || (session.fanPhoneHidden ? t('fans.phoneHidden') : '')
  return (
    <>
      {/* plain lines cut by the stylesheet: nothing to measure while the chat opens */}
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <span className="desk-chat-title" title={title}>
          {title}
        </span>
        <span className="desk-chat-sub" title={sub}>
          {sub}
        </span>
      </Flex>
      <Flex gap={4} wrap style={{ flex: 'none' }}>
        <SessionStatusTag session={session} full testId="desk-chat-status" />
        {tags.map(([key, color, label]) => (
          <Tag key={key} color={color} style={{ marginInlineEnd: 0 }} data-testid={`desk-chat-flag-${key}`}>
            {label}
          </Tag>
        ))}
      </Flex>
    </>
  )
}

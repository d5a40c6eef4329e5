import {
  ExclamationCircleFilled,
  MutedOutlined,
  PushpinFilled,
  RobotOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { Avatar, Flex, Tag, Tooltip, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DANGER_RED } from '../../../app/theme'
import { Highlight } from '../../../components/Highlight'
import { RelativeTime } from '../../../components/RelativeTime'
import { WaitingTime } from '../../../components/serviceClock/WaitingTime'
import { deskAgentId } from '../../../stores/desk'
import { useSessionRisk } from '../../riskManage/sessionRisk'
import { previewText } from '../chat/messages/format'
import type { DeskRow } from './sessionCache'
import { SessionStatusTag } from './status/SessionStatusTag'

/** The DOM id of a session's row, which the keyboard shortcuts move the focus to. */
export const sessionRowId = (sessionId: number) => `desk-session-row-${sessionId}`

const flagStyle = { fontSize: 12 }
const unreadStyle = {
  flex: 'none',
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: 9,
  background: DANGER_RED,
  color: '#ffffff',
  fontSize: 11,
  lineHeight: '18px',
  textAlign: 'center',
} as const

function Flag({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <Tooltip title={title}>
      <span data-testid={`desk-flag-${name}`} aria-label={title} role="img" style={flagStyle}>
        {children}
      </span>
    </Tooltip>
  )
}

/** The last message's preview: withdrawn and failed ones say so. */
function Preview({ row }: { row: DeskRow }) {
  const { t } = useTranslation()
  if (row.lastStatus === 'withdrawn') return <>{t('desk.preview.withdrawn')}</>
  const text = row.lastMessage ? previewText(row.lastMessage, t) : t('desk.preview.empty')
  return (
    <>
      {row.lastStatus === 'failed' ? (
        <ExclamationCircleFilled
          style={{ color: '#dc2626', marginInlineEnd: 4 }}
          aria-label={t('desk.preview.failed')}
        />
      ) : null}
      {row.lastFromMe ? t('desk.preview.you') : null}
      {text}
    </>
  )
}

/**
 * One session of the list: who, the last message and when, the user's unread count, its
 * conversation status, and the session's flags (pinned, blocked, do-not-disturb, AI reply, risk,
 * its account when not online). In the waiting list it tells how long the customer has waited; in
 * the selection mode it has a tick box.
 */
export function SessionRow({
  row,
  keyword,
  selected,
  onSelect,
  actions,
  showWaiting,
  check,
}: {
  row: DeskRow
  keyword?: string
  selected: boolean
  onSelect: (row: DeskRow) => void
  actions: ReactNode
  showWaiting?: boolean
  check?: { checked: boolean; onChange: () => void }
}) {
  const { t } = useTranslation()
  const group = row.type === 'group'
  const risk = useSessionRisk(row)
  return (
    <div
      data-testid={`desk-session-${row.id}`}
      data-selected={selected}
      data-pinned={row.pinned}
      style={{
        display: 'flex',
        alignItems: 'center',
        paddingInlineEnd: 6,
        background: selected ? '#dbeafe' : row.pinned ? '#f8fafc' : '#ffffff',
        borderBottom: '1px solid #f1f5f9',
      }}
    >
      {check ? (
        // a plain tick box: the selection mode costs the desk's first load no checkbox component
        <input
          type="checkbox"
          className="desk-check"
          checked={check.checked}
          onChange={check.onChange}
          aria-label={t('desk.bulk.selectRow', { name: row.title || row.fanPhone || row.jid })}
          style={{ marginInlineStart: 12 }}
          data-testid={`desk-session-check-${row.id}`}
        />
      ) : null}
      <div
        onClick={() => onSelect(row)}
        onKeyDown={(ev) => {
          if (ev.key === 'Enter' || ev.key === ' ') {
            ev.preventDefault()
            onSelect(row)
          }
        }}
        role="button"
        tabIndex={0}
        id={sessionRowId(row.id)}
        className="desk-session-open"
        aria-current={selected ? 'true' : undefined}
        data-testid={`desk-session-open-${row.id}`}
        style={{
          display: 'flex',
          gap: 10,
          flex: 1,
          minWidth: 0,
          padding: '8px 4px 8px 12px',
          cursor: 'pointer',
        }}
      >
        <Avatar
          size={40}
          icon={group ? <TeamOutlined /> : <UserOutlined />}
          style={{ background: group ? '#0ea5e9' : '#64748b', flex: 'none' }}
        />
        <Flex vertical style={{ minWidth: 0, flex: 1 }} gap={1}>
          <Flex align="center" gap={6} style={{ minWidth: 0 }}>
            <Typography.Text
              strong
              ellipsis
              style={{ flex: 1, minWidth: 0 }}
              data-testid="desk-session-title"
            >
              {row.title || row.fanPhone || !row.fanPhoneHidden ? (
                <Highlight text={row.title || row.fanPhone || row.jid} keyword={keyword} />
              ) : (
                t('fans.phoneHidden')
              )}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
              {row.lastActivityAt ? <RelativeTime value={row.lastActivityAt} /> : null}
            </Typography.Text>
          </Flex>
          <Flex align="center" gap={6} style={{ minWidth: 0 }}>
            <Typography.Text
              type="secondary"
              ellipsis
              style={{ flex: 1, minWidth: 0, fontSize: 13 }}
              data-testid="desk-session-preview"
            >
              <Preview row={row} />
            </Typography.Text>
            {showWaiting && row.waitingSince ? (
              <WaitingTime since={row.waitingSince} ownerId={row.agentUserId ?? deskAgentId()} />
            ) : null}
            {row.unreadCount > 0 ? (
              <span data-testid={`desk-unread-${row.id}`} style={unreadStyle}>
                {row.unreadCount > 99 ? '99+' : row.unreadCount}
              </span>
            ) : null}
          </Flex>
          <Flex align="center" gap={6} style={{ minWidth: 0, color: '#64748b' }}>
            <SessionStatusTag session={row} />
            {row.pinned ? (
              <Flag name="pinned" title={t('desk.flags.pinned')}>
                <PushpinFilled style={{ color: '#1d4ed8' }} />
              </Flag>
            ) : null}
            {row.blocked ? (
              <Flag name="blocked" title={t('desk.flags.blocked')}>
                <StopOutlined style={{ color: '#dc2626' }} />
              </Flag>
            ) : null}
            {row.dnd ? (
              <Flag name="dnd" title={t('desk.flags.dnd')}>
                <MutedOutlined />
              </Flag>
            ) : null}
            {row.aiReply ? (
              <Flag name="ai" title={t('desk.flags.ai')}>
                <RobotOutlined style={{ color: '#7c3aed' }} />
              </Flag>
            ) : null}
            {row.nurturing ? (
              <Tooltip title={t('nurturing.desk.hint')}>
                <Tag
                  color="cyan"
                  style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}
                  data-testid="desk-flag-nurturing"
                >
                  {t('nurturing.desk.tag')}
                </Tag>
              </Tooltip>
            ) : null}
            {risk === 'controlled' ? (
              <Flag name="risk" title={t('desk.flags.risk')}>
                <SafetyCertificateOutlined style={{ color: '#ea580c' }} />
              </Flag>
            ) : risk === 'unlocked' ? (
              <Flag name="risk-unlocked" title={t('risk.session.unlocked')}>
                <SafetyCertificateOutlined style={{ color: '#16a34a' }} />
              </Flag>
            ) : null}
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, flex: 1, minWidth: 0 }}>
              {group ? `${t('desk.flags.group')} · ` : null}
              {row.fanPhone && !group ? (
                <>
                  <Highlight text={`+${row.fanPhone}`} keyword={keyword} />
                  {' · '}
                </>
              ) : row.fanPhoneHidden && !group ? (
                <span data-testid="desk-session-phone-hidden">{`${t('fans.phoneHidden')} · `}</span>
              ) : null}
              {t('desk.list.via', { phone: row.accountPhone ?? '-' })}
            </Typography.Text>
            {row.accountStatus !== 'online' ? (
              <span data-testid="desk-flag-account" style={{ fontSize: 12, color: '#b45309', flex: 'none' }}>
                {t(`account.states.${row.accountStatus}`)}
              </span>
            ) : null}
          </Flex>
        </Flex>
      </div>
      <div style={{ flex: 'none' }}>{actions}</div>
    </div>
  )
}

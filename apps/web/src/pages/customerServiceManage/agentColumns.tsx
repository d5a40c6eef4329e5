import { type AgentRowView, Role } from '@app/core'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { Highlight } from '../../components/Highlight'
import type { PageColumn } from '../../components/page/tableColumns'
import { formatDate, formatPhone } from '../../utils/format'

/** The agent list's own columns (the status switch and the actions come with the user table). */
export function useAgentColumns(keyword: string | undefined): PageColumn<AgentRowView>[] {
  const { t } = useTranslation()
  return [
    {
      key: 'username',
      title: t('platform.username'),
      dataIndex: 'username',
      width: 100,
      ellipsis: true,
      tooltip: (r) => r.username,
      render: (v: string) => <Highlight text={v} keyword={keyword} />,
    },
    {
      key: 'nickname',
      title: t('platform.nickname'),
      dataIndex: 'nickname',
      width: 100,
      ellipsis: true,
      tooltip: (r) => r.nickname,
      render: (v: string) => <Highlight text={v} keyword={keyword} />,
    },
    {
      key: 'role',
      title: t('agents.role'),
      dataIndex: 'roleId',
      width: 100,
      ellipsis: true,
      render: (r: number) =>
        r === Role.customerUserLeader ? t('role.customerUserLeader') : t('role.customerUser'),
    },
    {
      key: 'group',
      title: t('agents.group'),
      dataIndex: 'groupName',
      width: 100,
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'seat',
      title: t('agents.seat'),
      width: 130,
      render: (_, r) =>
        r.seatExpiresAt ? (
          <Tag color={r.seatActive ? 'green' : 'red'}>
            {r.seatActive
              ? t('agents.seatUntil', { date: formatDate(r.seatExpiresAt, 'YYYY-MM-DD') })
              : t('agents.seatEnded')}
          </Tag>
        ) : (
          <Tag>{t('agents.noSeat')}</Tag>
        ),
    },
    {
      key: 'accounts',
      title: t('agents.accounts'),
      width: 120,
      ellipsis: true,
      tooltip: (r) => r.accounts.map((a) => formatPhone(a.phone) || `#${a.id}`).join(', '),
      render: (_, r) =>
        r.accounts.length
          ? r.accounts.map((a) => <Tag key={a.id}>{formatPhone(a.phone) || `#${a.id}`}</Tag>)
          : '-',
    },
  ]
}

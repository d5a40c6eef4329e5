import type { DeskAccountView } from '@app/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Badge, Card, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { listDeskAccounts } from '../../../api/desk'
import { DANGER_RED } from '../../../app/theme'
import { useSocketEvent } from '../../../realtime'
import { StatusTag } from '../../accountManage/index/components/StatusTag'
import { DESK_SESSION_PATH } from '../layout/railEntries'
import { deskKeys } from '../queryKeys'

/**
 * /customerServiceDesk/myAccount: the desk's WS accounts (an agent's own; the whole tenant's at a
 * supervisor's own desk) with their status and the user's unread messages; each opens its
 * sessions (the related-account view). Statuses follow the socket.
 */
export default function MyAccountPage() {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const accounts = useQuery({ queryKey: deskKeys.accounts, queryFn: listDeskAccounts })
  useSocketEvent('account.status', (e) =>
    qc.setQueryData<DeskAccountView[]>(deskKeys.accounts, (list) =>
      list?.map((a) =>
        a.id === e.accountId
          ? { ...a, status: e.status, abnormalReason: e.abnormalReason, phone: e.phone ?? a.phone }
          : a,
      ),
    ),
  )

  return (
    <div style={{ padding: 16 }}>
      <Card title={t('desk.myAccount.title')}>
        <Table<DeskAccountView>
          rowKey="id"
          size="middle"
          loading={accounts.isLoading}
          dataSource={accounts.data ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: t('desk.myAccount.empty') }}
          onRow={(a) => ({ 'data-testid': `desk-account-${a.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'phone',
              title: t('desk.myAccount.phone'),
              render: (_, a) => (
                <div>
                  <Typography.Text strong>{a.phone ? `+${a.phone}` : t('account.noPhone')}</Typography.Text>
                  {a.pushName && a.pushName !== `+${a.phone}` ? (
                    <div style={{ color: '#64748b', fontSize: 12 }}>{a.pushName}</div>
                  ) : null}
                </div>
              ),
            },
            { key: 'remark', title: t('desk.myAccount.remark'), dataIndex: 'remark' },
            {
              key: 'status',
              title: t('desk.myAccount.status'),
              render: (_, a) => <StatusTag account={{ ...a, bannedAt: null, restrictedUntil: null }} />,
            },
            { key: 'sessions', title: t('desk.myAccount.sessions'), dataIndex: 'sessionCount', width: 100 },
            {
              key: 'unread',
              title: t('desk.myAccount.unread'),
              width: 100,
              render: (_, a) => (
                <span data-testid={`desk-account-unread-${a.id}`}>
                  <Badge
                    count={a.unreadCount}
                    showZero
                    color={a.unreadCount > 0 ? DANGER_RED : '#cbd5e1'}
                    overflowCount={999}
                  />
                </span>
              ),
            },
            {
              key: 'open',
              title: t('common.actions'),
              width: 120,
              render: (_, a) => (
                <Link
                  to={`${DESK_SESSION_PATH}?view=account&accountId=${a.id}`}
                  data-testid={`desk-account-open-${a.id}`}
                >
                  {t('desk.myAccount.open')}
                </Link>
              ),
            },
          ]}
        />
      </Card>
    </div>
  )
}

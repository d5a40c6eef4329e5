import { LinkOutlined, UnorderedListOutlined } from '@ant-design/icons'
import type { ConsoleAgentView } from '@app/core'
import { App, Badge, Button, Flex, Table, type TableProps, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useConsoleActions } from '../useConsole'

/**
 * The allocated view: each agent with whether they are online, their valid sessions, how many
 * are unread and how many await the customer's reply (their desk's sidebar numbers), and their
 * accounts (closing one takes it from them).
 */
export function AgentsTable({
  agents,
  loading,
  onSessions,
  onAssign,
}: {
  agents: ConsoleAgentView[]
  loading: boolean
  onSessions: (agent: ConsoleAgentView) => void
  onAssign: (agent: ConsoleAgentView) => void
}) {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const { unassign } = useConsoleActions()

  const confirmUnassign = (id: number, phone: string) =>
    modal.confirm({
      title: t('sessionConsole.unassign'),
      content: t('sessionConsole.unassignConfirm', { phone }),
      okText: t('sessionConsole.unassign'),
      cancelText: t('common.cancel'),
      onOk: () => unassign.mutateAsync([id]),
    })

  const columns: TableProps<ConsoleAgentView>['columns'] = [
    {
      title: t('sessionConsole.columns.agent'),
      key: 'agent',
      render: (_, a) => (
        <Flex vertical>
          <Flex gap={8} align="center">
            <Badge
              status={a.online ? 'success' : 'default'}
              text={a.nickname}
              data-testid={`console-agent-${a.id}-${a.online ? 'online' : 'offline'}`}
            />
            {a.active ? null : <Tag color="orange">{t('sessionConsole.inactive')}</Tag>}
          </Flex>
          <Typography.Text type="secondary">
            {a.username} · {a.online ? t('sessionConsole.online') : t('sessionConsole.offline')}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('sessionConsole.columns.sessions'), dataIndex: 'sessions', width: 100 },
    {
      title: t('sessionConsole.columns.unreadSessions'),
      dataIndex: 'unread',
      width: 100,
      render: (n: number) => <Badge count={n} showZero color={n ? undefined : '#d9d9d9'} />,
    },
    {
      title: t('sessionConsole.columns.unrepliedSessions'),
      dataIndex: 'unreplied',
      width: 110,
    },
    {
      title: t('sessionConsole.columns.accounts'),
      key: 'accounts',
      render: (_, a) =>
        a.accounts.length
          ? a.accounts.map((x) => {
              const phone = x.phone ? `+${x.phone}` : `#${x.id}`
              return (
                <Tag
                  key={x.id}
                  closable
                  onClose={(e) => {
                    e.preventDefault()
                    confirmUnassign(x.id, phone)
                  }}
                  data-testid={`console-agent-account-${x.id}`}
                >
                  {phone}
                </Tag>
              )
            })
          : '-',
    },
    {
      title: t('sessionConsole.columns.actions'),
      key: 'actions',
      width: 220,
      render: (_, a) => (
        <Flex gap={4} wrap>
          <Button
            type="link"
            size="small"
            icon={<UnorderedListOutlined />}
            onClick={() => onSessions(a)}
            data-testid={`console-agent-sessions-${a.id}`}
          >
            {t('sessionConsole.viewSessions')}
          </Button>
          {a.active ? (
            <Button
              type="link"
              size="small"
              icon={<LinkOutlined />}
              onClick={() => onAssign(a)}
              data-testid={`console-agent-assign-${a.id}`}
            >
              {t('sessionConsole.assignAccount')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ]

  return (
    <Table<ConsoleAgentView>
      rowKey="id"
      columns={columns}
      dataSource={agents}
      loading={loading}
      pagination={false}
      scroll={{ x: 900 }}
      data-testid="console-agents"
    />
  )
}

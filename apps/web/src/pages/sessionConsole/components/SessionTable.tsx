import { TeamOutlined } from '@ant-design/icons'
import type { ConsoleAccountView, ConsoleAgentView, DeskSessionView } from '@app/core'
import { Badge, Button, Flex, Input, Select, Table, type TableProps, Typography } from 'antd'
import { type HTMLAttributes, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Highlight } from '../../../components/Highlight'
import { RelativeTime } from '../../../components/RelativeTime'
import { WaitingTime } from '../../../components/serviceClock/WaitingTime'
import { useConsoleActions, useConsoleSessions } from '../useConsole'
import { AgentSelect } from './AgentSelect'

const SEARCH_DELAY_MS = 300

/**
 * Sessions of the console (the unallocated ones, or one agent's): account, customer, last message,
 * unread and whether our message awaits the customer's reply; keyset pages behind "load more".
 * Ticked sessions are given to an agent together.
 */
export function SessionTable({
  userId,
  agents,
  accounts,
  emptyText,
  testId,
}: {
  /** whose sessions; none: the unallocated ones */
  userId?: number
  agents: ConsoleAgentView[]
  accounts: ConsoleAccountView[]
  emptyText: string
  testId: string
}) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [keyword, setKeyword] = useState('')
  const [accountId, setAccountId] = useState<number | undefined>()
  const [picked, setPicked] = useState<number[]>([])
  const [target, setTarget] = useState<number | undefined>()
  const list = useConsoleSessions({ userId, accountId, keyword: keyword || undefined })
  const { move } = useConsoleActions()

  useEffect(() => {
    const id = setTimeout(() => setKeyword(search.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(id)
  }, [search])
  // a ticked session that left the table (given away, or moved by someone else) is no longer ticked
  useEffect(() => {
    setPicked((p) => {
      const next = p.filter((id) => list.rows.some((r) => r.id === id))
      return next.length === p.length ? p : next
    })
  }, [list.rows])

  const give = () => {
    if (!target || picked.length === 0) return
    move.mutate({ sessionIds: picked, userId: target }, { onSuccess: () => setPicked([]) })
  }

  const columns: TableProps<DeskSessionView>['columns'] = [
    {
      title: t('sessionConsole.columns.customer'),
      key: 'customer',
      render: (_, r) => (
        <Flex vertical>
          <span>
            {r.type === 'group' ? <TeamOutlined aria-label={t('sessionConsole.group')} /> : null}{' '}
            <Highlight text={r.title} keyword={keyword} />
          </span>
          {r.fanPhone ? <Typography.Text type="secondary">+{r.fanPhone}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      title: t('sessionConsole.columns.account'),
      key: 'account',
      width: 160,
      render: (_, r) => (r.accountPhone ? `+${r.accountPhone}` : `#${r.accountId}`),
    },
    {
      title: t('sessionConsole.columns.lastMessage'),
      key: 'last',
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>
            {r.lastMessage}
          </Typography.Text>
          <Typography.Text type="secondary">
            <RelativeTime value={r.lastActivityAt} />
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('sessionConsole.columns.unread'),
      dataIndex: 'unreadCount',
      width: 80,
      render: (n: number) => <Badge count={n} showZero={false} />,
    },
    {
      // the customer wrote last: how long they have waited, amber then red against the owner's target
      title: t('sessionConsole.columns.waiting'),
      dataIndex: 'waitingSince',
      width: 170,
      render: (since: number | null | undefined, r) =>
        since ? (
          <WaitingTime
            since={since}
            ownerId={
              r.agentUserId ?? userId ?? accounts.find((a) => a.id === r.accountId)?.agentUserId ?? null
            }
          />
        ) : (
          '-'
        ),
    },
    {
      title: t('sessionConsole.columns.awaiting'),
      dataIndex: 'awaitingReplySince',
      width: 150,
      render: (since: number | null) => (since ? <RelativeTime value={since} /> : '-'),
    },
  ]

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={8} wrap>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('sessionConsole.searchPlaceholder')}
            style={{ width: 240 }}
          />
          <Select<number>
            aria-label={t('sessionConsole.filterAccount')}
            allowClear
            value={accountId}
            onChange={setAccountId}
            placeholder={t('sessionConsole.filterAccount')}
            style={{ width: 200 }}
            options={accounts.map((a) => ({ value: a.id, label: a.phone ? `+${a.phone}` : `#${a.id}` }))}
          />
        </Flex>
        <Flex gap={8} wrap>
          <AgentSelect
            agents={agents}
            exclude={userId}
            value={target}
            onChange={setTarget}
            data-testid={`${testId}-move-agent`}
          />
          <Button
            type="primary"
            disabled={!target || picked.length === 0}
            loading={move.isPending}
            onClick={give}
            data-testid={`${testId}-move-submit`}
          >
            {t('sessionConsole.moveSelected', { count: picked.length })}
          </Button>
        </Flex>
      </Flex>
      <Table<DeskSessionView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.isPending}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(Number)) }}
        onRow={(r) => ({ 'data-testid': `${testId}-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
        data-testid={testId}
      />
      <Flex justify="center">
        {list.hasNextPage ? (
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('sessionConsole.loadMore')}
          </Button>
        ) : list.rows.length > 0 ? (
          <Typography.Text type="secondary">{t('sessionConsole.end')}</Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  )
}

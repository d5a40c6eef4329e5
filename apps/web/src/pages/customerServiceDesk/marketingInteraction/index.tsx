import { formatDateTime, type InteractionView } from '@app/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Button, Card, Flex, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pageInteractions } from '../../../api/diversion'
import { DESK_SESSION_PATH } from '../layout/railEntries'

const PAGE_SIZE = 20
const localTime = (t: number) => formatDateTime(t, -new Date(t).getTimezoneOffset())

/**
 * /customerServiceDesk/marketingInteraction: the sessions the desk shows this user whose customer
 * answered a mass send or an auto reply, newest answer first; a row opens the session's chat.
 */
export default function MarketingInteractionPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const pages = useInfiniteQuery({
    queryKey: ['desk', 'marketingInteraction'],
    queryFn: ({ pageParam }) => pageInteractions({ pageSize: PAGE_SIZE, before: pageParam }),
    initialPageParam: undefined as { repliedAt: number; id: number } | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  })
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? []
  const open = (r: InteractionView) => navigate(`${DESK_SESSION_PATH}?sessionId=${r.sessionId}`)

  return (
    <Card
      title={t('diversion.interaction.title')}
      extra={<Typography.Text type="secondary">{t('diversion.interaction.hint')}</Typography.Text>}
      style={{ height: '100%', overflow: 'auto' }}
    >
      <Flex vertical gap={12}>
        <Table<InteractionView>
          rowKey="id"
          size="small"
          loading={pages.isLoading}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('diversion.interaction.empty') }}
          onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
          data-testid="interaction-table"
          columns={[
            {
              title: t('diversion.interaction.customer'),
              key: 'customer',
              render: (_, r) => (
                <Flex vertical>
                  <span>{r.fanName}</span>
                  {r.fanPhone && r.fanPhone !== r.fanName && (
                    <Typography.Text type="secondary">{r.fanPhone}</Typography.Text>
                  )}
                </Flex>
              ),
            },
            { title: t('diversion.interaction.account'), dataIndex: 'accountPhone' },
            {
              title: t('diversion.interaction.origin'),
              dataIndex: 'origin',
              render: (v: string) => (
                <Tag color={v === 'mass_send' ? 'blue' : 'purple'}>
                  {t(`diversion.interaction.origin_${v}`)}
                </Tag>
              ),
            },
            {
              title: t('diversion.interaction.repliedAt'),
              dataIndex: 'repliedAt',
              render: (v: number) => localTime(v),
            },
            {
              title: '',
              key: 'open',
              render: (_, r) => (
                <Button type="link" size="small" onClick={() => open(r)}>
                  {t('diversion.interaction.open')}
                </Button>
              ),
            },
          ]}
        />
        {pages.hasNextPage && (
          <Button onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            {t('diversion.interaction.more')}
          </Button>
        )}
      </Flex>
    </Card>
  )
}

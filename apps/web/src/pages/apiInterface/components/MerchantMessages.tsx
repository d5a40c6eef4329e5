import { formatDateTime, type HistoryHitView, type HistorySearchPage } from '@app/core'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { Button, Flex, List, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/page/EmptyState'

const offsetMinutes = () => -new Date().getTimezoneOffset()

function Message({ hit }: { hit: HistoryHitView }) {
  const { t } = useTranslation()
  return (
    <List.Item data-testid="merchant-message">
      <Flex vertical gap={4} style={{ width: '100%' }}>
        <Flex gap={8} wrap align="center">
          <Tag color={hit.fromMe ? 'blue' : 'green'}>
            {hit.fromMe ? t('merchants.history.out') : t('merchants.history.in')}
          </Tag>
          <Typography.Text strong>
            {hit.account.phone ? `+${hit.account.phone}` : hit.account.name}
          </Typography.Text>
          <Typography.Text type="secondary">{hit.fromMe ? '→' : '←'}</Typography.Text>
          <Typography.Text>
            {hit.customer.name}
            {hit.customer.phone && hit.customer.phone !== hit.customer.name
              ? ` (+${hit.customer.phone})`
              : ''}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
            {formatDateTime(hit.timestamp, offsetMinutes())}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph
          style={{ margin: 0, whiteSpace: 'pre-wrap' }}
          data-testid="merchant-message-body"
        >
          {hit.type !== 'text' ? <Tag>{t(`history.messageTypes.${hit.type}`)}</Tag> : null}
          {hit.body || hit.fileName || ''}
        </Typography.Paragraph>
      </Flex>
    </List.Item>
  )
}

/** A keyset-paged list of messages, newest first, with "load more" while the server has more. */
export function MerchantMessages({
  query,
}: {
  query: UseInfiniteQueryResult<InfiniteData<HistorySearchPage>>
}) {
  const { t } = useTranslation()
  const hits = query.data?.pages.flatMap((p) => p.list) ?? []
  if (!query.isLoading && hits.length === 0)
    return (
      <EmptyState
        testId="merchant-messages-empty"
        title={t('merchants.history.empty')}
        hint={t('merchants.history.emptyHint')}
      />
    )
  return (
    <Flex vertical gap={12}>
      <List loading={query.isLoading} dataSource={hits} rowKey="id" renderItem={(h) => <Message hit={h} />} />
      <Flex justify="center">
        {query.hasNextPage ? (
          <Button
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-testid="merchant-load-more"
          >
            {t('merchants.history.loadMore')}
          </Button>
        ) : hits.length > 0 ? (
          <Typography.Text type="secondary">{t('merchants.history.noMore')}</Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  )
}

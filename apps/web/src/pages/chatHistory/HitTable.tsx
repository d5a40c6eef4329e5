import type { HistoryHitView } from '@app/core'
import { Button, Flex, Table, type TableProps, Tag, Typography } from 'antd'
import type { HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { Highlight } from '../../components/Highlight'
import { formatDate } from '../../utils/date'
import type { HistoryResults } from './useHistorySearch'

interface Props {
  results: HistoryResults
  keyword: string | undefined
  onOpen(hit: HistoryHitView): void
}

function Content({ hit, keyword }: { hit: HistoryHitView; keyword: string | undefined }) {
  const { t } = useTranslation()
  return (
    <Flex vertical gap={2}>
      {hit.body && (
        <span className="history-content">
          <Highlight text={hit.body} keyword={keyword} />
        </span>
      )}
      {hit.fileName && (
        <Typography.Text type="secondary">
          {t('history.fileLabel')}
          <Highlight text={hit.fileName} keyword={keyword} />
        </Typography.Text>
      )}
      <span>
        {hit.type !== 'text' && <Tag>{t(`history.messageTypes.${hit.type}`)}</Tag>}
        {hit.status === 'withdrawn' && <Tag>{t('history.withdrawn')}</Tag>}
        {hit.fromMe && hit.status === 'failed' && <Tag color="error">{t('history.failed')}</Tag>}
      </span>
    </Flex>
  )
}

/** The messages found, newest first, the keyword marked; more pages by the cursor. */
export function HitTable({ results, keyword, onOpen }: Props) {
  const { t } = useTranslation()
  const columns: TableProps<HistoryHitView>['columns'] = [
    {
      title: t('history.columns.time'),
      dataIndex: 'timestamp',
      width: 180,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('history.columns.account'),
      key: 'account',
      width: 150,
      render: (_, h) => (
        <>
          {h.account.phone}
          {h.account.deleted && <Tag style={{ marginInlineStart: 4 }}>{t('history.deleted')}</Tag>}
        </>
      ),
    },
    {
      title: t('history.columns.customer'),
      key: 'customer',
      width: 160,
      render: (_, h) => (
        <Flex vertical>
          <span>
            {h.sessionType === 'group' && <Tag>{t('history.sessionTypes.group')}</Tag>}
            {h.customer.name}
          </span>
          {h.customer.phone && h.customer.phone !== h.customer.name && (
            <Typography.Text type="secondary">{h.customer.phone}</Typography.Text>
          )}
          {h.customer.phoneHidden && (
            <Typography.Text type="secondary" data-testid="history-phone-hidden">
              {t('fans.phoneHidden')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('history.columns.agent'), key: 'agent', width: 90, render: (_, h) => h.agent?.name ?? '-' },
    {
      title: t('history.columns.sender'),
      key: 'sender',
      width: 100,
      render: (_, h) => (
        <Flex vertical>
          <Tag color={h.fromMe ? 'blue' : 'green'} style={{ width: 'fit-content' }}>
            {t(`history.directions.${h.fromMe ? 'out' : 'in'}`)}
          </Tag>
          {(h.fromMe || h.senderPhone) && (
            <Typography.Text type="secondary">
              {h.fromMe ? (h.sentBy?.name ?? t('history.automatic')) : h.senderPhone}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('history.columns.content'),
      key: 'content',
      render: (_, h) => <Content hit={h} keyword={keyword} />,
    },
    {
      title: t('history.columns.action'),
      key: 'action',
      width: 100,
      fixed: 'right',
      render: (_, h) => (
        <Button type="link" size="small" onClick={() => onOpen(h)} data-testid={`history-view-${h.id}`}>
          {t('history.view')}
        </Button>
      ),
    },
  ]
  return (
    <Flex vertical gap={12}>
      <Table<HistoryHitView>
        rowKey="id"
        columns={columns}
        dataSource={results.hits}
        loading={results.loading}
        pagination={false}
        scroll={{ x: 1080 }}
        locale={{ emptyText: t('history.empty') }}
        onRow={(h) => ({ 'data-testid': `history-hit-${h.id}` }) as HTMLAttributes<HTMLElement>}
        data-testid="history-table"
      />
      <Flex justify="center" align="center" gap={12} wrap>
        {results.scannedUntil !== null && (
          <Typography.Text type="warning" data-testid="history-scan-limited">
            {t('history.scanLimited', { time: formatDate(results.scannedUntil) })}
          </Typography.Text>
        )}
        {results.hasMore ? (
          <Button loading={results.loadingMore} onClick={results.loadMore} data-testid="history-more">
            {results.scannedUntil !== null ? t('history.continueSearch') : t('history.loadMore')}
          </Button>
        ) : (
          results.hits.length > 0 && <Typography.Text type="secondary">{t('history.noMore')}</Typography.Text>
        )}
        {results.hits.length > 0 && (
          <Typography.Text type="secondary" data-testid="history-shown">
            {t('history.shown', { count: results.hits.length })}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  )
}

import type { HistoryHitView } from '@app/core'
import { Button, Flex, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Highlight } from '../../components/Highlight'
import { DataTable } from '../../components/page/DataTable'
import { actionsWidth, type PageColumn } from '../../components/page/tableColumns'
import { formatDate } from '../../utils/date'
import type { HistoryResults } from './useHistorySearch'

interface Props {
  results: HistoryResults
  keyword: string | undefined
  onOpen(hit: HistoryHitView): void
  /** what the table shows without hits */
  empty: ReactNode
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
export function HitTable({ results, keyword, onOpen, empty }: Props) {
  const { t } = useTranslation()
  const columns: PageColumn<HistoryHitView>[] = [
    {
      key: 'time',
      title: t('history.columns.time'),
      dataIndex: 'timestamp',
      width: 180,
      render: (v: number) => formatDate(v),
    },
    {
      key: 'account',
      title: t('history.columns.account'),
      width: 150,
      render: (_, h) => (
        <>
          {h.account.phone}
          {h.account.deleted && <Tag style={{ marginInlineStart: 4 }}>{t('history.deleted')}</Tag>}
        </>
      ),
    },
    {
      key: 'customer',
      title: t('history.columns.customer'),
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
    { key: 'agent', title: t('history.columns.agent'), width: 90, render: (_, h) => h.agent?.name ?? '-' },
    {
      key: 'sender',
      title: t('history.columns.sender'),
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
      key: 'content',
      title: t('history.columns.content'),
      render: (_, h) => <Content hit={h} keyword={keyword} />,
    },
    {
      key: 'action',
      title: t('history.columns.action'),
      actions: true,
      width: actionsWidth([t('history.view')]),
      render: (_, h) => (
        <Button type="link" size="small" onClick={() => onOpen(h)} data-testid={`history-view-${h.id}`}>
          {t('history.view')}
        </Button>
      ),
    },
  ]
  return (
    <Flex vertical gap={12}>
      {/* pages by the cursor, not by number: the count shown and "load more" are below */}
      <DataTable<HistoryHitView>
        rowKey="id"
        columns={columns}
        dataSource={results.hits}
        loading={results.loading}
        pagination={false}
        empty={empty}
        rowTestId={(h) => `history-hit-${h.id}`}
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

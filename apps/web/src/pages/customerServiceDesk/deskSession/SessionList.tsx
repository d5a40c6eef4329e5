import { CheckSquareOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons'
import { SESSION_SEARCH_MAX } from '@app/core'
import { Button, Empty, Flex, Input, Tooltip, Typography } from 'antd'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso'
import { Spinner } from '../../../components/Spinner'
import { SessionRow } from './SessionRow'
import type { DeskRow } from './sessionCache'
import type { BulkSelection } from './useBulkSelection'

export interface SessionListProps {
  title: string
  rows: DeskRow[]
  loading: boolean
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
  keyword: string
  search: string
  onSearch: (text: string) => void
  selectedId: number | null
  onSelect: (row: DeskRow) => void
  onNewSession?: () => void
  renderActions: (row: DeskRow) => ReactNode
  /** above the rows: the account picker of the related-account view */
  toolbar?: ReactNode
  /** opens the help sheet of the keyboard shortcuts */
  onHelp?: () => void
  /** the selection mode (ticking rows to act on them together) and its bar */
  bulk?: { selection: BulkSelection; bar: ReactNode }
  /** each row tells how long it has waited on our reply */
  showWaiting?: boolean
}

/**
 * The session list column: search (case-insensitive, highlighted in the rows), new session, and
 * the rows, virtualised; the next page loads when the end comes into view.
 */
export function SessionList(props: SessionListProps) {
  const { t } = useTranslation()
  const { rows, loading, hasMore, loadingMore, onLoadMore, keyword, selectedId, bulk } = props
  const selecting = bulk?.selection.active === true
  const virtuoso = useRef<VirtuosoHandle>(null)
  const rowsNow = useRef(rows)
  rowsNow.current = rows
  // a session opened from the keyboard may be below or above the rows in view: it is brought in
  // when it is opened (not when it moves later, so a new message does not scroll the list away)
  useEffect(() => {
    const index = selectedId === null ? -1 : rowsNow.current.findIndex((r) => r.id === selectedId)
    if (index >= 0) virtuoso.current?.scrollIntoView({ index })
  }, [selectedId])
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="desk-session-list">
      <Flex vertical gap={8} style={{ padding: '10px 12px', borderBottom: '1px solid #e2e8f0' }}>
        <Flex align="center" justify="space-between" gap={8}>
          <Typography.Text strong style={{ fontSize: 15 }} data-testid="desk-list-title">
            {props.title}
          </Typography.Text>
          <Flex gap={4} style={{ flex: 'none' }}>
            {bulk ? (
              <Tooltip title={selecting ? t('desk.bulk.stop') : t('desk.bulk.start')}>
                <Button
                  size="small"
                  // one variant in both states: a text button stays the same element (and keeps the focus)
                  variant="text"
                  color={selecting ? 'primary' : 'default'}
                  icon={<CheckSquareOutlined />}
                  onClick={bulk.selection.toggleMode}
                  aria-label={t('desk.bulk.start')}
                  aria-pressed={selecting}
                  data-testid="desk-bulk-toggle"
                />
              </Tooltip>
            ) : null}
            {props.onHelp ? (
              <Tooltip title={t('desk.keyboard.helpButton')}>
                <Button
                  size="small"
                  type="text"
                  icon={<QuestionCircleOutlined />}
                  onClick={props.onHelp}
                  aria-label={t('desk.keyboard.helpButton')}
                  aria-haspopup="dialog"
                  data-testid="desk-shortcut-help-open"
                />
              </Tooltip>
            ) : null}
            {props.onNewSession ? (
              <Button
                size="small"
                type="primary"
                icon={<PlusOutlined />}
                onClick={props.onNewSession}
                data-testid="desk-new-session"
              >
                {t('desk.create.button')}
              </Button>
            ) : null}
          </Flex>
        </Flex>
        <Input.Search
          allowClear
          value={props.search}
          maxLength={SESSION_SEARCH_MAX}
          placeholder={t('desk.list.searchPlaceholder')}
          onChange={(e) => props.onSearch(e.target.value)}
          onSearch={props.onSearch}
          data-testid="desk-search"
          aria-label={t('desk.list.searchPlaceholder')}
        />
        {props.toolbar}
        {selecting ? bulk?.bar : null}
      </Flex>
      <div style={{ flex: 1, minHeight: 0 }}>
        {loading ? (
          <Flex justify="center" style={{ paddingTop: 40 }}>
            <Spinner />
          </Flex>
        ) : rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            style={{ paddingTop: 40 }}
            description={keyword ? t('desk.list.noMatch') : t('desk.list.empty')}
            data-testid="desk-list-empty"
          />
        ) : (
          <Virtuoso
            ref={virtuoso}
            style={{ height: '100%' }}
            data={rows}
            computeItemKey={(_, row) => row.id}
            endReached={() => {
              if (hasMore && !loadingMore) onLoadMore()
            }}
            increaseViewportBy={200}
            itemContent={(_, row) => (
              <SessionRow
                row={row}
                keyword={keyword}
                selected={row.id === selectedId}
                onSelect={props.onSelect}
                actions={props.renderActions(row)}
                showWaiting={props.showWaiting}
                check={
                  selecting && bulk
                    ? {
                        checked: bulk.selection.checked.has(row.id),
                        onChange: () => bulk.selection.toggle(row.id),
                      }
                    : undefined
                }
              />
            )}
            components={{
              Footer: () => (
                <Flex justify="center" style={{ padding: 10 }}>
                  {loadingMore ? (
                    <Spinner size="small" />
                  ) : hasMore ? null : (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="desk-list-end">
                      {t('desk.list.end')}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            }}
          />
        )}
      </div>
    </Flex>
  )
}

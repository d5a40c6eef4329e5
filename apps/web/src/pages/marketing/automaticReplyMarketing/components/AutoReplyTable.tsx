import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons'
import { type AutoReplyRuleView, formatDateTime } from '@app/core'
import { Button, Flex, Switch, Table, type TableProps, Tag, Tooltip } from 'antd'
import type { HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmCountdownButton } from '../../../../components/ConfirmCountdownButton'
import { Highlight } from '../../../../components/Highlight'

interface Props {
  rows: AutoReplyRuleView[]
  total: number
  loading: boolean
  pageNo: number
  pageSize: number
  keyword?: string
  onPage: (pageNo: number, pageSize: number) => void
  onOpen: (row: AutoReplyRuleView) => void
  onToggle: (row: AutoReplyRuleView, enabled: boolean) => Promise<unknown>
  onDelete: (row: AutoReplyRuleView) => Promise<unknown>
}

const offset = () => -new Date().getTimezoneOffset()

/** The rules with their settings and statistics; the creator's rows can be edited, switched and deleted. */
export function AutoReplyTable(props: Props) {
  const { rows, total, loading, pageNo, pageSize, keyword, onPage, onOpen, onToggle, onDelete } = props
  const { t } = useTranslation()
  const columns: TableProps<AutoReplyRuleView>['columns'] = [
    {
      title: t('autoReply.name'),
      dataIndex: 'name',
      width: 180,
      render: (name: string) => <Highlight text={name} keyword={keyword} />,
    },
    {
      title: t('autoReply.classification'),
      dataIndex: 'classification',
      width: 90,
      render: (v: AutoReplyRuleView['classification']) => (
        <Tag color={v === 'public' ? 'blue' : 'green'}>{t(`autoReply.classificationOptions.${v}`)}</Tag>
      ),
    },
    {
      title: t('autoReply.keywords'),
      dataIndex: 'keywords',
      width: 240,
      render: (words: string[]) => (
        <Flex gap={4} wrap>
          {words.map((w) => (
            <Tag key={w}>
              <Highlight text={w} keyword={keyword} />
            </Tag>
          ))}
        </Flex>
      ),
    },
    { title: t('autoReply.hits'), key: 'hits', width: 100, align: 'right', render: (_, r) => r.stats.hits },
    {
      title: t('autoReply.replies'),
      key: 'replies',
      width: 100,
      align: 'right',
      render: (_, r) => r.stats.replies,
    },
    {
      title: t('autoReply.customers'),
      key: 'customers',
      width: 110,
      align: 'right',
      render: (_, r) => r.stats.customers,
    },
    {
      title: t('autoReply.matchMode'),
      dataIndex: 'matchMode',
      width: 100,
      render: (v: AutoReplyRuleView['matchMode']) => t(`autoReply.matchModeShort.${v}`),
    },
    {
      title: t('autoReply.audience'),
      dataIndex: 'audience',
      width: 120,
      render: (v: AutoReplyRuleView['audience']) => t(`autoReply.audienceOptions.${v}`),
    },
    {
      title: t('autoReply.replyType'),
      dataIndex: 'replyType',
      width: 100,
      render: (v: AutoReplyRuleView['replyType']) => t(`autoReply.replyTypeShort.${v}`),
    },
    {
      title: t('autoReply.replyLimit'),
      dataIndex: 'replyLimit',
      width: 100,
      render: (v: number) => (v > 0 ? v : t('autoReply.unlimited')),
    },
    {
      title: t('autoReply.replyDelay'),
      dataIndex: 'replyDelay',
      width: 130,
      render: (v: number) => t('autoReply.seconds', { count: v }),
    },
    { title: t('autoReply.creator'), dataIndex: 'creatorName', width: 120 },
    {
      title: t('autoReply.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDateTime(v, offset()),
    },
    {
      title: t('autoReply.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (on: boolean, row) => (
        <Tooltip title={row.can.enable ? undefined : t('autoReply.readOnlyHint')}>
          <Switch
            checked={on}
            disabled={!row.can.enable}
            onChange={(v) => void onToggle(row, v)}
            data-testid={`auto-reply-switch-${row.id}`}
          />
        </Tooltip>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, row) =>
        row.can.edit ? (
          <Flex gap={4}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => onOpen(row)}
              data-testid={`auto-reply-edit-${row.id}`}
            >
              {t('common.edit')}
            </Button>
            <ConfirmCountdownButton
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              title={t('common.deleteConfirmTitle')}
              content={t('autoReply.deleteText', { name: row.name })}
              okText={t('common.delete')}
              onConfirm={() => onDelete(row)}
              testId={`auto-reply-delete-${row.id}`}
            >
              {t('common.delete')}
            </ConfirmCountdownButton>
          </Flex>
        ) : (
          <Tooltip title={t('autoReply.readOnlyHint')}>
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => onOpen(row)}
              data-testid={`auto-reply-view-${row.id}`}
            >
              {t('autoReply.readOnly')}
            </Button>
          </Tooltip>
        ),
    },
  ]
  return (
    <Table<AutoReplyRuleView>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('autoReply.empty') }}
      onRow={(row) => ({ 'data-testid': `auto-reply-row-${row.name}` }) as HTMLAttributes<HTMLElement>}
      pagination={{ current: pageNo, pageSize, total, showSizeChanger: true, onChange: onPage }}
      data-testid="auto-reply-table"
    />
  )
}

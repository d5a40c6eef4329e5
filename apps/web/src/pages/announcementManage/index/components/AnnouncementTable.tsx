import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { type Announcement, AnnouncementStatus } from '@app/core'
import { Button, Flex, Switch, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmCountdownButton } from '../../../../components/ConfirmCountdownButton'
import { Highlight } from '../../../../components/Highlight'
import { DataTable } from '../../../../components/page/DataTable'
import { actionsWidth, type PageColumn } from '../../../../components/page/tableColumns'
import { formatDate } from '../../../../utils/date'
import { StatusTag } from './status'

interface Props {
  rows: Announcement[]
  total: number
  loading: boolean
  pageNo: number
  pageSize: number
  keyword?: string
  onPage: (pageNo: number, pageSize: number) => void
  onEdit: (row: Announcement) => void
  onToggle: (row: Announcement, enabled: boolean) => Promise<unknown>
  onDelete: (row: Announcement) => Promise<unknown>
  togglingId?: number
  /** what the table says without rows */
  empty?: ReactNode
}

/** Announcements with status switch, edit and a delete that counts down before it can be confirmed. */
export function AnnouncementTable(props: Props) {
  const { t } = useTranslation()
  const { rows, total, loading, pageNo, pageSize, keyword, onPage, onEdit, onToggle, onDelete, togglingId } =
    props
  const columns: PageColumn<Announcement>[] = [
    {
      key: 'title',
      title: t('announcement.title'),
      dataIndex: 'title',
      width: 220,
      render: (title: string) => <Highlight text={title} keyword={keyword} />,
    },
    {
      key: 'content',
      title: t('announcement.content'),
      dataIndex: 'content',
      width: 320,
      render: (content: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, tooltip: content }}
          style={{ margin: 0, whiteSpace: 'pre-wrap' }}
        >
          {content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'status',
      title: t('announcement.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: number) => <StatusTag status={s} />,
    },
    {
      key: 'createdAt',
      title: t('announcement.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (v: number) => formatDate(v),
    },
    {
      key: 'creator',
      title: t('announcement.creator'),
      dataIndex: 'creatorName',
      width: 120,
      ellipsis: true,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      // the status switch sits before the two buttons
      width: actionsWidth([t('common.edit'), t('common.delete')], { icons: true, extra: 40 }),
      actions: true,
      render: (_, row) => (
        <Flex gap={8} align="center">
          <Switch
            size="small"
            checked={row.status === AnnouncementStatus.enabled}
            loading={togglingId === row.id}
            onChange={(checked) => void onToggle(row, checked)}
            aria-label={t('announcement.status')}
            data-testid={`announcement-toggle-${row.id}`}
          />
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => onEdit(row)}
            data-testid={`announcement-edit-${row.id}`}
          >
            {t('common.edit')}
          </Button>
          <ConfirmCountdownButton
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('common.deleteConfirmTitle')}
            content={t('announcement.deleteText', { title: row.title })}
            okText={t('common.delete')}
            onConfirm={() => onDelete(row)}
            testId={`announcement-delete-${row.id}`}
          >
            {t('common.delete')}
          </ConfirmCountdownButton>
        </Flex>
      ),
    },
  ]
  return (
    <DataTable<Announcement>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      empty={props.empty}
      pagination={{
        current: pageNo,
        pageSize,
        total,
        showSizeChanger: true,
        onChange: onPage,
      }}
      data-testid="announcement-table"
    />
  )
}

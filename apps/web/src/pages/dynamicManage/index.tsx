import { PlusOutlined } from '@ant-design/icons'
import { type DynamicPostView, formatDateTime } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cancelDynamic, createDynamic, pageDynamics } from './api'
import { DynamicDetailDrawer } from './DynamicDetailDrawer'
import { DynamicFormModal } from './DynamicFormModal'

/** /dynamicManage/index (supervisor): status posts from chosen accounts and each account's result. */
export default function DynamicManagePage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const offset = -new Date().getTimezoneOffset()
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 })
  const [formOpen, setFormOpen] = useState(false)
  const [detailId, setDetailId] = useState<number | null>(null)

  const page = useQuery({
    queryKey: ['dynamics', 'page', paging],
    queryFn: () => pageDynamics(paging.pageNo, paging.pageSize),
    placeholderData: keepPreviousData,
    // views keep arriving after a post is made
    refetchInterval: (q) => (q.state.data?.list.some((p) => p.counts.pending > 0) ? 3_000 : 30_000),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['dynamics'] })
  const cancel = useMutation({
    mutationFn: (id: number) => cancelDynamic(id),
    onSuccess: () => {
      message.success(t('dynamics.cancelled'))
      return refresh()
    },
  })

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="flex-end">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setFormOpen(true)}
            data-testid="dynamic-create"
          >
            {t('dynamics.create')}
          </Button>
        </Flex>
        <Table<DynamicPostView>
          rowKey="id"
          loading={page.isFetching && !page.data}
          dataSource={page.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('dynamics.empty')} /> }}
          data-testid="dynamic-table"
          pagination={{
            current: paging.pageNo,
            pageSize: paging.pageSize,
            total: page.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
          }}
          columns={[
            {
              title: t('dynamics.columns.content'),
              dataIndex: 'text',
              ellipsis: true,
              render: (text: string, row) => (
                <Space>
                  {row.kind === 'text' && row.backgroundColor ? (
                    <span
                      style={{
                        display: 'inline-block',
                        width: 12,
                        height: 12,
                        borderRadius: 2,
                        background: row.backgroundColor,
                      }}
                    />
                  ) : null}
                  <Typography.Text>{text || '—'}</Typography.Text>
                </Space>
              ),
            },
            {
              title: t('dynamics.columns.kind'),
              dataIndex: 'kind',
              width: 90,
              render: (k: string) => <Tag>{t(`dynamics.kinds.${k}`)}</Tag>,
            },
            {
              title: t('dynamics.columns.scheduledAt'),
              dataIndex: 'scheduledAt',
              width: 170,
              render: (v: number) => formatDateTime(v, offset),
            },
            {
              title: t('dynamics.columns.result'),
              key: 'result',
              render: (_, row) => (
                <span data-testid={`dynamic-result-${row.id}`}>
                  {t('dynamics.counts', {
                    posted: row.counts.posted,
                    failed: row.counts.failed,
                    pending: row.counts.pending,
                  })}
                </span>
              ),
            },
            {
              title: t('dynamics.columns.views'),
              key: 'views',
              width: 90,
              render: (_, row) => row.counts.views,
            },
            {
              title: t('dynamics.columns.actions'),
              key: 'actions',
              width: 200,
              render: (_, row) => (
                <Space>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDetailId(row.id)}
                    data-testid={`dynamic-detail-${row.id}`}
                  >
                    {t('dynamics.detail')}
                  </Button>
                  {row.counts.pending > 0 ? (
                    <Popconfirm
                      title={t('dynamics.cancelConfirm')}
                      onConfirm={() => cancel.mutateAsync(row.id)}
                    >
                      <Button type="link" size="small" danger>
                        {t('dynamics.cancel')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      <DynamicFormModal
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSubmit={async (body) => {
          const r = await createDynamic(body)
          message.success(body.scheduledAt ? t('dynamics.form.scheduledOk') : t('dynamics.form.created'))
          await refresh()
          return r
        }}
      />
      <DynamicDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  )
}

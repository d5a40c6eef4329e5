import { PlusOutlined } from '@ant-design/icons'
import type { DynamicPostView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Popconfirm, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../components/page/DataTable'
import { EmptyState } from '../../components/page/EmptyState'
import { PageFrame } from '../../components/page/PageFrame'
import { actionsWidth } from '../../components/page/tableColumns'
import { formatDate } from '../../utils/format'
import { cancelDynamic, createDynamic, pageDynamics } from './api'
import { DynamicDetailDrawer } from './DynamicDetailDrawer'
import { DynamicFormModal } from './DynamicFormModal'

/** /dynamicManage/index (supervisor): status posts from chosen accounts and each account's result. */
export default function DynamicManagePage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
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

  const openCreate = () => setFormOpen(true)

  return (
    <PageFrame
      title={t('menu.dynamicManage')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="dynamic-create">
          {t('dynamics.create')}
        </Button>
      }
    >
      <DataTable<DynamicPostView>
        rowKey="id"
        loading={page.isFetching && !page.data}
        dataSource={page.data?.list ?? []}
        empty={
          <EmptyState
            title={t('dynamics.empty')}
            hint={t('dynamics.emptyHint')}
            action={{ label: t('dynamics.create'), onClick: openCreate, testId: 'dynamic-empty-create' }}
          />
        }
        data-testid="dynamic-table"
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: page.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
        columns={[
          {
            key: 'content',
            title: t('dynamics.columns.content'),
            dataIndex: 'text',
            ellipsis: true,
            tooltip: (row) => row.text,
            render: (text: string, row) => (
              <Flex gap={8} align="center" wrap={false}>
                {row.kind === 'text' && row.backgroundColor ? (
                  <span
                    style={{
                      flex: 'none',
                      display: 'inline-block',
                      width: 12,
                      height: 12,
                      borderRadius: 2,
                      background: row.backgroundColor,
                    }}
                  />
                ) : null}
                <Typography.Text ellipsis>{text || '—'}</Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'kind',
            title: t('dynamics.columns.kind'),
            dataIndex: 'kind',
            width: 90,
            render: (k: string) => <Tag>{t(`dynamics.kinds.${k}`)}</Tag>,
          },
          {
            key: 'scheduledAt',
            title: t('dynamics.columns.scheduledAt'),
            dataIndex: 'scheduledAt',
            width: 170,
            render: (v: number) => formatDate(v),
          },
          {
            key: 'result',
            title: t('dynamics.columns.result'),
            width: 220,
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
            key: 'views',
            title: t('dynamics.columns.views'),
            width: 90,
            align: 'right',
            render: (_, row) => row.counts.views,
          },
          {
            key: 'actions',
            title: t('dynamics.columns.actions'),
            actions: true,
            width: actionsWidth([t('dynamics.detail'), t('dynamics.cancel')]),
            render: (_, row) => (
              <Flex gap={4} wrap={false}>
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
              </Flex>
            ),
          },
        ]}
      />
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
    </PageFrame>
  )
}

import type { DynamicTargetView } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Drawer, Empty, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDate, formatPhone } from '../../utils/format'
import { dynamicDetail } from './api'

const STATE_COLORS: Record<string, string> = {
  open: 'processing',
  posted: 'success',
  failed: 'error',
  cancelled: 'default',
}

/** A post's per-account results: posted (contacts, viewers) or failed with the reason. */
export function DynamicDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation()
  const detail = useQuery({
    queryKey: ['dynamics', 'detail', id],
    queryFn: () => dynamicDetail(id as number),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.counts.pending ? 3_000 : false),
  })
  const d = detail.data
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('dynamics.detailTitle')}
      width={880}
      destroyOnHidden
    >
      {d ? (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('dynamics.columns.kind')}>
              {t(`dynamics.kinds.${d.kind}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('dynamics.columns.content')}>{d.text || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('dynamics.columns.scheduledAt')}>
              {formatDate(d.scheduledAt)}
            </Descriptions.Item>
          </Descriptions>
          <Table<DynamicTargetView>
            rowKey="accountId"
            size="small"
            pagination={false}
            dataSource={d.targets}
            data-testid="dynamic-targets"
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: t('dynamics.target.account'),
                dataIndex: 'phone',
                render: (p: string) => formatPhone(p) || '—',
              },
              {
                title: t('dynamics.target.state'),
                dataIndex: 'state',
                render: (s: string) => <Tag color={STATE_COLORS[s]}>{t(`dynamics.states.${s}`)}</Tag>,
              },
              {
                title: t('dynamics.target.reason'),
                dataIndex: 'reason',
                render: (r: string | null) => (r ? t(`dynamics.reasons.${r}`) : '—'),
              },
              { title: t('dynamics.target.audience'), dataIndex: 'audience' },
              {
                title: t('dynamics.target.postedAt'),
                dataIndex: 'postedAt',
                render: (v: number | null) => (v ? formatDate(v) : '—'),
              },
              {
                title: t('dynamics.target.viewers'),
                dataIndex: 'viewers',
                render: (v: DynamicTargetView['viewers']) =>
                  v.length === 0 ? (
                    <Typography.Text type="secondary">{t('dynamics.target.noViewers')}</Typography.Text>
                  ) : (
                    v.map((x) => <Tag key={x.viewer}>+{x.viewer}</Tag>)
                  ),
              },
            ]}
          />
        </>
      ) : detail.isLoading ? null : (
        <Empty />
      )}
    </Drawer>
  )
}

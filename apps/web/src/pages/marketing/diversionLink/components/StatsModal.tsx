import type { DiversionLinkView } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Modal, Row, Statistic, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { linkStats } from '../../../../api/diversion'

interface Props {
  link: DiversionLinkView | null
  onClose: () => void
}

/** A link's visits and attributed new fans, per account and per agent; refreshed while open. */
export function StatsModal({ link, onClose }: Props) {
  const { t } = useTranslation()
  const stats = useQuery({
    queryKey: ['diversion', 'stats', link?.id],
    queryFn: () => linkStats(link?.id ?? 0),
    enabled: link !== null,
    refetchInterval: 10_000,
  })
  const s = stats.data
  return (
    <Modal
      open={link !== null}
      title={t('diversion.stats.title', { name: link?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Row gutter={12} style={{ marginBottom: 16 }}>
        {(
          [
            ['visits', s?.visits],
            ['redirected', s?.redirected],
            ['newFans', s?.newFans],
          ] as const
        ).map(([key, value]) => (
          <Col span={8} key={key}>
            <Card size="small">
              <Statistic
                title={t(`diversion.stats.${key}`)}
                value={value ?? 0}
                data-testid={`diversion-stats-${key}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5}>{t('diversion.stats.perAccount')}</Typography.Title>
      <Table
        size="small"
        rowKey="accountId"
        loading={stats.isLoading}
        pagination={false}
        dataSource={s?.accounts ?? []}
        data-testid="diversion-stats-accounts"
        columns={[
          {
            title: t('diversion.stats.account'),
            dataIndex: 'phone',
            render: (phone: string | null, r) => phone ?? t('diversion.link.noPhone', { id: r.accountId }),
          },
          {
            title: t('diversion.stats.status'),
            dataIndex: 'status',
            render: (v: string) => t(`diversion.stats.status_${v}`, { defaultValue: v }),
          },
          {
            title: t('diversion.stats.today'),
            key: 'today',
            render: (_, r) => (r.dailyCap ? `${r.today} / ${r.dailyCap}` : r.today),
          },
          { title: t('diversion.stats.visits'), dataIndex: 'visits' },
          { title: t('diversion.stats.newFans'), dataIndex: 'newFans' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('diversion.stats.perAgent')}
      </Typography.Title>
      <Table
        size="small"
        rowKey={(r) => String(r.agentId)}
        loading={stats.isLoading}
        pagination={false}
        dataSource={s?.agents ?? []}
        columns={[
          {
            title: t('diversion.stats.agent'),
            key: 'agent',
            render: (_, r) => (r.agentId === null ? t('diversion.stats.noAgent') : r.name),
          },
          { title: t('diversion.stats.newFans'), dataIndex: 'newFans' },
        ]}
      />
    </Modal>
  )
}

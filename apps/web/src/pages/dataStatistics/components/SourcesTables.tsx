import type { StatisticsOverview } from '@app/core'
import { Col, Row, Table } from 'antd'
import { useTranslation } from 'react-i18next'

/** New customers of the range by source and by diversion link. */
export function SourcesTables({
  overview,
  loading,
}: {
  overview: StatisticsOverview | undefined
  loading: boolean
}) {
  const { t } = useTranslation()
  const empty = { emptyText: t('statistics.noData') }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Table
          rowKey="source"
          size="small"
          loading={loading}
          pagination={false}
          locale={empty}
          dataSource={overview?.fansBySource ?? []}
          data-testid="stats-sources"
          columns={[
            {
              title: t('statistics.column.source'),
              dataIndex: 'source',
              render: (s: string) => t(`fans.sources.${s}`, { defaultValue: s }),
            },
            { title: t('statistics.column.count'), dataIndex: 'count', align: 'right' },
          ]}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Table
          rowKey="linkId"
          size="small"
          loading={loading}
          pagination={false}
          locale={empty}
          dataSource={overview?.fansByLink ?? []}
          data-testid="stats-links"
          columns={[
            {
              title: t('statistics.column.link'),
              dataIndex: 'name',
              render: (name: string, r: { linkId: number }) =>
                r.linkId === 0 ? t('statistics.noLink') : name || `#${r.linkId}`,
            },
            { title: t('statistics.column.count'), dataIndex: 'count', align: 'right' },
          ]}
        />
      </Col>
    </Row>
  )
}

import type { StatisticsOverview } from '@app/core'
import { Col, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../components/page/DataTable'
import type { PageColumn } from '../../../components/page/tableColumns'
import { NoFigures } from './NoFigures'

type SourceRow = StatisticsOverview['fansBySource'][number]
type LinkRow = StatisticsOverview['fansByLink'][number]

/** New customers of the range by source and by diversion link. */
export function SourcesTables({
  overview,
  loading,
}: {
  overview: StatisticsOverview | undefined
  loading: boolean
}) {
  const { t } = useTranslation()
  const count = {
    key: 'count',
    title: t('statistics.column.count'),
    dataIndex: 'count',
    align: 'right',
  } as const
  const sourceColumns: PageColumn<SourceRow>[] = [
    {
      key: 'source',
      title: t('statistics.column.source'),
      dataIndex: 'source',
      render: (s: string) => t(`fans.sources.${s}`, { defaultValue: s }),
    },
    { ...count, width: 120 },
  ]
  const linkColumns: PageColumn<LinkRow>[] = [
    {
      key: 'link',
      title: t('statistics.column.link'),
      dataIndex: 'name',
      render: (name: string, r) => (r.linkId === 0 ? t('statistics.noLink') : name || `#${r.linkId}`),
    },
    { ...count, width: 120 },
  ]
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <DataTable<SourceRow>
          rowKey="source"
          size="small"
          loading={loading}
          pagination={false}
          empty={<NoFigures testId="stats-sources-empty" />}
          dataSource={overview?.fansBySource ?? []}
          data-testid="stats-sources"
          columns={sourceColumns}
        />
      </Col>
      <Col xs={24} lg={12}>
        <DataTable<LinkRow>
          rowKey="linkId"
          size="small"
          loading={loading}
          pagination={false}
          empty={<NoFigures testId="stats-links-empty" />}
          dataSource={overview?.fansByLink ?? []}
          data-testid="stats-links"
          columns={linkColumns}
        />
      </Col>
    </Row>
  )
}

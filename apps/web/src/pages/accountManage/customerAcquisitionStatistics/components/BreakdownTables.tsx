import type { AcquisitionAgentRow, AcquisitionLinkRow, AcquisitionStats } from '@app/core'
import { Col, Row, Table, type TableProps, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

interface Props {
  stats: AcquisitionStats | undefined
  loading: boolean
}

const sum = (xs: number[]) => xs.reduce((s, n) => s + n, 0)

/** Visits and new fans per diversion link, and new fans per agent, over the page's range and accounts. */
export function BreakdownTables({ stats, loading }: Props) {
  const { t } = useTranslation()
  const links = stats?.links ?? []
  const agents = stats?.agents ?? []

  const linkColumns: TableProps<AcquisitionLinkRow>['columns'] = [
    {
      title: t('acquisition.breakdown.linkName'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, row) => name || t('acquisition.breakdown.removedLink', { id: row.linkId }),
    },
    { title: t('acquisition.breakdown.visits'), dataIndex: 'visits', width: 110, align: 'right' },
    { title: t('acquisition.breakdown.newFans'), dataIndex: 'newFans', width: 110, align: 'right' },
  ]
  const agentColumns: TableProps<AcquisitionAgentRow>['columns'] = [
    {
      title: t('acquisition.breakdown.agentName'),
      key: 'agent',
      ellipsis: true,
      render: (_, row) =>
        row.agentUserId === null ? (
          <Typography.Text type="secondary">{t('acquisition.breakdown.noAgent')}</Typography.Text>
        ) : (
          (row.name ?? t('acquisition.breakdown.removedAgent', { id: row.agentUserId }))
        ),
    },
    { title: t('acquisition.breakdown.newFans'), dataIndex: 'newFans', width: 110, align: 'right' },
  ]

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Typography.Title level={5}>{t('acquisition.breakdown.perLink')}</Typography.Title>
        <Table<AcquisitionLinkRow>
          rowKey="linkId"
          size="small"
          bordered
          columns={linkColumns}
          dataSource={links}
          loading={loading}
          locale={{ emptyText: t('acquisition.breakdown.noLinks') }}
          pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
          data-testid="acquisition-links"
          summary={() =>
            links.length > 1 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('acquisition.totalRow')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong data-testid="acquisition-links-visits">
                    {sum(links.map((l) => l.visits))}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Typography.Text strong data-testid="acquisition-links-fans">
                    {sum(links.map((l) => l.newFans))}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Col>
      <Col xs={24} lg={10}>
        <Typography.Title level={5}>{t('acquisition.breakdown.perAgent')}</Typography.Title>
        <Table<AcquisitionAgentRow>
          rowKey={(row) => row.agentUserId ?? 'none'}
          size="small"
          bordered
          columns={agentColumns}
          dataSource={agents}
          loading={loading}
          locale={{ emptyText: t('acquisition.breakdown.noAgents') }}
          pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
          data-testid="acquisition-agents"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('acquisition.breakdown.agentHint')}
        </Typography.Text>
      </Col>
    </Row>
  )
}

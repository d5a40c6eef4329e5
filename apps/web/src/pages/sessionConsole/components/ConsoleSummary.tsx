import type { ConsoleOverview } from '@app/core'
import { Card, Col, Row, Statistic } from 'antd'
import { useTranslation } from 'react-i18next'

/** The numbers a supervisor checks first: what nobody works, and who is there to work it. */
export function ConsoleSummary({ overview }: { overview: ConsoleOverview | undefined }) {
  const { t } = useTranslation()
  const active = overview?.agents.filter((a) => a.active) ?? []
  const online = active.filter((a) => a.online).length
  const free = overview?.accounts.filter((a) => a.agentUserId === null).length ?? 0
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic
            title={t('sessionConsole.summary.unallocated')}
            value={overview?.unallocated.sessions ?? 0}
            data-testid="console-summary-unallocated"
          />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic
            title={t('sessionConsole.summary.unallocatedUnread')}
            value={overview?.unallocated.unread ?? 0}
          />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic
            title={t('sessionConsole.summary.agentsOnline')}
            value={online}
            suffix={`/ ${active.length}`}
          />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t('sessionConsole.summary.unassignedAccounts')} value={free} />
        </Card>
      </Col>
    </Row>
  )
}

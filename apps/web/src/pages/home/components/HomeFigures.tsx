import { type HomeFigures as Figures, Role } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Alert, Col, Row, Skeleton, Statistic } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { homeFigures } from '../../../api/statistics'
import { PageSection } from '../../../components/page/PageFrame'
import { useSession } from '../../../stores/session'

interface Tile {
  key: string
  value: number | string
  to?: string
  warn?: boolean
}

function tilesOf(f: Figures, supervisor: boolean): Tile[] {
  if (f.platform)
    return [
      { key: 'tenants', value: f.platform.tenants },
      { key: 'orders', value: f.platform.ordersThisMonth },
      { key: 'revenue', value: (f.platform.revenueThisMonthCents / 100).toFixed(2) },
    ]
  const x = f.tenant
  if (!x) return []
  const tiles: Tile[] = [
    { key: 'messagesIn', value: x.messagesInToday, to: supervisor ? '/dataStatistics' : undefined },
    { key: 'messagesOut', value: x.messagesOutToday },
    { key: 'unreplied', value: x.unrepliedSessions, warn: x.unrepliedSessions > 0 },
    {
      key: 'offline',
      value: x.offlineAccounts,
      warn: x.offlineAccounts > 0,
      to: supervisor ? '/accountManage/index' : undefined,
    },
  ]
  if (x.warnings !== null)
    tiles.push({
      key: 'warnings',
      value: x.warnings,
      warn: x.warnings > 0,
      to: supervisor ? '/riskManage/warning' : undefined,
    })
  if (x.expiringPorts !== null)
    tiles.push({ key: 'expiringPorts', value: x.expiringPorts, warn: x.expiringPorts > 0, to: '/portRecord' })
  if (x.expiringSeats !== null)
    tiles.push({
      key: 'expiringSeats',
      value: x.expiringSeats,
      warn: x.expiringSeats > 0,
      to: '/seatRecord/index',
    })
  return tiles
}

/** The few figures the signed-in role acts on today, each leading to the page that acts on it. */
export function HomeFigures() {
  const { t } = useTranslation()
  const roles = useSession((s) => s.roles)
  const query = useQuery({ queryKey: ['home', 'figures'], queryFn: homeFigures, refetchInterval: 60_000 })
  const title = t('statistics.home.title')
  if (query.isError)
    return (
      <PageSection title={title} testId="home-figures">
        <Alert type="warning" showIcon message={t('statistics.home.loadFailed')} />
      </PageSection>
    )
  if (query.isLoading)
    return (
      <PageSection title={title} testId="home-figures">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </PageSection>
    )
  const tiles = query.data ? tilesOf(query.data, roles.includes(Role.customerMaster)) : []
  return (
    <PageSection title={title} testId="home-figures">
      <Row gutter={[12, 12]}>
        {tiles.map((tile) => {
          const stat = (
            <Statistic
              title={t(`statistics.home.${tile.key}`)}
              value={tile.value}
              valueStyle={tile.warn ? { color: '#cf1322' } : undefined}
            />
          )
          return (
            <Col key={tile.key} xs={12} md={8} xl={6} xxl={4} data-testid={`home-figure-${tile.key}`}>
              {tile.to ? <Link to={tile.to}>{stat}</Link> : stat}
            </Col>
          )
        })}
      </Row>
    </PageSection>
  )
}

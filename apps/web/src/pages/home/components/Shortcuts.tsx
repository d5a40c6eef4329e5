import { CustomerServiceOutlined } from '@ant-design/icons'
import { Card, Col, Empty, Flex, Row, Typography } from 'antd'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type AppRoute, canOpen, menuRoutes } from '../../../app/routeAccess'
import { type RouteIconName, routeIcons } from '../../../app/routeIcons'
import { DESK_ENTRY, layoutRoutes } from '../../../app/routes'
import { usePermittedRoutes } from '../../../app/usePermittedRoutes'
import { PageSection } from '../../../components/page/PageFrame'
import { useSession } from '../../../stores/session'

const iconOf = (name: RouteIconName | undefined) => (name ? routeIcons[name] : undefined)

interface Shortcut {
  path: string
  title: string
  group?: string
  icon?: ComponentType
}

/** Menu leaves (minus home), each with its group's icon and title when it has none itself. */
function shortcutsOf(routes: AppRoute[], t: (key: string) => string, parent?: AppRoute): Shortcut[] {
  return routes.flatMap((r) =>
    r.children
      ? shortcutsOf(r.children, t, r)
      : r.path === '/home'
        ? []
        : [
            {
              path: r.path,
              title: t(r.titleKey),
              group: parent && t(parent.titleKey),
              icon: iconOf(r.icon ?? parent?.icon),
            },
          ],
  )
}

/** Cards for every menu entry the user may open, plus the agent desk for the desk roles. */
export function Shortcuts() {
  const { t } = useTranslation()
  const routes = usePermittedRoutes()
  const roles = useSession((s) => s.roles)
  const desk = layoutRoutes.find((r) => r.path === '/customerServiceDesk')
  const items = shortcutsOf(menuRoutes(routes), t)
  if (desk && canOpen(desk, roles)) {
    items.unshift({
      path: DESK_ENTRY,
      title: t('home.openDesk'),
      group: t('home.openDeskText'),
      icon: CustomerServiceOutlined,
    })
  }
  return (
    <PageSection title={t('home.shortcuts')} testId="home-shortcuts">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noShortcuts')} />
      ) : (
        <Row gutter={[12, 12]}>
          {items.map(({ path, title, group, icon: Icon }) => (
            <Col key={path} xs={12} sm={8} md={8} lg={6} xxl={4}>
              <Link to={path} data-testid={`shortcut-${path}`}>
                <Card hoverable size="small" style={{ height: '100%' }}>
                  <Flex vertical gap={4}>
                    <Flex gap={8} align="center">
                      {Icon ? (
                        <span style={{ color: '#1d4ed8', fontSize: 18 }}>
                          <Icon />
                        </span>
                      ) : null}
                      <Typography.Text strong ellipsis>
                        {title}
                      </Typography.Text>
                    </Flex>
                    <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                      {group ?? '\u00a0'}
                    </Typography.Text>
                  </Flex>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </PageSection>
  )
}

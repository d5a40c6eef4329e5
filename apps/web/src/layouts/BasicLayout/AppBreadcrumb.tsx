import { Breadcrumb } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { findRouteChain } from '../../app/routeAccess'
import { usePermittedRoutes } from '../../app/usePermittedRoutes'

/** Home, then the current route's chain in the route table. */
export function AppBreadcrumb() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const chain = findRouteChain(usePermittedRoutes(), pathname).filter((r) => r.path !== '/home')
  const items = [
    { key: '/home', title: chain.length > 0 ? <Link to="/home">{t('menu.home')}</Link> : t('menu.home') },
    ...chain.map((r) => ({ key: r.path, title: t(r.titleKey) })),
  ]
  return <Breadcrumb items={items} data-testid="breadcrumb" />
}

import { Menu, type MenuProps } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { type AppRoute, findRouteChain, menuRoutes } from '../../app/routeAccess'
import { routeIcons } from '../../app/routeIcons'
import { usePermittedRoutes } from '../../app/usePermittedRoutes'
import { SidebarLogo } from './SidebarLogo'

type MenuItem = Required<MenuProps>['items'][number]

function iconOf(route: AppRoute) {
  const Icon = route.icon ? routeIcons[route.icon] : undefined
  return Icon ? <Icon /> : undefined
}

function toItems(routes: AppRoute[], t: (key: string) => string): MenuItem[] {
  return routes.map((route) => {
    const icon = iconOf(route)
    const testId = `menu-${route.path}`
    if (route.children) {
      return {
        key: route.path,
        icon,
        label: <span data-testid={testId}>{t(route.titleKey)}</span>,
        children: toItems(route.children, t),
      }
    }
    return {
      key: route.path,
      icon,
      label: (
        <Link to={route.path} data-testid={testId}>
          {t(route.titleKey)}
        </Link>
      ),
    }
  })
}

/** Logo and the menu of the routes the user may open (hidden ones left out). */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const routes = usePermittedRoutes()
  const items = useMemo(() => toItems(menuRoutes(routes), t), [routes, t])
  const chain = findRouteChain(routes, pathname)
  const selected = chain.at(-1)?.path
  const parents = chain.slice(0, -1).map((r) => r.path)
  const [openKeys, setOpenKeys] = useState<string[]>(parents)
  const parentKey = parents.join('|')

  useEffect(() => {
    if (parentKey) setOpenKeys((keys) => [...new Set([...keys, ...parentKey.split('|')])])
  }, [parentKey])

  return (
    <>
      <SidebarLogo collapsed={collapsed} />
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        style={{ borderInlineEnd: 'none' }}
        data-testid="side-menu"
      />
    </>
  )
}

import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { Access as Areas } from '@app/core'
import { Badge, Button, Flex, Tag, Tooltip } from 'antd'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { Access } from '../../../app/Access'
import { findRouteChain } from '../../../app/routeAccess'
import { layoutRoutes } from '../../../app/routes'
import { LanguageSwitch } from '../../../components/LanguageSwitch'
import { lazyPart } from '../../../components/lazyPart'
import { Placeholder } from '../../../components/Placeholder'
import { UserDropdown } from '../../../layouts/BasicLayout/UserDropdown'
import { useSocketConnected } from '../../../realtime'
import { useAppStore } from '../../../stores/app'
import { useDesk } from '../../../stores/desk'
import { useIsCustomerMaster } from '../../../stores/session'
import { MentionsBell } from './mentions/MentionsBell'
import { useDeskWidth } from './useDeskWidth'

// only a supervisor picks an agent: the picker (antd's Select) loads for them alone
const ActingAgentPicker = lazyPart(
  () => import('./ActingAgentPicker').then((m) => m.ActingAgentPicker),
  <Placeholder width={160} height={24} />,
)

/** The title of the desk's page being shown (its route's), the page's one heading. */
function DeskPageTitle() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const route = findRouteChain(layoutRoutes, pathname).at(-1)
  if (!route) return null
  return (
    <h1 className="desk-page-title" data-testid="desk-page-title">
      {t(route.titleKey)}
    </h1>
  )
}

/** Whose desk this is (the supervisor acting as an agent says so), once the desk is entered. */
function DeskOwner() {
  const { t } = useTranslation()
  const owner = useDesk((s) => s.owner)
  if (!owner) return null
  return (
    <span className="desk-owner" data-testid="desk-owner">
      {owner.acting ? (
        <Tag color="orange" style={{ marginInlineEnd: 0 }}>
          {t('desk.header.actingNotice', { name: owner.nickname })}
        </Tag>
      ) : (
        t('desk.header.ownerDesk', { name: owner.nickname })
      )}
    </span>
  )
}

/** The live connection's state, a dot. */
function ConnectionDot() {
  const { t } = useTranslation()
  const connected = useSocketConnected()
  return (
    <Tooltip title={connected ? t('desk.header.connected') : t('desk.header.disconnected')}>
      <Badge
        status={connected ? 'success' : 'error'}
        data-testid="desk-connection"
        data-connected={connected}
      />
    </Tooltip>
  )
}

/**
 * The desk's top bar: rail toggle, the page's title, whose desk it is, the supervisor's agent
 * picker, live status, mentions, language, user menu. It takes no props, so the layout's own
 * updates (counts, presence, the address) pass it by; the desk's owner and the connection, which
 * come while the desk loads, draw only their own parts again.
 */
export const DeskHeader = memo(function DeskHeader() {
  const { t } = useTranslation()
  const width = useDeskWidth()
  const mobile = width === 'narrow'
  // below 1280 px the whole rail unfolds over the page, in the drawer
  const inDrawer = width !== 'wide'
  const folded = useAppStore((s) => (inDrawer ? !s.drawerOpen : !s.sidebarOpen))
  const toggleSidebar = useAppStore((s) => s.toggleSidebar)
  const setDrawerOpen = useAppStore((s) => s.setDrawerOpen)
  const toggle = inDrawer ? () => setDrawerOpen(!useAppStore.getState().drawerOpen) : toggleSidebar
  const isMaster = useIsCustomerMaster()
  // below 992 px the supervisor's agent picker already names the desk: the bar keeps room for it
  // and the language switch
  const ownerShown = !(mobile && isMaster)
  return (
    <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        <Button
          type="text"
          aria-label={t('layout.toggleSidebar')}
          icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggle}
          data-testid="desk-rail-toggle"
        />
        <DeskPageTitle />
        {ownerShown ? <DeskOwner /> : null}
        <ConnectionDot />
      </Flex>
      <Flex align="center" gap={8}>
        <Access roles={Areas.master}>
          <ActingAgentPicker compact={mobile} />
        </Access>
        <MentionsBell />
        <LanguageSwitch size="small" />
        <UserDropdown compact={mobile} />
      </Flex>
    </Flex>
  )
})

import { Access, SIDEBAR_WIDTH_PX } from '@app/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { Layout } from 'antd'
import { Suspense, useCallback, useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageLoading } from '../../../app/PageLoading'
import { queryClient } from '../../../app/queryClient'
import { logout } from '../../../app/session'
import { SIDEBAR_BG } from '../../../app/theme'
import { CommandPaletteHost } from '../../../components/commandPalette/CommandPaletteHost'
import { useAnnouncementNotifications } from '../../../hooks/useAnnouncements'
import { useDeviceWatcher } from '../../../hooks/useDeviceWatcher'
import { useVipNotice } from '../../../hooks/useVipNotice'
import { useAppStore } from '../../../stores/app'
import { hasAnyRole, useSession } from '../../../stores/session'
import { useNewMessageAlert } from '../../setting/useNewMessageAlert'
import { lazyDialog } from '../lazyDialog'
import { DeskHeader } from './DeskHeader'
import { DeskRail } from './DeskRail'
import { DeskSkipLink, SkipTargetProvider } from './DeskSkipLink'
import { PresenceGate } from './PresenceGate'
import { useDeskLiveCounts } from './useDeskLiveCounts'
import { useDeskPresence } from './useDeskPresence'
import { useDeskWidth } from './useDeskWidth'

// the whole rail shows in a drawer only below 1280 px, when asked for: it loads when first opened
const Drawer = lazyDialog(() => import('antd/es/drawer').then((m) => m.default))
const DeskSettingsModal = lazyDialog(() => import('./DeskSettingsModal').then((m) => m.DeskSettingsModal))

const RAIL_WIDTH = SIDEBAR_WIDTH_PX
const RAIL_COLLAPSED = 64
const HEADER_HEIGHT = 52

/**
 * The agent desk's own full-screen layout (not the console's menu layout): its left rail with
 * the sidebar entries, a top bar, and the desk screens. It enters the desk first (presence,
 * 433) and keeps the sidebar counts live. From 1280 px the rail may unfold; from 992 px to
 * 1279 px it keeps to its icons and unfolds in a drawer; below 992 px it lives in the drawer.
 */
export default function DeskLayout() {
  const roles = useSession((s) => s.roles)
  // the desk's own roles, whatever a page of it declares (spec §2: customerMaster and customerUser)
  if (!hasAnyRole(roles, Access.desk)) return <Navigate to="/404" replace />
  return (
    <QueryClientProvider client={queryClient}>
      <DeskShell />
    </QueryClientProvider>
  )
}

function DeskShell() {
  useDeviceWatcher()
  useAnnouncementNotifications()
  useVipNotice()
  const { retry } = useDeskPresence()
  useDeskLiveCounts()
  useNewMessageAlert()
  const { pathname, search } = useLocation()
  const width = useDeskWidth()
  // from 992 px to 1279 px the rail keeps to its icons, so the chat keeps its room
  const railOpen = useAppStore((s) => s.sidebarOpen) && width === 'wide'
  const drawerOpen = useAppStore((s) => s.drawerOpen)
  const setDrawerOpen = useAppStore((s) => s.setDrawerOpen)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [skipTarget, setSkipTarget] = useState<(() => void) | null>(null)
  const registerSkipTarget = useCallback((target: (() => void) | null) => setSkipTarget(() => target), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing follows every navigation and change of width
  useEffect(() => {
    setDrawerOpen(false)
  }, [pathname, search, width, setDrawerOpen])

  const onAction = (action: 'settings' | 'logout') => {
    setDrawerOpen(false)
    if (action === 'settings') setSettingsOpen(true)
    else void logout()
  }

  return (
    <Layout style={{ height: '100vh', overflow: 'hidden' }} data-testid="desk-layout" data-desk-width={width}>
      {skipTarget ? <DeskSkipLink onSkip={skipTarget} /> : null}
      {width !== 'wide' ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={RAIL_WIDTH + 20}
          closable={false}
          styles={{ body: { padding: 0, background: SIDEBAR_BG } }}
        >
          <DeskRail collapsed={false} onAction={onAction} />
        </Drawer>
      ) : null}
      {width !== 'narrow' ? (
        <Layout.Sider
          width={RAIL_WIDTH}
          collapsedWidth={RAIL_COLLAPSED}
          collapsed={!railOpen}
          trigger={null}
          collapsible
          style={{ height: '100vh', overflow: 'hidden' }}
        >
          <DeskRail collapsed={!railOpen} onAction={onAction} />
        </Layout.Sider>
      ) : null}
      <Layout style={{ minWidth: 0, height: '100vh' }}>
        <Layout.Header
          style={{
            height: HEADER_HEIGHT,
            lineHeight: `${HEADER_HEIGHT}px`,
            padding: '0 12px',
            borderBottom: '1px solid #e2e8f0',
            flex: 'none',
          }}
        >
          <DeskHeader />
        </Layout.Header>
        <Layout.Content style={{ minHeight: 0, flex: 1, overflow: 'hidden' }}>
          <PresenceGate onRetry={retry}>
            <div style={{ height: '100%', overflow: 'auto' }}>
              <SkipTargetProvider value={registerSkipTarget}>
                <Suspense fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </SkipTargetProvider>
            </div>
          </PresenceGate>
        </Layout.Content>
      </Layout>
      <DeskSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      {/* Ctrl+K (⌘K): the command palette, as in the console (the help sheet lists it) */}
      <CommandPaletteHost />
    </Layout>
  )
}

import { Access, SIDEBAR_WIDTH_PX } from '@app/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { Layout } from 'antd'
import { Suspense, useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageLoading } from '../../../app/PageLoading'
import { queryClient } from '../../../app/queryClient'
import { logout } from '../../../app/session'
import { SIDEBAR_BG } from '../../../app/theme'
import { useAnnouncementNotifications } from '../../../hooks/useAnnouncements'
import { useDeviceWatcher } from '../../../hooks/useDeviceWatcher'
import { useVipNotice } from '../../../hooks/useVipNotice'
import { useAppStore } from '../../../stores/app'
import { hasAnyRole, useSession } from '../../../stores/session'
import { useNewMessageAlert } from '../../setting/useNewMessageAlert'
import { lazyDialog } from '../lazyDialog'
import { DeskHeader } from './DeskHeader'
import { DeskRail } from './DeskRail'
import { PresenceGate } from './PresenceGate'
import { useDeskLiveCounts } from './useDeskLiveCounts'
import { useDeskPresence } from './useDeskPresence'

// only narrow screens show the rail in a drawer: it loads when first opened
const Drawer = lazyDialog(() => import('antd/es/drawer').then((m) => m.default))
const DeskSettingsModal = lazyDialog(() => import('./DeskSettingsModal').then((m) => m.DeskSettingsModal))

const RAIL_WIDTH = SIDEBAR_WIDTH_PX
const RAIL_COLLAPSED = 64
const HEADER_HEIGHT = 52

/**
 * The agent desk's own full-screen layout (not the console's menu layout): its left rail with
 * the sidebar entries, a top bar, and the desk screens. It enters the desk first (presence,
 * 433) and keeps the sidebar counts live.
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
  const mobile = useAppStore((s) => s.device === 'mobile')
  const railOpen = useAppStore((s) => s.sidebarOpen)
  const drawerOpen = useAppStore((s) => s.drawerOpen)
  const setDrawerOpen = useAppStore((s) => s.setDrawerOpen)
  const [settingsOpen, setSettingsOpen] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing follows every navigation
  useEffect(() => {
    setDrawerOpen(false)
  }, [pathname, search, setDrawerOpen])

  const onAction = (action: 'settings' | 'logout') => {
    setDrawerOpen(false)
    if (action === 'settings') setSettingsOpen(true)
    else void logout()
  }

  return (
    <Layout style={{ height: '100vh', overflow: 'hidden' }} data-testid="desk-layout">
      {mobile ? (
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
      ) : (
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
      )}
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
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </div>
          </PresenceGate>
        </Layout.Content>
      </Layout>
      <DeskSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  )
}

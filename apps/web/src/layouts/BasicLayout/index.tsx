import { SIDEBAR_WIDTH_PX } from '@app/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { Drawer, Layout } from 'antd'
import { type MouseEvent, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { PageLoading } from '../../app/PageLoading'
import { queryClient } from '../../app/queryClient'
import { SIDEBAR_BG } from '../../app/theme'
import { CommandPaletteHost } from '../../components/commandPalette/CommandPaletteHost'
import { ExpiryReminder } from '../../components/ExpiryReminder'
import { useAnnouncementNotifications } from '../../hooks/useAnnouncements'
import { useDeviceWatcher } from '../../hooks/useDeviceWatcher'
import { useVipNotice } from '../../hooks/useVipNotice'
import { useAppStore } from '../../stores/app'
import { useSession } from '../../stores/session'
import { HeaderBar } from './HeaderBar'
import { SideMenu } from './SideMenu'

const COLLAPSED_WIDTH = 64

// Whatever was cached belongs to the user who just left.
useSession.subscribe((state, previous) => {
  if (previous.token && !state.token) queryClient.clear()
})

/**
 * Signed-in layout (spec §2): fixed sidebar (210 px, folds to icons) and fixed header on
 * desktop; below 992 px the sidebar is a drawer that closes on navigation. Also runs what a
 * signed-in session needs: announcement poll, the expired-VIP notice and the command palette (Ctrl+K).
 */
export default function BasicLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInLayout />
    </QueryClientProvider>
  )
}

function SignedInLayout() {
  useDeviceWatcher()
  useAnnouncementNotifications()
  useVipNotice()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const mobile = useAppStore((s) => s.device === 'mobile')
  const sidebarOpen = useAppStore((s) => s.sidebarOpen)
  const drawerOpen = useAppStore((s) => s.drawerOpen)
  const setDrawerOpen = useAppStore((s) => s.setDrawerOpen)

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing follows every navigation
  useEffect(() => {
    setDrawerOpen(false)
  }, [pathname, setDrawerOpen])

  const siderWidth = mobile ? 0 : sidebarOpen ? SIDEBAR_WIDTH_PX : COLLAPSED_WIDTH
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main-content" onClick={skipToContent} data-testid="skip-to-content">
        {t('layout.skipToContent')}
      </a>
      <ExpiryReminder />
      <CommandPaletteHost />
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH_PX}
          closable={false}
          styles={{ body: { padding: 0, background: SIDEBAR_BG } }}
          data-testid="sidebar-drawer"
        >
          <SideMenu collapsed={false} />
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH_PX}
          collapsedWidth={COLLAPSED_WIDTH}
          collapsed={!sidebarOpen}
          trigger={null}
          collapsible
          style={{ position: 'fixed', insetBlock: 0, insetInlineStart: 0, overflowY: 'auto', zIndex: 20 }}
          data-testid="sidebar"
        >
          <SideMenu collapsed={!sidebarOpen} />
        </Layout.Sider>
      )}
      <Layout style={{ marginInlineStart: siderWidth, transition: 'margin-inline-start 0.2s' }}>
        <Layout.Header
          style={{ position: 'sticky', top: 0, zIndex: 10, boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)' }}
        >
          <HeaderBar />
        </Layout.Header>
        <Layout.Content
          id="main-content"
          tabIndex={-1}
          style={{ padding: mobile ? 12 : 16, outline: 'none' }}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  )
}

/** The keyboard goes past the menu to the page (the address stays as it is). */
function skipToContent(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault()
  document.getElementById('main-content')?.focus()
}

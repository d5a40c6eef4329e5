import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { Access as Areas } from '@app/core'
import { Button, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { Access } from '../../app/Access'
import { CommandPaletteButton } from '../../components/commandPalette/CommandPaletteButton'
import { LanguageSwitch } from '../../components/LanguageSwitch'
import { useAppStore } from '../../stores/app'
import { AppBreadcrumb } from './AppBreadcrumb'
import { HeaderTags } from './HeaderTags'
import { RiskBadge } from './RiskBadge'
import { UserDropdown } from './UserDropdown'

/** Fixed top bar: sidebar toggle, breadcrumb, customerMaster tags, search (the command palette), language and user menu. */
export function HeaderBar() {
  const { t } = useTranslation()
  const mobile = useAppStore((s) => s.device === 'mobile')
  const folded = useAppStore((s) => (mobile ? !s.drawerOpen : !s.sidebarOpen))
  const toggle = useAppStore((s) => s.toggleSidebar)
  return (
    <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        <Button
          type="text"
          aria-label={t('layout.toggleSidebar')}
          icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggle}
          data-testid="sidebar-toggle"
        />
        {mobile ? null : <AppBreadcrumb />}
      </Flex>
      <Flex align="center" gap={8}>
        <Access roles={Areas.master}>
          <HeaderTags compact={mobile} />
          <RiskBadge />
        </Access>
        <CommandPaletteButton />
        <LanguageSwitch size={mobile ? 'small' : 'middle'} />
        <UserDropdown compact={mobile} />
      </Flex>
    </Flex>
  )
}

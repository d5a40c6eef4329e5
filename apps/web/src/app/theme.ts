import type { ThemeConfig } from 'antd'

/** Sidebar colours: a dark blue column, white text on the active entry (spec §2 "Layout"). */
export const SIDEBAR_BG = '#1d4ed8'
const SIDEBAR_SUB_BG = '#1e40af'
export const SIDEBAR_ACTIVE_BG = '#3b82f6'

export const theme: ThemeConfig = {
  token: { colorPrimary: '#1d4ed8', borderRadius: 6 },
  components: {
    Layout: {
      siderBg: SIDEBAR_BG,
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 16px',
      bodyBg: '#f1f5f9',
    },
    Menu: {
      darkItemBg: SIDEBAR_BG,
      darkSubMenuItemBg: SIDEBAR_SUB_BG,
      darkPopupBg: SIDEBAR_SUB_BG,
      darkItemColor: 'rgba(255, 255, 255, 0.8)',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: 'rgba(255, 255, 255, 0.12)',
      darkItemSelectedBg: SIDEBAR_ACTIVE_BG,
      darkItemSelectedColor: '#ffffff',
      darkGroupTitleColor: 'rgba(255, 255, 255, 0.65)',
    },
  },
}

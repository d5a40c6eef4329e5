import type { ThemeConfig } from 'antd'

/**
 * Sidebar colours: a dark blue column, white text on the active entry. Every text on them keeps a
 * contrast of at least 4.5:1 (WCAG 2.1 AA): white on the active blue 5.2:1, the entries' 85 %
 * white on the column 5.4:1.
 */
export const SIDEBAR_BG = '#1d4ed8'
const SIDEBAR_SUB_BG = '#1e40af'
export const SIDEBAR_ACTIVE_BG = '#2563eb'
const SIDEBAR_TEXT = 'rgba(255, 255, 255, 0.85)'

/** Danger red: white text on it at 4.8:1, and it at 4.8:1 as text on white (unread counts, errors). */
export const DANGER_RED = '#dc2626'

/**
 * The console's one font stack, for antd's components and the page's own text alike (styles.css
 * gives the body the same): each platform's interface font for Latin text, then a Chinese one
 * (macOS and iOS, Windows, Linux), then the colour emoji fonts. antd's own stack names no Chinese
 * face, so its buttons, inputs and tables drew Chinese in whatever the system fell back to, which
 * is not always the face the rest of the page uses.
 */
const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", ' +
  '"Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"'

export const theme: ThemeConfig = {
  // antd's component styles come from its prebuilt stylesheet (main.tsx imports it) instead of being
  // generated in the browser as each component first renders, which took most of the desk's first
  // load on a phone; the tokens below still reach the components, as CSS variables
  zeroRuntime: true,
  // the CSS variables' class, the same on every load and in the pages the build draws ahead (antd
  // would name it by the render's first id, which differs between a drawn page and a fresh one)
  cssVar: { key: 'css-var-ws' },
  token: {
    fontFamily: FONT_FAMILY,
    colorPrimary: '#1d4ed8',
    // links and link buttons in the primary blue (antd draws them in its info blue, 4.1:1 on white)
    colorLink: '#1d4ed8',
    colorInfo: '#1d4ed8',
    // danger and success text at 4.5:1 or more on white and on their light tints (the tints are
    // given too: antd would derive grey ones from a darker green)
    colorError: DANGER_RED,
    colorSuccess: '#15803d',
    colorSuccessBg: '#f0fdf4',
    colorSuccessBorder: '#86efac',
    borderRadius: 6,
    // secondary text, descriptions and placeholders at 4.5:1 or more on white and on the page's grey
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
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
      darkItemColor: SIDEBAR_TEXT,
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: 'rgba(255, 255, 255, 0.12)',
      darkItemSelectedBg: SIDEBAR_ACTIVE_BG,
      darkItemSelectedColor: '#ffffff',
      darkGroupTitleColor: SIDEBAR_TEXT,
    },
  },
}

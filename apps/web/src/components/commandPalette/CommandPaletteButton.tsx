import { SearchOutlined } from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { isApple, loadCommandPalette, openCommandPalette, usePaletteStore } from './paletteStore'

/** Starts loading the palette's code when the button is pointed at or reached, before the click. */
const preload = () => {
  void loadCommandPalette().catch(() => undefined)
}

/** The header's search button: opens the command palette, as Ctrl+K (⌘K) does. */
export function CommandPaletteButton() {
  const { t } = useTranslation()
  const apple = isApple()
  // not over the open palette (nor taking its Esc)
  const paletteOpen = usePaletteStore((s) => s.open)
  return (
    <Tooltip
      title={t('palette.tooltip', { shortcut: apple ? '⌘K' : 'Ctrl+K' })}
      open={paletteOpen ? false : undefined}
    >
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('palette.open')}
        aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
        onClick={openCommandPalette}
        onMouseEnter={preload}
        onFocus={preload}
        data-testid="header-command-palette"
      />
    </Tooltip>
  )
}

import { IdcardOutlined } from '@ant-design/icons'
import type { DeskSessionView } from '@app/core'
import { Button, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { lazyDialog } from '../lazyDialog'
import { SidePanel } from './sidePanel/SidePanel'

// only screens below 1280 px show the panel in a drawer: it loads when first opened
const Drawer = lazyDialog(() => import('antd/es/drawer').then((m) => m.default))

/** The chat header's button that shows the customer panel in a drawer (below 1280 px). */
export function PanelDrawerButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  const { t } = useTranslation()
  return (
    <Tooltip title={t('desk.panel.show')}>
      <Button
        icon={<IdcardOutlined />}
        onClick={onOpen}
        aria-label={t('desk.panel.show')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="desk-side-panel-toggle"
      />
    </Tooltip>
  )
}

/** The customer panel over the chat, from the right. */
export function PanelDrawer({
  session,
  open,
  onClose,
}: {
  session: DeskSessionView
  open: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Drawer open={open} onClose={onClose} title={t('desk.panel.title')} size={340}>
      <div data-testid="desk-side-panel">
        <SidePanel session={session} />
      </div>
    </Drawer>
  )
}

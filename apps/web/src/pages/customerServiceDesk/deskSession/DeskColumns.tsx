import { ArrowLeftOutlined, IdcardOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import type { DeskSessionView } from '@app/core'
import { Button, Empty, Flex, Tooltip, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChatBox } from '../chat'
import { lazyDialog } from '../lazyDialog'
import { ChatHeader } from './ChatHeader'
import { SidePanel } from './sidePanel/SidePanel'

// only narrow screens show the panel in a drawer: it loads when first opened
const Drawer = lazyDialog(() => import('antd/es/drawer').then((m) => m.default))

const PANEL_KEY = 'deskSidePanel'
const LIST_WIDTH = 340
const PANEL_WIDTH = 300
const border = '1px solid #e2e8f0'

function ChatColumn({ session }: { session: DeskSessionView | undefined }) {
  const { t } = useTranslation()
  if (!session) {
    return (
      <Flex justify="center" align="center" style={{ height: '100%' }}>
        <Empty description={t('desk.list.selectHint')} data-testid="desk-chat-empty" />
      </Flex>
    )
  }
  return <ChatBox key={session.id} session={session} />
}

/**
 * Desktop: list | chat | customer panel (the panel folds to a strip, remembered in this
 * browser). Below 992 px: the list, or the open chat with a way back and the panel in a drawer.
 */
export function DeskColumns({
  list,
  selected,
  mobile,
  onBack,
  chatActions,
}: {
  list: ReactNode
  selected: DeskSessionView | undefined
  mobile: boolean
  onBack: () => void
  /** the open session's action menu, shown in the chat header */
  chatActions: ReactNode
}) {
  const { t } = useTranslation()
  const [panelOpen, setPanelOpen] = useState(() => localStorage.getItem(PANEL_KEY) !== '0')
  const [drawerOpen, setDrawerOpen] = useState(false)
  const togglePanel = () => {
    localStorage.setItem(PANEL_KEY, panelOpen ? '0' : '1')
    setPanelOpen(!panelOpen)
  }

  if (mobile) {
    if (!selected) return <div style={{ height: '100%', background: '#ffffff' }}>{list}</div>
    return (
      <Flex vertical style={{ height: '100%', minHeight: 0 }}>
        <ChatHeader
          session={selected}
          actions={chatActions}
          before={
            <Button
              icon={<ArrowLeftOutlined />}
              onClick={onBack}
              aria-label={t('desk.list.back')}
              data-testid="desk-back"
            />
          }
          after={
            <Button
              icon={<IdcardOutlined />}
              onClick={() => setDrawerOpen(true)}
              aria-label={t('desk.panel.title')}
              data-testid="desk-side-panel-toggle"
            />
          }
        />
        <div style={{ flex: 1, minHeight: 0 }}>
          <ChatColumn session={selected} />
        </div>
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={t('desk.panel.title')}
          size={320}
        >
          <div data-testid="desk-side-panel">
            <SidePanel session={selected} />
          </div>
        </Drawer>
      </Flex>
    )
  }

  return (
    <div style={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <section
        style={{ width: LIST_WIDTH, flex: 'none', borderRight: border, background: '#ffffff', minHeight: 0 }}
      >
        {list}
      </section>
      <section
        style={{
          flex: 1,
          minWidth: 0,
          minHeight: 0,
          background: '#f8fafc',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {selected ? <ChatHeader session={selected} actions={chatActions} /> : null}
        <div style={{ flex: 1, minHeight: 0 }}>
          <ChatColumn session={selected} />
        </div>
      </section>
      {selected && panelOpen ? (
        <aside
          data-testid="desk-side-panel"
          style={{
            width: PANEL_WIDTH,
            flex: 'none',
            borderLeft: border,
            background: '#ffffff',
            overflowY: 'auto',
          }}
        >
          <Flex align="center" justify="space-between" style={{ padding: '10px 12px', borderBottom: border }}>
            <Typography.Text strong>{t('desk.panel.title')}</Typography.Text>
            <Tooltip title={t('desk.panel.collapse')}>
              <Button
                type="text"
                size="small"
                icon={<MenuUnfoldOutlined />}
                onClick={togglePanel}
                aria-label={t('desk.panel.collapse')}
                data-testid="desk-side-panel-toggle"
              />
            </Tooltip>
          </Flex>
          <div style={{ padding: 12 }}>
            <SidePanel session={selected} />
          </div>
        </aside>
      ) : selected ? (
        <aside style={{ width: 36, flex: 'none', borderLeft: border, background: '#ffffff', paddingTop: 8 }}>
          <Tooltip title={t('desk.panel.expand')} placement="left">
            <Button
              type="text"
              size="small"
              icon={<MenuFoldOutlined />}
              onClick={togglePanel}
              aria-label={t('desk.panel.expand')}
              data-testid="desk-side-panel-toggle"
              style={{ marginInline: 4 }}
            />
          </Tooltip>
        </aside>
      ) : null}
    </div>
  )
}

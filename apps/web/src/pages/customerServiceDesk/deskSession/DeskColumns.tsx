import { ArrowLeftOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import type { DeskSessionView } from '@app/core'
import { Button, Empty, Flex, Tooltip, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../../components/Spinner'
import { ChatBox } from '../chat'
import { CHAT_REGION_ID } from '../chat/chatFocus'
import type { DeskWidth } from '../layout/useDeskWidth'
import './deskSession.css'
import { ChatHeader } from './ChatHeader'
import { PanelDrawer, PanelDrawerButton } from './PanelDrawer'
import { SidePanel } from './sidePanel/SidePanel'

const PANEL_KEY = 'deskSidePanel'
// the list and the panel give up some width towards 1280 px so the chat keeps at least
// CHAT_MIN_WIDTH beside the unfolded rail (210 + 296 + 280 + borders leaves 492 px at 1280 px)
const LIST_WIDTH = 'clamp(296px, 23vw, 340px)'
const PANEL_WIDTH = 'clamp(280px, 21vw, 300px)'
const CHAT_MIN_WIDTH = 480
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
 * From 1280 px: list | chat | customer panel (the panel folds to a strip, remembered in this
 * browser). From 992 px: list | chat, the panel in a drawer from the chat header. Below 992 px:
 * the list, or the open chat with a way back and the panel in a drawer.
 */
export function DeskColumns({
  list,
  selected,
  opening = false,
  width,
  onBack,
  chatActions,
}: {
  list: ReactNode
  selected: DeskSessionView | undefined
  /** the address names a session whose row is still coming */
  opening?: boolean
  width: DeskWidth
  onBack: () => void
  /** the open session's action menu, shown in the chat header */
  chatActions: ReactNode
}) {
  const { t } = useTranslation()
  const [panelOpen, setPanelOpen] = useState(() => localStorage.getItem(PANEL_KEY) !== '0')
  // the drawer belongs to the session it was opened for: another session opens with it closed
  const [drawerFor, setDrawerFor] = useState<number | null>(null)
  const drawerOpen = selected !== undefined && drawerFor === selected.id
  const togglePanel = () => {
    localStorage.setItem(PANEL_KEY, panelOpen ? '0' : '1')
    setPanelOpen(!panelOpen)
  }
  const chatRegion = { id: CHAT_REGION_ID, tabIndex: -1, 'aria-label': t('desk.keyboard.chatRegion') }
  const panelInDrawer = selected ? (
    <PanelDrawerButton open={drawerOpen} onOpen={() => setDrawerFor(selected.id)} />
  ) : null
  const drawer = selected ? (
    <PanelDrawer session={selected} open={drawerOpen} onClose={() => setDrawerFor(null)} />
  ) : null

  const back = (
    <Button
      icon={<ArrowLeftOutlined />}
      onClick={onBack}
      aria-label={t('desk.list.back')}
      data-testid="desk-back"
    />
  )
  if (width === 'narrow') {
    if (!selected && !opening) return <div style={{ height: '100%', background: '#ffffff' }}>{list}</div>
    // a phone opened on a chat (a link, a reload) shows that chat's frame while it comes, not the
    // list it is about to leave; the frame's elements stay when the chat comes
    return (
      <Flex
        vertical
        style={{ height: '100%', minHeight: 0 }}
        className="desk-chat-region"
        {...chatRegion}
        data-testid={selected ? undefined : 'desk-chat-opening'}
      >
        <ChatHeader
          session={selected}
          actions={selected ? chatActions : null}
          before={back}
          after={selected ? panelInDrawer : null}
        />
        <div style={{ flex: 1, minHeight: 0 }}>
          {selected ? (
            <ChatColumn session={selected} />
          ) : (
            <Flex justify="center" align="center" style={{ height: '100%' }}>
              <Spinner />
            </Flex>
          )}
        </div>
        {drawer}
      </Flex>
    )
  }

  const wide = width === 'wide'
  return (
    <div style={{ display: 'flex', height: '100%', minHeight: 0 }} data-testid="desk-columns">
      <section
        style={{ width: LIST_WIDTH, flex: 'none', borderRight: border, background: '#ffffff', minHeight: 0 }}
        data-testid="desk-list-column"
      >
        {list}
      </section>
      <section
        className="desk-chat-region"
        {...chatRegion}
        style={{
          flex: 1,
          minWidth: CHAT_MIN_WIDTH,
          minHeight: 0,
          background: '#f8fafc',
          display: 'flex',
          flexDirection: 'column',
        }}
        data-testid="desk-chat-column"
      >
        {selected ? (
          <ChatHeader session={selected} actions={chatActions} after={wide ? null : panelInDrawer} />
        ) : null}
        <div style={{ flex: 1, minHeight: 0 }}>
          <ChatColumn session={selected} />
        </div>
      </section>
      {wide ? null : drawer}
      {!wide || !selected ? null : panelOpen ? (
        <aside
          data-testid="desk-side-panel"
          aria-label={t('desk.panel.title')}
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
      ) : (
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
      )}
    </div>
  )
}

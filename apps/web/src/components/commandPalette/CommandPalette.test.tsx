import { Role, type RoleId } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../../app/queryClient'
import { i18n } from '../../i18n'
import BasicLayout from '../../layouts/BasicLayout'
import { ShortcutHelp } from '../../pages/customerServiceDesk/deskSession/ShortcutHelp'
import { FakeServer } from '../../test/fakeServer'
import { makeSession } from '../../test/fixtures'
import { renderAt, renderWithProviders, signInAs } from '../../test/testUtils'
import { matchPages, pageEntries } from './pageSearch'
import { CHAT_SEARCH_DELAY_MS, CHAT_SEARCH_LIMIT, chatKeyword } from './useChatSearch'

vi.mock('../../realtime', () => import('../../test/testUtils'))

const SESSION_PAGE = '/damai/customer/session/page'
const wang = makeSession({ id: 42, title: 'Wang', fanPhone: '8613911110001', fanRemark: 'VIP' })

let server: FakeServer

beforeEach(async () => {
  await i18n.changeLanguage('en')
  // the console layout's own cache, which outlives a test
  queryClient.clear()
  server = new FakeServer()
    // what the console's layout asks for itself: announcements, the tenant's page title, the
    // supervisor's expiry reminder and header badges
    .reply('get', '/damai/notice/announcement/enable', [])
    .reply('get', '/damai/customer/tenantSetting/display', {
      pageTitle: '',
      targetLanguage: 'en',
      autoTranslate: false,
      notifySound: false,
      notifyDesktop: false,
      agentExport: false,
    })
    .reply('get', '/damai/customer/portSeatExpiry/expiration', {
      portIdList: [],
      seatIdList: [],
      portExpiryList: [],
      seatExpiryList: [],
      reminderDays: 7,
    })
    .reply('get', '/damai/admin/user/getTenantRiskStatus', 0)
    .reply('get', '/damai/customer/risk/warning/count', { unhandled: 0 })
    .on('post', SESSION_PAGE, ({ body }) => ({
      list:
        String(body.keyword ?? '').length > 0 && wang.fanPhone?.includes(String(body.keyword)) ? [wang] : [],
      nextCursor: null,
    }))
})
afterEach(async () => {
  server.close()
  expect(server.unhandled).toEqual([])
  await i18n.changeLanguage('zh')
})

/** The console's layout at `path`, signed in with `roles`. */
function renderConsole(roles: RoleId[], path = '/accountManage/group') {
  signInAs(roles)
  return renderAt(<BasicLayout />, path)
}

const ctrlK = (target: Element = document.body) =>
  fireEvent.keyDown(target, { key: 'k', code: 'KeyK', ctrlKey: true })
// the palette's code loads on its first opening
const palette = () => screen.findByTestId('command-palette', {}, { timeout: 15_000 })
const input = () => screen.getByTestId('command-palette-input')
const options = () => screen.queryAllByTestId('command-palette-option')
const labels = () => options().map((o) => o.firstChild?.textContent)
const selected = () => options().filter((o) => o.getAttribute('aria-selected') === 'true')

describe('command palette', { timeout: 30_000 }, () => {
  it('opens with Ctrl+K anywhere in the layout, its input a labelled, focused combobox of a listbox', async () => {
    renderConsole([Role.customerMaster])
    // the shortcut is the palette's, not the browser's search bar
    expect(ctrlK()).toBe(false)
    const content = await palette()
    // (antd's ids are all alike in tests: the dialog's name is its title, which it holds)
    const dialog = content.closest('[role="dialog"]') as HTMLElement
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(within(dialog).getByText('Command palette')).toHaveAttribute(
      'id',
      dialog.getAttribute('aria-labelledby'),
    )
    const box = screen.getByRole('combobox', { name: 'Search pages, customer names or phones' })
    expect(box).toBe(input())
    await waitFor(() => expect(box).toHaveFocus())
    const list = screen.getByRole('listbox')
    expect(box).toHaveAttribute('aria-controls', list.id)
    // every page to begin with, the first one active
    expect(within(list).getByRole('group', { name: 'Pages' })).toBeInTheDocument()
    expect(selected()).toHaveLength(1)
    expect(box).toHaveAttribute('aria-activedescendant', selected()[0]?.id)
    expect(screen.getByText('to move')).toBeInTheDocument()
    expect(screen.getByText('to open')).toBeInTheDocument()
    expect(screen.getByText('to close')).toBeInTheDocument()
  })

  it('opens from the header button, named and with the shortcut in its tooltip', async () => {
    const user = userEvent.setup()
    renderConsole([Role.customerMaster])
    const button = screen.getByRole('button', { name: 'Open the command palette' })
    expect(button).toHaveAttribute('data-testid', 'header-command-palette')
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K')
    await user.hover(button)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Search (Ctrl+K)')
    await user.click(button)
    await palette()
    await waitFor(() => expect(input()).toHaveFocus())
  })

  it('filters the pages by their title, in the language shown and in the other', async () => {
    const user = userEvent.setup()
    renderConsole([Role.customerMaster])
    ctrlK()
    await palette()
    await user.type(input(), 'risk')
    await waitFor(() => expect(labels()).toEqual(['Risk settings', 'Risk warnings', 'Risk statistics']))
    expect(options().every((o) => o.dataset.kind === 'page')).toBe(true)
    // the group's title is shown beside a page
    expect(options()[0]).toHaveTextContent('Risk control')
    await user.clear(input())
    await user.type(input(), 'nothing like this')
    // once the desk's chats are searched too (none)
    await waitFor(() =>
      expect(screen.getByTestId('command-palette-status')).toHaveTextContent('Nothing found'),
    )
    expect(options()).toEqual([])

    // in Chinese, an English title finds the page too: "desk" is 客服台
    await i18n.changeLanguage('zh')
    await user.clear(input())
    await user.type(input(), 'desk')
    await waitFor(() => expect(labels()).toContain('会话'))
    expect(options()[0]).toHaveTextContent('客服台')
    await user.clear(input())
    await user.type(input(), '风控')
    await waitFor(() => expect(labels()).toEqual(['风控配置', '风控预警', '风控统计']))
  })

  it("lists only the pages an agent may open: none of the supervisor's", async () => {
    const user = userEvent.setup()
    renderConsole([Role.customerUser])
    ctrlK()
    await palette()
    await waitFor(() => expect(labels()).toContain('Home'))
    expect(labels()).toContain('Sessions')
    for (const page of ['Session console', 'Risk settings', 'WS accounts', 'Chat history', 'Statistics'])
      expect(labels()).not.toContain(page)
    await user.type(input(), 'risk')
    await waitFor(() =>
      expect(screen.getByTestId('command-palette-status')).toHaveTextContent('Nothing found'),
    )
  })

  it('moves the active option with ↑/↓ (round the ends) and opens its page with Enter', async () => {
    const user = userEvent.setup()
    const { router } = renderConsole([Role.customerMaster])
    ctrlK()
    await palette()
    await user.type(input(), 'account')
    await waitFor(() => expect(labels().slice(0, 2)).toEqual(['Account groups', 'WS accounts']))
    const count = options().length
    expect(selected()[0]).toBe(options()[0])
    await user.keyboard('{ArrowDown}')
    expect(selected()[0]).toBe(options()[1])
    expect(input()).toHaveAttribute('aria-activedescendant', options()[1]?.id)
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(selected()[0]).toBe(options()[count - 1])
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(selected()[0]).toBe(options()[1])
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/accountManage/index'))
    await waitFor(() => expect(screen.queryByTestId('command-palette')).not.toBeInTheDocument())
  })

  it("finds a chat by phone in the desk's session list, and Enter opens the desk on it", async () => {
    const user = userEvent.setup()
    const { router } = renderConsole([Role.customerUser])
    ctrlK()
    await palette()
    // one character is not searched
    fireEvent.change(input(), { target: { value: '8' } })
    await new Promise((resolve) => setTimeout(resolve, CHAT_SEARCH_DELAY_MS + 100))
    expect(server.calls('post', SESSION_PAGE)).toEqual([])
    // a phone as written: searched by its digits, once the typing pauses
    fireEvent.change(input(), { target: { value: '+86 139 1111' } })
    expect(server.calls('post', SESSION_PAGE)).toEqual([])
    const chat = await screen.findByRole('option', { name: /Wang/ })
    expect(server.calls('post', SESSION_PAGE)).toEqual([
      expect.objectContaining({ filter: 'all', keyword: '861391111', pageSize: CHAT_SEARCH_LIMIT }),
    ])
    expect(chat).toHaveAttribute('data-kind', 'chat')
    expect(chat).toHaveTextContent('+8613911110001')
    expect(screen.getByRole('group', { name: 'Chats' })).toContainElement(chat)
    // no page is called that: the chat is the first option
    expect(selected()[0]).toBe(chat)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerServiceDesk/deskSession'))
    expect(new URLSearchParams(router.state.location.search).get('sessionId')).toBe('42')
  })

  it('does not search chats for a team lead, who does not work the desk', async () => {
    renderConsole([Role.customerUserLeader])
    ctrlK()
    await palette()
    fireEvent.change(input(), { target: { value: '8613911110001' } })
    await new Promise((resolve) => setTimeout(resolve, CHAT_SEARCH_DELAY_MS + 100))
    expect(screen.getByTestId('command-palette-status')).toHaveTextContent('Nothing found')
    expect(server.calls('post', SESSION_PAGE)).toEqual([])
  })

  it('closes with Esc and gives the focus back to where it was', async () => {
    // an agent: in tests every antd portal has the same id, and the Esc of the supervisor's
    // (always rendered) password dialog would be taken for the palette's
    renderConsole([Role.customerUser])
    const button = screen.getByTestId('header-command-palette')
    button.focus()
    ctrlK(button)
    await palette()
    await waitFor(() => expect(input()).toHaveFocus())
    fireEvent.keyDown(input(), { key: 'Escape', code: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('command-palette')).not.toBeInTheDocument())
    expect(button).toHaveFocus()
    // and opens again, with a new query
    ctrlK(button)
    await palette()
    expect(input()).toHaveValue('')
  })

  it("is in the desk's help sheet of shortcuts", () => {
    renderWithProviders(<ShortcutHelp open onClose={() => undefined} />)
    expect(screen.getByTestId('desk-shortcut-palette')).toHaveTextContent('Ctrl / ⌘ + K')
    expect(screen.getByTestId('desk-shortcut-palette')).toHaveTextContent('command palette')
  })
})

describe('what the palette searches with', () => {
  it('searches a phone as written by its digits, and any other query as typed', () => {
    expect(chatKeyword(' +86 (139) 1111-0001 ')).toBe('8613911110001')
    expect(chatKeyword('  Wang   Li ')).toBe('Wang Li')
    expect(chatKeyword('VIP 2')).toBe('VIP 2')
    expect(chatKeyword('x'.repeat(80))).toHaveLength(50)
    expect(CHAT_SEARCH_LIMIT).toBe(8)
  })

  it('finds pages by every word, in their title or their group’s, in any language', () => {
    const routes = [
      { path: '/a', titleKey: 'menu.home' },
      {
        path: '/r',
        titleKey: 'menu.riskManage',
        children: [
          { path: '/r/w', titleKey: 'menu.riskWarning' },
          { path: '/r/s', titleKey: 'menu.riskStatistics' },
        ],
      },
      { path: '/o', titleKey: 'menu.orderStatistics' },
      { path: '/d', titleKey: 'menu.dataStatistics' },
    ]
    const entries = pageEntries(routes)
    expect(entries.map((e) => e.path)).toEqual(['/a', '/r/w', '/r/s', '/o', '/d'])
    const t = (key: string) => i18n.t(key, { lng: 'en' })
    // "Statistics" starts with it, so comes first; the two titles that hold it follow in menu order
    expect(matchPages(entries, 'statistics', t).map((e) => e.path)).toEqual(['/d', '/r/s', '/o'])
    // a word of the group's title and one of the page's
    expect(matchPages(entries, 'control warn', t).map((e) => e.path)).toEqual(['/r/w'])
    // the Chinese title, whatever the language shown
    expect(matchPages(entries, '风控预警', t).map((e) => e.path)).toEqual(['/r/w'])
    expect(matchPages(entries, '  ', t)).toHaveLength(5)
  })
})
